import {
  WEBHOOK_EVENT_PERMISSIONS,
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from '@voltfleet/domain/webhooks';
import type { Queryable } from '../../db/db.js';
import { plantInScopeOfAccount } from '../../platform/scope.js';

/**
 * The webhook outbox: deliveries queued in the transaction that decided their event, claimed by the jobs role with
 * SKIP LOCKED, and their attempts (the delivery log). Every statement that writes webhook_deliveries or
 * webhook_attempts is here.
 */

/** One event as the deciding transaction knows it; `data` becomes the payload's `data`. */
export interface WebhookEventInput {
  type: WebhookEvent;
  plantId: number;
  /** When it happened (ISO): the payload's `timestamp`. */
  at: string;
  data: Record<string, unknown>;
}

/** The needed permissions by type, for SQL: comma-separated codes ('' = none). */
const NEEDED = JSON.stringify(
  Object.fromEntries(Object.entries(WEBHOOK_EVENT_PERMISSIONS).map(([type, codes]) => [type, codes.join(',')])),
);

/**
 * The condition "subscription s of owner u (role r) may receive an event of type `type` about plant `plant`": owner
 * enabled and approved, the event among the subscription's, the plant among its chosen ones (or all), the plant in
 * the owner's scope (owned in their subtree or affiliated to them), and one of the event's permissions held.
 * `$neededParam` binds NEEDED.
 */
export function mayReceiveSql(type: string, plant: string, neededParam: number): string {
  return `(u.enabled AND u.approval = 'approved' AND s.events @> ARRAY[${type}]
     AND (s.plant_ids IS NULL OR ${plant} = ANY (s.plant_ids))
     AND EXISTS (SELECT 1 FROM plants wp WHERE wp.id = ${plant} AND ${plantInScopeOfAccount('wp', 'u.path', 'u.id')})
     AND (COALESCE($${neededParam}::jsonb ->> ${type}, '') = ''
          OR r.permissions && string_to_array($${neededParam}::jsonb ->> ${type}, ',')))`;
}

/** Whether any enabled subscription wants one of these types: the deciding transactions skip all work otherwise. */
export async function anySubscriber(tx: Queryable, types: readonly WebhookEvent[]): Promise<boolean> {
  const { rows } = await tx.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled AND events && $1::text[]) AS any`,
    [types],
    { keepPlan: true },
  );
  return rows[0]?.any === true;
}

/**
 * Queues each event to every subscription that may receive it, in one statement: the body (the versioned envelope)
 * and the message id are fixed now and never change. Returns how many deliveries were queued.
 */
export async function queueWebhookEvents(tx: Queryable, events: readonly WebhookEventInput[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rows } = await tx.query<{ n: number }>(
    `WITH q AS (
       INSERT INTO webhook_deliveries (subscription_id, message_id, type, plant_id, body)
       SELECT s.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.type, e.plant_id,
              json_build_object('type', e.type, 'version', ${WEBHOOK_PAYLOAD_VERSION}, 'timestamp', e.at,
                                'data', e.data::json)::text
         FROM unnest($1::text[], $2::int[], $3::text[], $4::text[]) AS e(type, plant_id, at, data)
         JOIN webhook_subscriptions s ON s.enabled AND s.events @> ARRAY[e.type]
         JOIN users u ON u.id = s.owner_id
         JOIN roles r ON r.id = u.role_id
        WHERE ${mayReceiveSql('e.type', 'e.plant_id', 5)}
       RETURNING 1)
     SELECT count(*)::int AS n FROM q`,
    [
      events.map((e) => e.type),
      events.map((e) => e.plantId),
      events.map((e) => e.at),
      events.map((e) => JSON.stringify(e.data)),
      NEEDED,
    ],
  );
  return rows[0]?.n ?? 0;
}

/** A test ping to one subscription (no plant, no permission: only the owner's own account must be good). */
export async function queuePing(tx: Queryable, subscriptionId: number, at: string): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (subscription_id, message_id, type, plant_id, body)
     SELECT $1, 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'webhook.ping', NULL,
            json_build_object('type', 'webhook.ping', 'version', ${WEBHOOK_PAYLOAD_VERSION}, 'timestamp', $2::text,
                              'data', json_build_object('webhookId', $1::int))::text
     RETURNING id`,
    [subscriptionId, at],
  );
  return Number(rows[0]!.id);
}

export interface ClaimedDelivery {
  id: number;
  messageId: string;
  type: string;
  body: string;
  /** Attempts made so far, this one included. */
  attempt: number;
  subscriptionId: number;
  url: string;
  secret: string;
  ownerId: number;
  /** Whether the owner may still receive it (scope, permission, account); false drops it unsent. */
  allowed: boolean;
}

