import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantPerformance, PlantPerformanceQuery } from '@voltfleet/domain/performance';
import { http } from '@/lib/http';

/** Actual against expected energy, PR, specific yield and irradiation per day, month or year of a plant's span. */
export function getPlantPerformance(
  plantId: number,
  params: PlantPerformanceQuery,
  signal?: AbortSignal,
): Promise<PlantPerformance> {
  return http.get(`/api/plants/${plantId}/performance`, { query: { ...params }, signal });
}

// Under the plant detail's key (['plantDetail', id]): the page's live readings refresh its queries with it.
export const plantPerformanceQueryOptions = (plantId: number, params: PlantPerformanceQuery) =>
  queryOptions({
    queryKey: ['plantDetail', plantId, 'performance', params],
    queryFn: ({ signal }) => getPlantPerformance(plantId, params, signal),
    placeholderData: keepPreviousData,
    // Past days do not change with the live readings; a minute is fresh enough for today's.
    staleTime: 60_000,
  });

export function usePlantPerformance(plantId: number, params: PlantPerformanceQuery, enabled = true) {
  return useQuery({ ...plantPerformanceQueryOptions(plantId, params), enabled });
}
