import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivationStatus, DeviceKind, RunningStatus } from '@voltfleet/domain/devices';
import type { DeviceListItem, DeviceListSort } from '@voltfleet/domain/device-list';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

/** The list's filters and order; the export takes the same ones. */
export interface DeviceListFilterParams {
  keyword?: string;
  model?: string;
  kind?: DeviceKind;
  status?: RunningStatus;
  activation?: ActivationStatus;
  plantId?: number;
  sort?: DeviceListSort;
  order?: 'asc' | 'desc';
}

export interface DeviceListParams extends DeviceListFilterParams {
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
