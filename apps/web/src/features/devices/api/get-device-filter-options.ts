import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceFilterOptions } from '@voltfleet/domain/device-list';
import { http } from '@/lib/http';

/** The models and plants of the devices in the caller's scope, for the list's filters. */
export function getDeviceFilterOptions(signal?: AbortSignal): Promise<DeviceFilterOptions> {
  return http.get('/api/devices/filter-options', { signal });
}

export const deviceFilterOptionsQuery = queryOptions({
  queryKey: ['devices', 'filter-options'],
  queryFn: ({ signal }) => getDeviceFilterOptions(signal),
  staleTime: 60_000,
});

export function useDeviceFilterOptions() {
  return useQuery(deviceFilterOptionsQuery);
}
