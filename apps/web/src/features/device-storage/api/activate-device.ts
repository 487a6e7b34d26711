import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StorageItem } from '@voltfleet/domain/devices';
import { http } from '@/lib/http';
import { STORAGE_KEY } from './get-storage';

/** Binds an awaiting device to a plant the caller may manage. */
export function activateDevice({ id, plantId }: { id: number; plantId: number }): Promise<StorageItem> {
  return http.post(`/api/device-storage/${id}/activate`, { plantId });
}

export function useActivateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
  });
}
