import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OperationCategory, OperationRecord } from '@voltfleet/domain';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

export interface OperationParams {
  category?: OperationCategory;
  username?: string;
  /** ISO date-times with offset */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

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
