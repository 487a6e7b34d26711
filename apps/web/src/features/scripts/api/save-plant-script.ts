import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlantScript } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantScriptKey } from './get-plant-script';

/** Saves the source as the plant's new script version and activates it. */
export function savePlantScript({ plantId, source }: { plantId: number; source: string }): Promise<PlantScript> {
  return http.put(`/api/plants/${plantId}/script`, { source }, { quiet: ['validation'] });
}

export function useSavePlantScript(plantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: string) => savePlantScript({ plantId, source }),
    onSuccess: (script) => queryClient.setQueryData(plantScriptKey(plantId), script),
  });
}
