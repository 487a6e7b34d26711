import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageKind } from '@voltfleet/domain/notices';
import { http } from '@/lib/http';
import { MESSAGES_KEY } from './get-messages';

/** Marks the caller's messages read (POST /api/messages/read). */
export function readMessages(ids: number[]): Promise<{ changed: number }> {
  return http.post('/api/messages/read', { ids });
}

/** Marks every unread message (of one kind) read (POST /api/messages/read-all). */
export function readAllMessages(kind?: MessageKind): Promise<{ changed: number }> {
  return http.post('/api/messages/read-all', kind ? { kind } : {});
}

/** Deletes the caller's messages (POST /api/messages/delete). */
export function deleteMessages(ids: number[]): Promise<{ changed: number }> {
  return http.post('/api/messages/delete', { ids });
}

/**
 * The three changes, each refreshing every messages query when it settles (the list, the bell's count and latest).
 * The live channel says the same a moment later; this tab does not wait for it.
 */
export function useMessageChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
  return {
    read: useMutation({ mutationFn: readMessages, onSettled }),
    readAll: useMutation({ mutationFn: (kind?: MessageKind) => readAllMessages(kind), onSettled }),
    remove: useMutation({ mutationFn: deleteMessages, onSettled }),
  };
}
