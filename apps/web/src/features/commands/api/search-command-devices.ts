import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandDevice } from '@voltfleet/domain';
import { http } from '@/lib/http';

/** Inverters in the caller's scope whose serial number contains `q` (at most 20). */
export function searchCommandDevices(q: string, signal?: AbortSignal): Promise<CommandDevice[]> {
  return http.get('/api/commands/devices', { query: { q }, signal });
}

export const commandDevicesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['commands', 'devices', q],
    queryFn: ({ signal }) => searchCommandDevices(q, signal),
    placeholderData: keepPreviousData,
  });

export function useCommandDevices(q: string) {
  return useQuery(commandDevicesQueryOptions(q));
}
