import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceRankingQuery, PlantRanking } from '@voltfleet/domain/performance';
import { http } from '@/lib/http';

/** The plants in scope ranked by their performance ratio over a span, worst first (no ratio last). */
export function getPlantRanking(params: PerformanceRankingQuery, signal?: AbortSignal): Promise<PlantRanking> {
  return http.get('/api/performance/plants', { query: { ...params }, signal });
}

export const plantRankingQueryOptions = (params: PerformanceRankingQuery) =>
  queryOptions({
    queryKey: ['performance', 'plants', params],
    queryFn: ({ signal }) => getPlantRanking(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePlantRanking(params: PerformanceRankingQuery, enabled = true) {
  return useQuery({ ...plantRankingQueryOptions(params), enabled });
}
