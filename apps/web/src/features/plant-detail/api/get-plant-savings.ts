import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantSavings } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';
import { plantDetailKey } from './get-plant-overview';

/** Coal, CO2 and trees equivalent to the plant's generation today, this month, this year and in total. */
export function getPlantSavings(plantId: number, signal?: AbortSignal): Promise<PlantSavings> {
  return http.get(`/api/plants/${plantId}/savings`, { signal });
}

export const plantSavingsQueryOptions = (plantId: number) =>
  queryOptions({
    queryKey: [...plantDetailKey(plantId), 'savings'],
    queryFn: ({ signal }) => getPlantSavings(plantId, signal),
  });

export function usePlantSavings(plantId: number) {
  return useQuery(plantSavingsQueryOptions(plantId));
}
