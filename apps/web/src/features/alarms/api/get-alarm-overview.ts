import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmFilter, AlarmOverview, AlarmTrendBucket } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';
import { ALARMS_KEY } from './get-alarms';

export interface AlarmOverviewParams extends AlarmFilter {
  bucket: AlarmTrendBucket;
}

/** Counts, recovery time, trend and top plants and devices of the filtered alarms (GET /api/alarms/overview). */
export function getAlarmOverview(params: AlarmOverviewParams, signal?: AbortSignal): Promise<AlarmOverview> {
  return http.get('/api/alarms/overview', { query: { ...params }, signal });
}

/** How soon the page asks again when the server answered with figures it is still counting anew. */
export const OVERVIEW_REFRESHING_RETRY_MS = 1_000;

export const alarmOverviewQueryOptions = (params: AlarmOverviewParams) =>
  queryOptions({
    queryKey: [...ALARMS_KEY, 'overview', params],
    queryFn: ({ signal }) => getAlarmOverview(params, signal),
    placeholderData: keepPreviousData,
    // An alarm changed and the server answered before it had counted again: ask until the figures are current.
    refetchInterval: (query) => (query.state.data?.refreshing ? OVERVIEW_REFRESHING_RETRY_MS : false),
  });

export function useAlarmOverview(params: AlarmOverviewParams) {
  return useQuery(alarmOverviewQueryOptions(params));
}
