import type { PushSubscription } from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';

/** Every statement on push_subscriptions: a user's browsers that receive Web Push (issue 41 point 3). */

interface Row {
  id: number;
  label: string;
  endpoint: string;
  created_at: Date;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  last_error: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toSubscription = (r: Row): PushSubscription => ({
  id: r.id,
  label: r.label,
  endpoint: r.endpoint,
  createdAt: r.created_at.toISOString(),
  lastSuccessAt: iso(r.last_success_at),
  lastFailureAt: iso(r.last_failure_at),
  lastError: r.last_error,
});
const COLUMNS = 'id, label, endpoint, created_at, last_success_at, last_failure_at, last_error';

export async function listPushSubscriptions(db: Queryable, userId: number): Promise<PushSubscription[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, [
    userId,
  ]);
  return rows.map(toSubscription);
}

export async function countPushSubscriptions(db: Queryable, userId: number, except: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2`,
    [userId, except],
  );
  return rows[0]!.n;
}

/**
 * Saves a browser's subscription. The endpoint names the browser: subscribing again renews its keys, and a browser
 * another account subscribed before now belongs to this one (whoever subscribed last on it is who it notifies).
 */
export async function upsertPushSubscription(
  db: Queryable,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; label: string },
): Promise<PushSubscription> {
  const { rows } = await db.query<Row>(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, label = EXCLUDED.label,
           created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
                             THEN push_subscriptions.created_at ELSE now() END,
           last_success_at = NULL, last_failure_at = NULL, last_error = NULL
     RETURNING ${COLUMNS}`,
    [s.userId, s.endpoint, s.p256dh, s.auth, s.label],
  );
  return toSubscription(rows[0]!);
}

/** What sending to a subscription needs; `userId` null matches any owner (the delivery job). */
export interface PushTarget {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function findPushTarget(db: Queryable, id: number, userId: number | null): Promise<PushTarget | null> {
  const { rows } = await db.query<PushTarget>(
    `SELECT id, user_id AS "userId", endpoint, p256dh, auth FROM push_subscriptions
      WHERE id = $1 AND ($2::int IS NULL OR user_id = $2)`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** Removes a subscription (its owner's wish when `userId` is given, the push service's 404/410 when null). */
export async function deletePushSubscription(db: Queryable, id: number, userId: number | null): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM push_subscriptions WHERE id = $1 AND ($2::int IS NULL OR user_id = $2) RETURNING id`,
    [id, userId],
  );
  return rows.length > 0;
}

/** The outcome of the latest push to a subscription, shown in its owner's list. */
export async function markPushOutcome(db: Queryable, id: number, error: string | null): Promise<void> {
  await db.query(
    error === null
      ? `UPDATE push_subscriptions SET last_success_at = now(), last_error = NULL WHERE id = $1`
      : `UPDATE push_subscriptions SET last_failure_at = now(), last_error = left($2, 300) WHERE id = $1`,
    error === null ? [id] : [id, error],
  );
}
