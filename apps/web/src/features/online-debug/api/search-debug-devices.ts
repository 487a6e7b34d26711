import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DebugDeviceList } from '@voltfleet/domain/commands';
import { http } from '@/lib/http';

/**
 * The inverters in the caller's scope whose serial number contains `q` that the page can talk to (connected over
 * OSIM now), and how many others match, per reason they are missing.
 */
export function searchDebugDevices(q: string, signal?: AbortSignal): Promise<DebugDeviceList> {
  return http.get('/api/debug/devices', { query: { q }, signal });
}

export const debugDevicesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['onlineDebug', 'devices', q],
    queryFn: ({ signal }) => searchDebugDevices(q, signal),
    placeholderData: keepPreviousData,
  });

export function useDebugDevices(q: string) {
  return useQuery(debugDevicesQueryOptions(q));
}
