import {
  DIGEST_ITEM_LIMIT,
  type AlarmNoticePayload,
  type Delivery,
  type DeliveryListQuery,
} from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';

/**
 * Digests: notices a rule's limit held back go out together, as one message, as soon as the limit's window has room
 * again (the digest counts as one message against the limits). And the delivery log that shows all of it.
 */
export async function createDigests(tx: Queryable): Promise<number> {
  const { rows: groups } = await tx.query<{ ruleId: number; channel: string; address: string }>(
    `SELECT DISTINCT rule_id AS "ruleId", channel, address FROM notification_outbox
      WHERE status = 'held' ORDER BY 1, 2, 3 LIMIT 100`,
  );
  let made = 0;
  for (const g of groups) {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `notify:${g.ruleId}:${g.channel}:${g.address}`,
    ]);
    const { rows: room } = await tx.query<{ ok: boolean; name: string }>(
      `SELECT r.name,
              (SELECT count(*) FROM notification_outbox o WHERE o.rule_id = r.id AND o.channel = $2
                  AND o.address = $3 AND o.counted_at > now() - interval '1 hour') < r.hourly_limit
          AND (SELECT count(*) FROM notification_outbox o WHERE o.rule_id = r.id AND o.channel = $2
                  AND o.address = $3 AND o.counted_at > now() - interval '1 day') < r.daily_limit AS ok
         FROM notification_rules r WHERE r.id = $1`,
      [g.ruleId, g.channel, g.address],
    );
    if (!room[0]?.ok) continue;
    const { rows: held } = await tx.query<{
      id: string;
      userId: number | null;
      language: string;
      payload: AlarmNoticePayload;
    }>(
      `SELECT id::text AS id, user_id AS "userId", language, payload FROM notification_outbox
        WHERE rule_id = $1 AND channel = $2 AND address = $3 AND status = 'held'
        ORDER BY id FOR UPDATE`,
      [g.ruleId, g.channel, g.address],
    );
    if (held.length === 0) continue;
    const last = held[held.length - 1]!;
    const payload = {
      ruleName: room[0].name,
      items: held.slice(0, DIGEST_ITEM_LIMIT).map((h) => h.payload),
      more: Math.max(0, held.length - DIGEST_ITEM_LIMIT),
    };
    // Counted from now: the digest takes one place in the window it opens.
    const { rows: digest } = await tx.query<{ id: string }>(
      `INSERT INTO notification_outbox (message_id, kind, channel, rule_id, user_id, address, language, payload,
                                        counted_at)
       VALUES (gen_random_uuid(), 'digest', $1, $2, $3, $4, $5, $6::jsonb, now()) RETURNING id::text AS id`,
      [g.channel, g.ruleId, last.userId, g.address, last.language, JSON.stringify(payload)],
    );
    await tx.query(`UPDATE notification_outbox SET status = 'digested', digest_id = $2 WHERE id = ANY($1::bigint[])`, [
      held.map((h) => h.id),
      digest[0]!.id,
    ]);
    made += 1;
  }
  return made;
}

interface DeliveryRow {
  id: string;
  message_id: string;
  kind: 'alarm' | 'digest';
  channel: 'email' | 'sms' | 'push';
  address: string;
  user_name: string | null;
  status: Delivery['status'];
  attempts: number;
  last_error: string | null;
  digest_id: string | null;
  payload: { alarmId?: number; event?: Delivery['event']; code?: string; items?: unknown[]; more?: number };
  created_at: Date;
  sent_at: Date | null;
  total: string;
}

/** A rule's delivery log, newest first (the caller has checked the rule is theirs to see). */
export async function listDeliveries(
  db: Queryable,
  ruleId: number,
  q: DeliveryListQuery,
): Promise<{ items: Delivery[]; total: number }> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT o.id::text AS id, o.message_id::text AS message_id, o.kind, o.channel, o.address,
            NULLIF(COALESCE(NULLIF(u.name, ''), u.username), '') AS user_name, o.status, o.attempts, o.last_error,
            o.digest_id::text AS digest_id, o.payload, o.created_at, o.sent_at, count(*) OVER () AS total
       FROM notification_outbox o LEFT JOIN users u ON u.id = o.user_id
      WHERE o.rule_id = $1 AND ($2::text IS NULL OR o.status = $2)
      ORDER BY o.id DESC LIMIT $3 OFFSET $4`,
    [ruleId, q.status ?? null, q.pageSize, (q.page - 1) * q.pageSize],
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    items: rows.map((r) => ({
      id: Number(r.id),
      messageId: r.message_id,
      kind: r.kind,
      channel: r.channel,
      address: r.address,
      userName: r.user_name,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      digestId: r.digest_id === null ? null : Number(r.digest_id),
      alarmId: r.kind === 'alarm' ? (r.payload.alarmId ?? null) : null,
      event: r.kind === 'alarm' ? (r.payload.event ?? null) : null,
      code: r.kind === 'alarm' ? (r.payload.code ?? null) : null,
      items: r.kind === 'digest' ? (r.payload.items?.length ?? 0) + (r.payload.more ?? 0) : null,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at ? r.sent_at.toISOString() : null,
    })),
  };
}
