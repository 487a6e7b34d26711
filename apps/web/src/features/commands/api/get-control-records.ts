import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Command } from '@voltfleet/domain/commands';
import type { ControlRecordFilter, RecordExportFormat, RecordUser } from '@voltfleet/domain/records';
import { download, http } from '@/lib/http';
import { formatBrowserDate } from '@/lib/format';
import type { Paged } from '@/lib/paging';
import { saveFile } from '@/lib/save-file';

export type ControlRecordParams = Partial<ControlRecordFilter> & { page: number; pageSize: number };

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

/** The users the filter offers: the caller and their subtree. */
export function useControlRecordUsers() {
  return useQuery({
    queryKey: ['commands', 'records', 'users'],
    queryFn: ({ signal }) => http.get<RecordUser[]>('/api/control-records/users', { signal }),
    staleTime: 60_000,
  });
}

/** The filtered control records as a file, headers in the UI language, times in the browser's zone. */
export function useExportControlRecords() {
  return useMutation({
    mutationFn: ({ filter, format }: { filter: Partial<ControlRecordFilter>; format: RecordExportFormat }) =>
      download('/api/control-records/export', {
        query: { ...filter, format, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      }),
    onSuccess: (blob, { format }) => saveFile(blob, `control-records-${formatBrowserDate()}.${format}`),
  });
}
