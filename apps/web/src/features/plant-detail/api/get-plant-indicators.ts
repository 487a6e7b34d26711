import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantIndicators } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantDetailKey } from './get-plant-overview';

/** The named figures the plant's script computes (empty without a script). */
export function getPlantIndicators(plantId: number, signal?: AbortSignal): Promise<PlantIndicators> {
  return http.get(`/api/plants/${plantId}/indicators`, { signal });
}

export const plantIndicatorsQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: [...plantDetailKey(plantId), 'indicators'],
    queryFn: ({ signal }) => getPlantIndicators(plantId, signal),
  });

export function usePlantIndicators(plantId: number) {
  return useQuery(plantIndicatorsQueryOptions(plantId));
}
