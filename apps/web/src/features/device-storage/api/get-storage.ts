import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivationStatus, StorageItem } from '@voltfleet/domain/devices';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

export interface StorageListParams {
  status?: ActivationStatus;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** Every cached storage list starts with this key (changes invalidate them all). */
export const STORAGE_KEY = ['device-storage'] as const;

/** The devices held in the caller's subtree, newest stock-in first, one page at a time. */
export function getStorage(params: StorageListParams, signal?: AbortSignal): Promise<Paged<StorageItem>> {
  return http.get('/api/device-storage', { query: { ...params }, signal });
}

export const storageQueryOptions = (params: StorageListParams) =>
  queryOptions({
    queryKey: [...STORAGE_KEY, params],
    queryFn: ({ signal }) => getStorage(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStorage(params: StorageListParams) {
  return useQuery(storageQueryOptions(params));
}
