import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceRanking, PerformanceRankingQuery } from '@voltfleet/domain/performance';
import { http } from '@/lib/http';

/** The inverters in scope ranked by their energy against their siblings' median over a span, worst first. */
export function getDeviceRanking(params: PerformanceRankingQuery, signal?: AbortSignal): Promise<DeviceRanking> {
  return http.get('/api/performance/devices', { query: { ...params }, signal });
}

export const deviceRankingQueryOptions = (params: PerformanceRankingQuery) =>
  queryOptions({
    queryKey: ['performance', 'devices', params],
    queryFn: ({ signal }) => getDeviceRanking(params, signal),
    placeholderData: keepPreviousData,
  });

export function useDeviceRanking(params: PerformanceRankingQuery, enabled = true) {
  return useQuery({ ...deviceRankingQueryOptions(params), enabled });
}
