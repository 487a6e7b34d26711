import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantScript } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** The plant's stored script, whether it is active, and the job's last run and error. */
export function getPlantScript(plantId: number, signal?: AbortSignal): Promise<PlantScript> {
  return http.get(`/api/plants/${plantId}/script`, { signal });
}

export const plantScriptKey = (plantId: number) => ['plants', plantId, 'script'] as const;

export const plantScriptQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: plantScriptKey(plantId),
    queryFn: ({ signal }) => getPlantScript(plantId, signal),
  });

export function usePlantScript(plantId: number) {
  return useQuery(plantScriptQueryOptions(plantId));
}
