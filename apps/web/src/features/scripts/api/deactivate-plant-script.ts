import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlantScript } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantScriptKey } from './get-plant-script';

/** Deactivates the plant's script: its figures fall back to the default sums (the source is kept). */
export function deactivatePlantScript(plantId: number): Promise<PlantScript> {
  return http.delete(`/api/plants/${plantId}/script`);
}

export function useDeactivatePlantScript(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deactivatePlantScript(plantId),
    // Every plant figure may change back to the default sums.
    onSuccess: (script) => {
      queryClient.setQueryData(plantScriptKey(plantId), script);
      void queryClient.invalidateQueries({ queryKey: ['plants'] });
    },
  });
}
