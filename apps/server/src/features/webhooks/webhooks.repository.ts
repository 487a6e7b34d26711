import type { WebhookDelivery, WebhookDisabledReason, WebhookEvent } from '@voltfleet/domain/webhooks';
import type { Queryable } from '../../db/db.js';
import { plantInScopeOfAccount } from '../../platform/scope.js';

/** Subscriptions and what their owner's pages read of them. Every write to webhook_subscriptions is here. */

export interface SubscriptionRow {
  id: number;
  owner_id: number;
  url: string;
  events: WebhookEvent[];
  plant_ids: number[] | null;
  plant_names: string[];
  enabled: boolean;
  disabled_reason: WebhookDisabledReason | null;
  failing_since: Date | null;
  created_at: Date;
}

const SELECT = `SELECT s.id, s.owner_id, s.url, s.events, s.plant_ids, s.enabled, s.disabled_reason, s.failing_since,
         s.created_at,
         COALESCE((SELECT array_agg(p.name ORDER BY array_position(s.plant_ids, p.id)) FROM plants p
                    WHERE p.id = ANY (s.plant_ids) AND ${plantInScopeOfAccount('p', 'o.path', 'o.id')}),
                  '{}') AS plant_names
    FROM webhook_subscriptions s JOIN users o ON o.id = s.owner_id`;

/** The caller's own subscriptions, oldest first (a subscription is its owner's alone, whatever their role). */
export async function listSubscriptions(db: Queryable, ownerId: number): Promise<SubscriptionRow[]> {
  return (await db.query<SubscriptionRow>(`${SELECT} WHERE s.owner_id = $1 ORDER BY s.id`, [ownerId])).rows;
}

export async function findSubscription(
  db: Queryable,
  ownerId: number,
  id: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(
    `${SELECT} WHERE s.owner_id = $1 AND s.id = $2${lock ? ' FOR UPDATE OF s' : ''}`,
    [ownerId, id],
  );
  return rows[0];
}

export async function countSubscriptions(tx: Queryable, ownerId: number): Promise<number> {
  // The owner's row is locked so two creations at once cannot both pass the limit.
  await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [ownerId]);
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_subscriptions WHERE owner_id = $1`,
    [ownerId],
  );
  return rows[0]!.n;
}

export async function insertSubscription(
  tx: Queryable,
  s: { ownerId: number; url: string; events: readonly string[]; plantIds: readonly number[] | null; secret: string },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO webhook_subscriptions (owner_id, url, events, plant_ids, secret) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [s.ownerId, s.url, [...s.events], s.plantIds === null ? null : [...s.plantIds], s.secret],
  );
  return rows[0]!.id;
}

/** Saves the new settings; switching on clears the reason and the failure record (a fresh start). */
export async function updateSubscription(
  tx: Queryable,
  id: number,
  s: { url: string; events: readonly string[]; plantIds: readonly number[] | null; enabled: boolean },
): Promise<void> {
  await tx.query(
    `UPDATE webhook_subscriptions
        SET url = $2, events = $3, plant_ids = $4,
            failing_since = CASE WHEN $5 AND NOT enabled THEN NULL ELSE failing_since END,
            disabled_reason = CASE WHEN $5 THEN NULL WHEN enabled THEN 'owner' ELSE disabled_reason END,
            enabled = $5
      WHERE id = $1`,
    [id, s.url, [...s.events], s.plantIds === null ? null : [...s.plantIds], s.enabled],
  );
}

export async function deleteSubscription(tx: Queryable, ownerId: number, id: number): Promise<boolean> {
  const { rows } = await tx.query(`DELETE FROM webhook_subscriptions WHERE id = $1 AND owner_id = $2 RETURNING id`, [
    id,
    ownerId,
  ]);
  return rows.length > 0;
}

export async function replaceSecret(tx: Queryable, id: number, secret: string): Promise<void> {
  await tx.query(`UPDATE webhook_subscriptions SET secret = $2 WHERE id = $1`, [id, secret]);
}

/** A success ends a run of failures. */
export async function markSucceeded(tx: Queryable, subscriptionId: number): Promise<void> {
  await tx.query(`UPDATE webhook_subscriptions SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [
    subscriptionId,
  ]);
}

/**
 * A failure starts (or continues) a run; a run as old as `disableBefore` switches the subscription off, once: the
 * switched-off row comes back so its owner can be told in this transaction.
 */
export async function markFailed(
  tx: Queryable,
  subscriptionId: number,
  at: Date,
  disableBefore: Date,
): Promise<{ ownerId: number; url: string; since: Date } | null> {
  const { rows } = await tx.query<{ owner_id: number; url: string; failing_since: Date }>(
    `UPDATE webhook_subscriptions
        SET failing_since = COALESCE(failing_since, $2),
            enabled = CASE WHEN COALESCE(failing_since, $2) <= $3 THEN false ELSE enabled END,
            disabled_reason = CASE WHEN COALESCE(failing_since, $2) <= $3 THEN 'failing' ELSE disabled_reason END
      WHERE id = $1
     RETURNING owner_id, url, failing_since, (enabled = false AND disabled_reason = 'failing') AS off`,
    [subscriptionId, at, disableBefore],
  );
  const r = rows[0] as ((typeof rows)[number] & { off: boolean }) | undefined;
  return r?.off ? { ownerId: r.owner_id, url: r.url, since: new Date(r.failing_since) } : null;
}

/** A page of a subscription's deliveries, newest first, each with its attempts oldest first. */
export async function deliveryPage(
  db: Queryable,
  subscriptionId: number,
  page: number,
  pageSize: number,
  only: number | null = null,
): Promise<{ total: number; items: WebhookDelivery[] }> {
  const { rows } = await db.query<{
    id: string;
    message_id: string;
    type: string;
    status: WebhookDelivery['status'];
    created_at: Date;
    next_attempt_at: Date;
    delivered_at: Date | null;
    attempts: { at: string; status: number | null; error: string | null; ms: number; body: string }[];
    total: number;
  }>(
    `SELECT d.id::text AS id, d.message_id, d.type, d.status, d.created_at, d.next_attempt_at, d.delivered_at,
            COALESCE((SELECT json_agg(json_build_object('at', a.at, 'status', a.http_status, 'error', a.error,
                                                        'ms', a.ms, 'body', a.body) ORDER BY a.id)
                        FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts,
            count(*) OVER ()::int AS total
       FROM webhook_deliveries d WHERE d.subscription_id = $1 AND ($4::bigint IS NULL OR d.id = $4)
      ORDER BY d.id DESC LIMIT $2 OFFSET $3`,
    [subscriptionId, pageSize, (page - 1) * pageSize, only],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const { rows: c } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1`,
      [subscriptionId],
    );
    total = c[0]!.n;
  }
  return {
    total,
    items: rows.map((r) => ({
      id: Number(r.id),
      messageId: r.message_id,
      type: r.type,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
      nextAttemptAt:
        r.status === 'pending' || r.status === 'sending' ? new Date(r.next_attempt_at).toISOString() : null,
      deliveredAt: r.delivered_at ? new Date(r.delivered_at).toISOString() : null,
      attempts: r.attempts.map((a) => ({ ...a, at: new Date(a.at).toISOString() })),
    })),
  };
}

/** One delivery of a subscription, as the log shows it. */
export async function findDelivery(
  db: Queryable,
  subscriptionId: number,
  deliveryId: number,
): Promise<WebhookDelivery | undefined> {
  return (await deliveryPage(db, subscriptionId, 1, 1, deliveryId)).items[0];
}
