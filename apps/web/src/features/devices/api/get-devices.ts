import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceKind, DeviceListItem, DeviceListSort, RunningStatus } from '@voltfleet/domain';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

export interface DeviceListParams {
  keyword?: string;
  kind?: DeviceKind;
  status?: RunningStatus;
  plantId?: number;
  sort?: DeviceListSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** The devices in the caller's scope with status and newest values, one page at a time. */
export function getDevices(params: DeviceListParams, signal?: AbortSignal): Promise<Paged<DeviceListItem>> {
  return http.get('/api/devices', { query: { ...params }, signal });
}

/** Every cached device list page starts with this key (live updates patch them all). */
export const DEVICE_LIST_KEY = ['devices', 'list'] as const;

export const devicesQueryOptions = (params: DeviceListParams) =>
  queryOptions({
    queryKey: [...DEVICE_LIST_KEY, params],
    queryFn: ({ signal }) => getDevices(params, signal),
    placeholderData: keepPreviousData,
  });

export function useDevices(params: DeviceListParams) {
  return useQuery(devicesQueryOptions(params));
}
