import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantDeleteImpact } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** How many (and which) devices a plant's deletion would send back to awaiting activation. */
export function getPlantDeleteImpact(plantId: number, signal?: AbortSignal): Promise<PlantDeleteImpact> {
  return http.get(`/api/plants/${plantId}/delete-impact`, { signal });
}

export const plantDeleteImpactQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: ['plants', 'delete-impact', plantId],
    queryFn: ({ signal }) => getPlantDeleteImpact(plantId, signal),
    // Always the current count: the confirmation must name what is installed now.
    staleTime: 0,
    gcTime: 0,
  });

export function usePlantDeleteImpact(plantId: number) {
  return useQuery(plantDeleteImpactQueryOptions(plantId));
}
