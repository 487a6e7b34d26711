import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OperationFilter, OperationRecord, RecordExportFormat, RecordUser } from '@voltfleet/domain/records';
import { download, http } from '@/lib/http';
import { formatBrowserDate } from '@/lib/format';
import type { Paged } from '@/lib/paging';
import { saveFile } from '@/lib/save-file';

export type OperationParams = Partial<OperationFilter> & { page: number; pageSize: number };

/** Operation records in the caller's scope, newest first. */
export function getOperations(params: OperationParams, signal?: AbortSignal): Promise<Paged<OperationRecord>> {
  return http.get('/api/records/operations', { query: { ...params }, signal });
}

export const operationsQueryOptions = (params: OperationParams) =>
  queryOptions({
    queryKey: ['records', 'operations', params],
    queryFn: ({ signal }) => getOperations(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOperations(params: OperationParams) {
  return useQuery(operationsQueryOptions(params));
}

/** The users the filter offers: the caller and their subtree. */
export function useRecordUsers() {
  return useQuery({
    queryKey: ['records', 'users'],
    queryFn: ({ signal }) => http.get<RecordUser[]>('/api/records/users', { signal }),
    staleTime: 60_000,
  });
}

export interface OperationExport {
  filter: Partial<OperationFilter>;
  format: RecordExportFormat;
}

/** The filtered records as a file, headers in the UI language, times in the browser's zone. */
export function useExportOperations() {
  return useMutation({
    mutationFn: ({ filter, format }: OperationExport) =>
      download('/api/records/operations/export', {
        query: { ...filter, format, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      }),
    onSuccess: (blob, { format }) => saveFile(blob, `operation-records-${formatBrowserDate()}.${format}`),
  });
}
