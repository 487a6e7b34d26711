import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StorageItem } from '@voltfleet/domain/devices';
import { http } from '@/lib/http';
import { STORAGE_KEY } from './get-storage';

/** Unbinds an activated device from its plant: it waits for activation again. */
export function deactivateDevice(id: number): Promise<StorageItem> {
  return http.post(`/api/device-storage/${id}/deactivate`);
}

export function useDeactivateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
  });
}
