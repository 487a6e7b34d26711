import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandLimits } from '@voltfleet/domain/commands';
import { http } from '@/lib/http';

/** The server's command limits: above `batchLimit` devices the form asks for a confirmation before it sends. */
export function getCommandLimits(signal?: AbortSignal): Promise<CommandLimits> {
  return http.get('/api/commands/limits', { signal });
}

export const commandLimitsQueryOptions = queryOptions({
  queryKey: ['commands', 'limits'],
  queryFn: ({ signal }) => getCommandLimits(signal),
  staleTime: Infinity,
});

export function useCommandLimits() {
  return useQuery(commandLimitsQueryOptions);
}
