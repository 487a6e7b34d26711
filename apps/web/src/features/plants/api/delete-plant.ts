import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Deletes a plant; `confirmDevices` is the device count the user confirmed (the server refuses a stale one). */
export function deletePlant({
  plantId,
  confirmDevices,
}: {
  plantId: number;
  confirmDevices: number;
}): Promise<{ unboundDevices: number }> {
  return http.delete(`/api/plants/${plantId}`, { query: { confirmDevices } });
}

export function useDeletePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlant,
    // The plant's devices went back to awaiting activation: device lists change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['plants'] }),
        queryClient.invalidateQueries({ queryKey: ['devices'] }),
      ]),
  });
}
