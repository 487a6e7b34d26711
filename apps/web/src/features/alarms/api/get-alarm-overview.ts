import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmFilter, AlarmOverview, AlarmTrendBucket } from '@voltfleet/domain';
import { http } from '@/lib/http';
import { ALARMS_KEY } from './get-alarms';

export interface AlarmOverviewParams extends AlarmFilter {
  bucket: AlarmTrendBucket;
}

/** Counts, recovery time, trend and top plants and devices of the filtered alarms (GET /api/alarms/overview). */
export function getAlarmOverview(params: AlarmOverviewParams, signal?: AbortSignal): Promise<AlarmOverview> {
  return http.get('/api/alarms/overview', { query: { ...params }, signal });
}

export const alarmOverviewQueryOptions = (params: AlarmOverviewParams) =>
  queryOptions({
    queryKey: [...ALARMS_KEY, 'overview', params],
    queryFn: ({ signal }) => getAlarmOverview(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAlarmOverview(params: AlarmOverviewParams) {
  return useQuery(alarmOverviewQueryOptions(params));
}
