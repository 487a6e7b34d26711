import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkOrderImage } from '@voltfleet/domain/workorders';
import { http } from '@/lib/http';
import { WORK_ORDERS_KEY } from './get-work-orders';

/** Where an image is served (GET /api/work-orders/:id/images/:imageId; the session cookie authorises it). */
export const workOrderImageUrl = (id: number, imageId: number) => `/api/work-orders/${id}/images/${imageId}`;

/** Uploads one image (POST /api/work-orders/:id/images, multipart); the server checks and re-encodes it. */
export function uploadWorkOrderImage(input: { id: number; file: File }): Promise<WorkOrderImage> {
  const form = new FormData();
  form.append('file', input.file);
  return http.post(`/api/work-orders/${input.id}/images`, form);
}

/** Removes one image (DELETE /api/work-orders/:id/images/:imageId). */
export function deleteWorkOrderImage(input: { id: number; imageId: number }): Promise<null> {
  return http.delete(`/api/work-orders/${input.id}/images/${input.imageId}`);
}

function useImageChange<I extends { id: number }, O>(send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: [...WORK_ORDERS_KEY, 'detail', input.id] }),
  });
}

export const useUploadWorkOrderImage = () => useImageChange(uploadWorkOrderImage);
export const useDeleteWorkOrderImage = () => useImageChange(deleteWorkOrderImage);
