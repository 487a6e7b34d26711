import type { Message, MessageKind, MessageListQuery } from '@voltfleet/domain/notices';
import type { Queryable } from '../../db/db.js';

export type { MessageKind };

export interface NewMessage {
  userId: number;
  kind: MessageKind;
  event: string;
  params: Record<string, string | number | boolean | null>;
  /** A path inside the app the message leads to, or null. */
  link: string | null;
}

/**
 * How the tabs learn that a user's unread count changed. Every write here also issues `pg_notify` on this channel
 * with the user ids (or `*` for everybody) in the writing transaction. PostgreSQL delivers a notification only when
 * that transaction commits, and drops it on rollback; PGlite does the same for its in-process listeners. So a caller
 * never announces anything itself: it posts in its own transaction and the tabs hear it after the commit (the live
 * bus LISTENs on this channel and the hub sends each addressed user's tabs their new count).
 */
export const UNREAD_CHANNEL = 'voltfleet_unread';
/** Everybody's count changed (a notice to every user). */
const EVERYONE = '*';
/** Below PostgreSQL's 8000-byte NOTIFY limit. */
const PAYLOAD_LIMIT = 7000;

/** The notification payloads for these users: comma-separated ids, split below the size limit. */
export function unreadPayloads(userIds: readonly number[] | 'all'): string[] {
  if (userIds === 'all') return [EVERYONE];
  const payloads: string[] = [];
  let current = '';
  for (const id of new Set(userIds)) {
    const next = current === '' ? String(id) : `${current},${id}`;
    if (next.length > PAYLOAD_LIMIT) {
      payloads.push(current);
      current = String(id);
    } else current = next;
  }
  if (current !== '') payloads.push(current);
  return payloads;
}

/** The inverse of unreadPayloads for one payload; undefined for anything else. */
export function parseUnreadPayload(payload: string): number[] | 'all' | undefined {
  if (payload === EVERYONE) return 'all';
  if (!/^\d{1,10}(,\d{1,10})*$/.test(payload)) return undefined;
  return payload.split(',').map(Number);
}

/** Tells these users' tabs, at the commit of `tx`, that their unread count changed (see UNREAD_CHANNEL). */
export async function announceUnread(tx: Queryable, userIds: readonly number[] | 'all'): Promise<void> {
  const payloads = unreadPayloads(userIds);
  if (payloads.length === 0) return;
  await tx.query(`SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, [UNREAD_CHANNEL, payloads]);
}

/**
 * Writes in-app messages inside the caller's transaction (the one that decided them), one statement for any number,
 * and announces them: the addressed users' tabs hear their new unread count when that transaction commits (nothing
 * to do after the commit; nothing is heard after a rollback). Returns the ids of the users who got one.
 */
export async function postMessages(tx: Queryable, messages: readonly NewMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  await tx.query(
    `INSERT INTO messages (user_id, kind, event, params, link)
     SELECT u, k, e, p::jsonb, l FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(u, k, e, p, l)`,
    [
      messages.map((m) => m.userId),
      messages.map((m) => m.kind),
      messages.map((m) => m.event),
      messages.map((m) => JSON.stringify(m.params)),
      messages.map((m) => m.link as string),
    ],
  );
  const users = [...new Set(messages.map((m) => m.userId))];
  await announceUnread(tx, users);
  return users;
}

/**
 * A published upgrade notice, to every enabled user at once (one INSERT … SELECT however many users there are),
 * announced to everybody at commit.
 */
export async function postNoticeMessages(tx: Queryable, noticeId: number, version: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH posted AS (
       INSERT INTO messages (user_id, kind, event, params, link)
       SELECT id, 'notice', 'published', jsonb_build_object('noticeId', $1::int, 'version', $2::text), '/notices'
         FROM users WHERE enabled
       RETURNING 1)
     SELECT count(*)::int AS n FROM posted`,
    [noticeId, version],
  );
  await announceUnread(tx, 'all');
  return rows[0]?.n ?? 0;
}

/** A withdrawn notice's messages go with it (they would lead to a notice that no longer exists). */
export async function deleteNoticeMessages(tx: Queryable, noticeId: number): Promise<void> {
  await tx.query(`DELETE FROM messages WHERE kind = 'notice' AND params->>'noticeId' = $1::text`, [String(noticeId)]);
  await announceUnread(tx, 'all');
}

interface MessageRow {
  id: string;
  kind: MessageKind;
  event: string;
  params: Message['params'];
  link: string | null;
  read_at: Date | null;
  created_at: Date;
}

