import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Command, ControlRecordQuery } from '@voltfleet/domain';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

export type ControlRecordParams = Partial<ControlRecordQuery> & { page: number; pageSize: number };

/** Control records (commands) of devices in the caller's scope, newest first. */
export function getControlRecords(params: ControlRecordParams, signal?: AbortSignal): Promise<Paged<Command>> {
  return http.get('/api/control-records', { query: { ...params }, signal });
}

export const controlRecordsQueryOptions = (params: ControlRecordParams) =>
  queryOptions({
    queryKey: ['commands', 'records', params],
    queryFn: ({ signal }) => getControlRecords(params, signal),
    placeholderData: keepPreviousData,
  });

export function useControlRecords(params: ControlRecordParams) {
  return useQuery(controlRecordsQueryOptions(params));
}
