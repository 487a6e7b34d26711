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
    // The plant's devices went back to awaiting activation: device lists change too. The deleted plant's own
    // delete-impact query (its dialog is still open) is left alone: asked again it answers 404, and that warning
    // took the place of the success notice.
    onSuccess: (_answer, { plantId }) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: ['plants'],
          predicate: ({ queryKey }) => !(queryKey[1] === 'delete-impact' && queryKey[2] === plantId),
        }),
        queryClient.invalidateQueries({ queryKey: ['devices'] }),
      ]),
  });
}