/**
 * Takes up to `limit` due deliveries of enabled subscriptions no other worker holds, marks them sending until
 * `claimUntil` (a worker that dies mid-send leaves them to be taken again then), and re-checks each against the
 * owner's current scope and permissions.
 */
export async function claimDeliveries(
  tx: Queryable,
  now: Date,
  claimUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await tx.query<{
    id: string;
    message_id: string;
    type: string;
    body: string;
    attempt: number;
    subscription_id: number;
    url: string;
    secret: string;
    owner_id: number;
    allowed: boolean;
  }>(
    `WITH c AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
        WHERE d.status IN ('pending', 'sending') AND d.next_attempt_at <= $1 AND s.enabled
        ORDER BY d.next_attempt_at LIMIT $3 FOR UPDATE OF d SKIP LOCKED),
     t AS (
       UPDATE webhook_deliveries d SET status = 'sending', next_attempt_at = $2, attempt_count = d.attempt_count + 1
         FROM c WHERE d.id = c.id
       RETURNING d.id, d.message_id, d.type, d.body, d.attempt_count, d.subscription_id, d.plant_id)
     SELECT t.id::text AS id, t.message_id, t.type, t.body, t.attempt_count AS attempt, t.subscription_id, s.url,
            s.secret, s.owner_id,
            CASE WHEN t.type = 'webhook.ping' THEN u.enabled AND u.approval = 'approved'
                 ELSE ${mayReceiveSql('t.type', 't.plant_id', 4)} END AS allowed
       FROM t JOIN webhook_subscriptions s ON s.id = t.subscription_id
       JOIN users u ON u.id = s.owner_id JOIN roles r ON r.id = u.role_id`,
    [now, claimUntil, limit, NEEDED],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    messageId: r.message_id,
    type: r.type,
    body: r.body,
    attempt: r.attempt,
    subscriptionId: r.subscription_id,
    url: r.url,
    secret: r.secret,
    ownerId: r.owner_id,
    allowed: r.allowed === true,
  }));
}

export interface AttemptRow {
  at: Date;
  status: number | null;
  error: string | null;
  ms: number;
  body: string;
}

/** Logs one attempt and moves its delivery on: delivered, dropped, failed for good, or pending again at `retryAt`. */
export async function finishAttempt(
  tx: Queryable,
  deliveryId: number,
  attempt: AttemptRow,
  next: { status: Exclude<WebhookDeliveryStatus, 'sending' | 'pending'> } | { status: 'pending'; retryAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_attempts (delivery_id, at, http_status, error, ms, body) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      deliveryId,
      attempt.at,
      attempt.status,
      attempt.error === null ? null : attempt.error.slice(0, 512),
      attempt.ms,
      attempt.body.slice(0, 1024),
    ],
  );
  await tx.query(
    `UPDATE webhook_deliveries
        SET status = $2, next_attempt_at = COALESCE($3, next_attempt_at),
            delivered_at = CASE WHEN $2 = 'delivered' THEN $4 ELSE delivered_at END
      WHERE id = $1`,
    [deliveryId, next.status, next.status === 'pending' ? next.retryAt : null, attempt.at],
  );
}

/** Queues a delivery again now, same id and body, with a fresh backoff; null when it is not the owner's. */
export async function requeueDelivery(
  tx: Queryable,
  ownerId: number,
  subscriptionId: number,
  deliveryId: number,
  now: Date,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = $4, attempt_count = 0
       FROM webhook_subscriptions s
      WHERE d.id = $3 AND d.subscription_id = $2 AND s.id = d.subscription_id AND s.owner_id = $1
        AND d.status <> 'sending'
     RETURNING d.id`,
    [ownerId, subscriptionId, deliveryId, now],
  );
  if (rows.length > 0) return true;
  // A delivery being sent right now is the owner's too: it is on its way already.
  const { rows: sending } = await tx.query(
    `SELECT 1 FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
      WHERE d.id = $3 AND d.subscription_id = $2 AND s.owner_id = $1`,
    [ownerId, subscriptionId, deliveryId],
  );
  return sending.length > 0;
}

/** How long a finished delivery (and its attempts) stays in the owner's log. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * Deletes finished deliveries (delivered, failed, dropped) older than `before`, with their attempts, at most `limit`
 * rows a call so one round never holds a long lock; pending and sending rows are never touched. Returns how many.
 */
export async function deleteOldDeliveries(db: Queryable, before: Date, limit = 5000): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries
        WHERE created_at < $1 AND status IN ('delivered', 'failed', 'dropped') ORDER BY id LIMIT $2)
     RETURNING id`,
    [before.toISOString(), limit],
  );
  return rows.length;
}
