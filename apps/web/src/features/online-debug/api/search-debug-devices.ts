import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DebugDevice } from '@voltfleet/domain';
import { http } from '@/lib/http';

/** Inverters in the caller's scope whose serial number contains `q`, with their OSIM connection (connected first). */
export function searchDebugDevices(q: string, signal?: AbortSignal): Promise<DebugDevice[]> {
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
