import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Notice } from '@voltfleet/domain/notices';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

/** Every published notice, newest first, one page at a time (GET /api/notices). */
export function getNotices(params: { page: number; pageSize: number }, signal?: AbortSignal): Promise<Paged<Notice>> {
  return http.get('/api/notices', { query: params, signal });
}

export const noticesQueryOptions = (params: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['notices', 'list', params],
    queryFn: ({ signal }) => getNotices(params, signal),
    placeholderData: keepPreviousData,
  });

export function useNotices(params: { page: number; pageSize: number }) {
  return useQuery(noticesQueryOptions(params));
}
