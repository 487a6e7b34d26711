import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { MESSAGES_KEY } from './get-messages';

/** How many of the caller's messages are unread (GET /api/messages/unread-count): the bell's number. */
export function getUnreadCount(signal?: AbortSignal): Promise<{ count: number }> {
  return http.get('/api/messages/unread-count', { signal });
}

export const UNREAD_KEY = [...MESSAGES_KEY, 'unread'] as const;

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    // The live channel keeps it current; a refetch is needed only on a new mount after a long time.
    staleTime: 60_000,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
