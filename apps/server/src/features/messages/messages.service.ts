import type { Message, MessageKind, MessageListQuery } from '@voltfleet/domain/notices';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { deleteMessages, listMessages, markAllRead, markRead, unreadCounts } from './messages.repository.js';

/**
 * What other features use. A caller posts in the transaction that decided the messages and announces nothing
 * itself: postMessages (and postNoticeMessages) notify the addressed users' tabs at that transaction's commit.
 */
export {
  UNREAD_CHANNEL,
  parseUnreadPayload,
  postMessages,
  postNoticeMessages,
  deleteNoticeMessages,
  unreadCounts,
  type MessageKind,
  type NewMessage,
} from './messages.repository.js';

/**
 * A user's own messages: every query is scoped to the caller (their inbox is theirs alone, whatever their role), and
 * a message of anybody else answers exactly like a missing one (404).
 */
export function messagePage(db: Db, caller: Caller, q: MessageListQuery) {
  return listMessages(db, caller.id, q);
}

export async function unreadCount(db: Db, caller: Caller): Promise<number> {
  return (await unreadCounts(db, [caller.id])).get(caller.id) ?? 0;
}

/** Marks messages read; 404 (and nothing changed) when any of them is not the caller's. */
export async function readMessages(db: Db, caller: Caller, ids: readonly number[]): Promise<number> {
  const r = await db.transaction((tx) => markRead(tx, caller.id, ids));
  if (r.found < r.wanted) throw notFound();
  return r.changed;
}

export function readAllMessages(db: Db, caller: Caller, kind: MessageKind | undefined): Promise<number> {
  return db.transaction((tx) => markAllRead(tx, caller.id, kind));
}

/** Deletes messages; 404 (and nothing deleted) when any of them is not the caller's. */
export async function removeMessages(db: Db, caller: Caller, ids: readonly number[]): Promise<number> {
  const r = await db.transaction((tx) => deleteMessages(tx, caller.id, ids));
  if (r.found < r.wanted) throw notFound();
  return r.changed;
}

export type { Message };
