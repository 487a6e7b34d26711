import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantDetailKey } from './get-plant-overview';

/** Every stored field of the plant (the plant list's record). */
export function getPlant(plantId: number, signal?: AbortSignal): Promise<Plant> {
  return http.get(`/api/plants/${plantId}`, { signal });
}

export const plantQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: [...plantDetailKey(plantId), 'plant'],
    queryFn: ({ signal }) => getPlant(plantId, signal),
  });

export function usePlant(plantId: number) {
  return useQuery(plantQueryOptions(plantId));
}
