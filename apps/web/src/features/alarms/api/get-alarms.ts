import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmFilter, AlarmPage, AlarmSort } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';

export interface AlarmListParams extends AlarmFilter {
  page: number;
  pageSize: number;
  sort: AlarmSort;
  order: 'asc' | 'desc';
}

/** Every alarm query (list, detail, overview) starts with this key: a live alarm event refetches them all. */
export const ALARMS_KEY = ['alarms'] as const;

/**
 * The alarms in the caller's scope that match the filters, one page at a time (GET /api/alarms); the total is
 * counted up to ALARM_COUNT_CAP (`totalCapped` says when more match).
 */
export function getAlarms(params: AlarmListParams, signal?: AbortSignal): Promise<AlarmPage> {
  return http.get('/api/alarms', { query: { ...params }, signal });
}

export const alarmsQueryOptions = (params: AlarmListParams) =>
  queryOptions({
    queryKey: [...ALARMS_KEY, 'list', params],
    queryFn: ({ signal }) => getAlarms(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAlarms(params: AlarmListParams) {
  return useQuery(alarmsQueryOptions(params));
}
