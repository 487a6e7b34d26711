import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Message, MessageKind, MessageReadFilter } from '@voltfleet/domain/notices';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

export interface MessageFilters {
  page: number;
  pageSize: number;
  kind?: MessageKind | undefined;
  read?: MessageReadFilter | undefined;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The caller's own messages, newest first, one page at a time (GET /api/messages). */
export function getMessages(filters: MessageFilters, signal?: AbortSignal): Promise<Paged<Message>> {
  return http.get('/api/messages', { query: { ...filters }, signal });
}

/** Every messages query starts with this key: a live unread event refreshes them all. */
export const MESSAGES_KEY = ['messages'] as const;

export const messagesQueryOptions = (filters: MessageFilters) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', filters],
    queryFn: ({ signal }) => getMessages(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useMessages(filters: MessageFilters, enabled = true) {
  return useQuery({ ...messagesQueryOptions(filters), enabled });
}