const toMessage = (r: MessageRow): Message => ({
  id: Number(r.id),
  kind: r.kind,
  event: r.event,
  params: r.params,
  link: r.link,
  readAt: r.read_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** One page of a user's messages, newest first, with the total under the same filters. */
export async function listMessages(
  db: Queryable,
  userId: number,
  q: Omit<MessageListQuery, 'page' | 'pageSize'> & { page: number; pageSize: number },
): Promise<{ items: Message[]; total: number }> {
  // Every filter is a parameter; an absent one is null and matches everything.
  const where = `user_id = $1 AND ($2::text IS NULL OR kind = $2)
    AND ($3::text IS NULL OR ($3 = 'unread') = (read_at IS NULL))
    AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5)`;
  const params = [userId, q.kind ?? null, q.read ?? null, q.from ?? null, q.to ?? null];
  const total =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE ${where}`, params)).rows[0]?.n ?? 0;
  const { rows } = await db.query<MessageRow>(
    `SELECT id, kind, event, params, link, read_at, created_at FROM messages WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT $6 OFFSET $7`,
    [...params, q.pageSize, (q.page - 1) * q.pageSize],
  );
  return { items: rows.map(toMessage), total };
}

/** Unread counts of these users (or of every user with one), for the bell; users without any are left out. */
export async function unreadCounts(db: Queryable, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<{ user_id: number; n: number }>(
    `SELECT user_id, count(*)::int AS n FROM messages WHERE user_id = ANY($1::int[]) AND read_at IS NULL GROUP BY user_id`,
    [[...userIds]],
  );
  return new Map(rows.map((r) => [r.user_id, r.n]));
}

/**
 * Marks the user's messages `ids` read, all or none: when any id is not one of theirs (another user's, or gone) the
 * statement changes nothing and `found` says how many were theirs. Already read ones keep their first time.
 */
export async function markRead(
  tx: Queryable,
  userId: number,
  ids: readonly number[],
): Promise<{ found: number; wanted: number; changed: number }> {
  const wanted = new Set(ids).size;
  const { rows } = await tx.query<{ found: number; changed: number }>(
    `WITH mine AS (SELECT id FROM messages WHERE user_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE),
          changed AS (
            UPDATE messages SET read_at = now()
             WHERE id IN (SELECT id FROM mine) AND read_at IS NULL AND (SELECT count(*) FROM mine) = $3
            RETURNING 1)
     SELECT (SELECT count(*)::int FROM mine) AS found, (SELECT count(*)::int FROM changed) AS changed`,
    [userId, [...ids], wanted],
  );
  const result = { found: rows[0]?.found ?? 0, wanted, changed: rows[0]?.changed ?? 0 };
  if (result.changed > 0) await announceUnread(tx, [userId]);
  return result;
}

/** Marks every unread message of the user (of one kind, when given) read; returns how many changed. */
export async function markAllRead(tx: Queryable, userId: number, kind: MessageKind | undefined): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH changed AS (
       UPDATE messages SET read_at = now()
        WHERE user_id = $1 AND read_at IS NULL AND ($2::text IS NULL OR kind = $2) RETURNING 1)
     SELECT count(*)::int AS n FROM changed`,
    [userId, kind ?? null],
  );
  const changed = rows[0]?.n ?? 0;
  if (changed > 0) await announceUnread(tx, [userId]);
  return changed;
}

/** Deletes the user's messages `ids`, all or none (like markRead); returns how many were theirs and how many went. */
export async function deleteMessages(
  tx: Queryable,
  userId: number,
  ids: readonly number[],
): Promise<{ found: number; wanted: number; changed: number }> {
  const wanted = new Set(ids).size;
  const { rows } = await tx.query<{ found: number; changed: number; unread: number }>(
    `WITH mine AS (SELECT id, read_at FROM messages WHERE user_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE),
          gone AS (
            DELETE FROM messages WHERE id IN (SELECT id FROM mine) AND (SELECT count(*) FROM mine) = $3
            RETURNING read_at)
     SELECT (SELECT count(*)::int FROM mine) AS found, (SELECT count(*)::int FROM gone) AS changed,
            (SELECT count(*)::int FROM gone WHERE read_at IS NULL) AS unread`,
    [userId, [...ids], wanted],
  );
  const r = rows[0] ?? { found: 0, changed: 0, unread: 0 };
  // Only an unread one changes the bell.
  if (r.unread > 0) await announceUnread(tx, [userId]);
  return { found: r.found, wanted, changed: r.changed };
}
