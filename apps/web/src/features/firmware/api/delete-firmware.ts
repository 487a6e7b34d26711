import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { FIRMWARE_ROOT } from './get-firmware';

/** Deletes an image; the server refuses while an upgrade in progress uses it. */
export function deleteFirmware(id: number): Promise<null> {
  return http.delete(`/api/firmware/${id}`);
}

export function useDeleteFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRMWARE_ROOT }),
  });
}
