import type { AlarmNoticePayload, AlarmSeverity } from '@voltfleet/domain/alarms';
import type { Lang } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';

/**
 * The delivery side of alarm notification: the engine's events, their expansion into outbox rows per rule and
 * receiver, the workers' claims, the limits and the digests. Every statement that writes notification_events or
 * notification_outbox is here (or in notification-outbox.repository.ts).
 */

export type AlarmNoticeEvent = AlarmNoticePayload['event'];

/** Written by the alarm engine's transaction (through the hook the runtime hands it): one insert for all. */
export async function recordAlarmEvents(
  tx: Queryable,
  events: readonly { alarmId: number; event: AlarmNoticeEvent; at: string }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO notification_events (alarm_id, event, at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[])`,
    [events.map((e) => e.alarmId), events.map((e) => e.event), events.map((e) => e.at)],
  );
}

export interface ClaimedEvent {
  id: string;
  alarmId: number;
  event: AlarmNoticeEvent;
  at: string;
  code: string;
  group: string;
  severity: AlarmSeverity;
  flapping: boolean;
  deviceId: number;
  deviceSn: string;
  plantId: number | null;
  plantName: string | null;
  timeZone: string;
}

/** Takes up to `limit` events no other worker holds, with their alarm, device and plant, oldest first. */
export async function claimEvents(tx: Queryable, limit: number): Promise<ClaimedEvent[]> {
  const { rows } = await tx.query<ClaimedEvent & { at: Date }>(
    `WITH e AS (
       SELECT id, alarm_id, event, at FROM notification_events ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
     )
     SELECT e.id::text AS id, a.id::int AS "alarmId", e.event, e.at, a.code, a.group_name AS "group", a.severity,
            a.flapping, d.id AS "deviceId", d.sn AS "deviceSn", a.plant_id AS "plantId", p.name AS "plantName",
            COALESCE(p.time_zone, 'UTC') AS "timeZone"
       FROM e JOIN alarms a ON a.id = e.alarm_id JOIN devices d ON d.id = a.device_id
       LEFT JOIN plants p ON p.id = a.plant_id
      ORDER BY e.id`,
    [limit],
  );
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

export async function deleteEvents(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.query(`DELETE FROM notification_events WHERE id = ANY($1::bigint[])`, [ids]);
}

export interface RuleReceivers {
  ruleId: number;
  ruleName: string;
  groups: string[];
  codes: string[];
  minSeverityRank: number;
  channels: ('email' | 'sms' | 'push')[];
  recoveryNotices: boolean;
  /** The rule owner's language: what a bare address is written in. */
  ownerLanguage: Lang;
  emails: string[];
  phones: string[];
  /** `push`: the ids of the account's subscribed browsers (push_subscriptions). */
  users: { id: number; email: string; phone: string; language: Lang; seesDevice: boolean; push: number[] }[];
}

/**
 * The enabled rules that cover a plant: chosen for it, or covering all plants of an owner whose scope holds it
 * (owned in the owner's subtree, or affiliated to the owner). Each with its receiving accounts, and whether each
 * account may see the device (only those get the in-app message: a link they cannot open helps nobody).
 */
export async function rulesForPlant(tx: Queryable, plantId: number, deviceId: number): Promise<RuleReceivers[]> {
  const { rows } = await tx.query<RuleReceivers>(
    `SELECT r.id AS "ruleId", r.name AS "ruleName", r.alarm_groups AS groups, r.alarm_codes AS codes,
            r.min_severity_rank AS "minSeverityRank", r.channels, r.recovery_notices AS "recoveryNotices",
            o.language AS "ownerLanguage", r.emails, r.phones,
            COALESCE((
              SELECT json_agg(json_build_object('id', u.id, 'email', u.email, 'phone', u.phone,
                       'language', u.language,
                       'push', COALESCE((SELECT json_agg(ps.id ORDER BY ps.id) FROM push_subscriptions ps
                                          WHERE ps.user_id = u.id), '[]'::json),
                       'seesDevice', (
                         EXISTS (SELECT 1 FROM devices d JOIN users so ON so.id = d.owner_id
                                  WHERE d.id = $2 AND so.path LIKE u.path || '%')
                         OR EXISTS (SELECT 1 FROM plants sp JOIN users so ON so.id = sp.owner_id
                                     WHERE sp.id = $1 AND so.path LIKE u.path || '%')
                         OR EXISTS (SELECT 1 FROM plant_users su WHERE su.plant_id = $1 AND su.user_id = u.id)))
                       ORDER BY u.id)
                FROM notification_rule_users ru JOIN users u ON u.id = ru.user_id
               WHERE ru.rule_id = r.id AND u.enabled), '[]'::json) AS users
       FROM notification_rules r JOIN users o ON o.id = r.owner_id
      WHERE r.enabled
        AND (EXISTS (SELECT 1 FROM notification_rule_plants rp WHERE rp.rule_id = r.id AND rp.plant_id = $1)
             OR (r.all_plants AND (
                   EXISTS (SELECT 1 FROM plants p JOIN users so ON so.id = p.owner_id
                            WHERE p.id = $1 AND so.path LIKE o.path || '%')
                   OR EXISTS (SELECT 1 FROM plant_users su WHERE su.plant_id = $1 AND su.user_id = o.id))))
      ORDER BY r.id`,
    [plantId, deviceId],
  );
  return rows;
}

export interface NewOutboxRow {
  kind: 'alarm';
  channel: 'email' | 'sms' | 'push';
  ruleId: number;
  userId: number | null;
  address: string;
  language: Lang;
  payload: AlarmNoticePayload;
}

export async function insertOutbox(tx: Queryable, rows: readonly NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO notification_outbox (message_id, kind, channel, rule_id, user_id, address, language, payload)
     SELECT gen_random_uuid(), k, c, r, u, a, l, p::jsonb
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[])
         AS t(k, c, r, u, a, l, p)`,
    [
      rows.map((r) => r.kind),
      rows.map((r) => r.channel),
      rows.map((r) => r.ruleId),
      rows.map((r) => r.userId as number),
      rows.map((r) => r.address),
      rows.map((r) => r.language),
      rows.map((r) => JSON.stringify(r.payload)),
    ],
  );
}

export interface ClaimedRow {
  id: string;
  messageId: string;
  kind: 'alarm' | 'digest' | 'workorder';
  channel: 'email' | 'sms' | 'push';
  ruleId: number | null;
  address: string;
  language: Lang;
  payload: unknown;
  attempts: number;
}

/**
 * Takes the next due row for sending, in its own transaction. A first attempt of an alarm notice passes the rule's
 * limits for its channel and address: over the hourly or daily limit — or behind notices already held, which keep
 * their order — it is held for the digest instead (and null is returned for this round's row). A taken row counts
 * against the limits from now, and stays claimed for `claimMs`: a worker that dies mid-send leaves it to be taken
 * again then, with the same message id.
 */
export async function claimNext(
  tx: Queryable,
  claimMs: number,
): Promise<{ row: ClaimedRow; held: false } | { row: null; held: boolean } | null> {
  const { rows } = await tx.query<ClaimedRow & { counted: boolean; hourly: number | null; daily: number | null }>(
    `SELECT o.id::text AS id, o.message_id::text AS "messageId", o.kind, o.channel, o.rule_id AS "ruleId",
            o.address, o.language, o.payload, o.attempts, o.counted_at IS NOT NULL AS counted,
            r.hourly_limit AS hourly, r.daily_limit AS daily
       FROM notification_outbox o LEFT JOIN notification_rules r ON r.id = o.rule_id
      WHERE o.status IN ('pending', 'sending') AND o.next_attempt_at <= now()
      ORDER BY o.next_attempt_at, o.id
      LIMIT 1
      FOR UPDATE OF o SKIP LOCKED`,
  );
  const row = rows[0];
  if (!row) return null;
  if (row.kind === 'alarm' && !row.counted && row.ruleId !== null) {
    // One decision at a time per rule, channel and address (several workers on PostgreSQL).
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `notify:${row.ruleId}:${row.channel}:${row.address}`,
    ]);
    const { rows: w } = await tx.query<{ hour: number; day: number; held: number }>(
      `SELECT count(*) FILTER (WHERE counted_at > now() - interval '1 hour')::int AS hour,
              count(*) FILTER (WHERE counted_at > now() - interval '1 day')::int AS day,
              (SELECT count(*)::int FROM notification_outbox
                WHERE rule_id = $1 AND channel = $2 AND address = $3 AND status = 'held') AS held
         FROM notification_outbox
        WHERE rule_id = $1 AND channel = $2 AND address = $3 AND counted_at > now() - interval '1 day'`,
      [row.ruleId, row.channel, row.address],
    );
    const { hour, day, held } = w[0]!;
    if (held > 0 || hour >= (row.hourly ?? Infinity) || day >= (row.daily ?? Infinity)) {
      await tx.query(`UPDATE notification_outbox SET status = 'held' WHERE id = $1`, [row.id]);
      return { row: null, held: true };
    }
  }
  await tx.query(
    `UPDATE notification_outbox
        SET status = 'sending', attempts = attempts + 1, counted_at = COALESCE(counted_at, now()),
            next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
      WHERE id = $1`,
    [row.id, claimMs],
  );
  return { row: { ...row, attempts: row.attempts + 1 }, held: false };
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE notification_outbox SET status = 'sent', sent_at = now(), last_error = NULL
      WHERE id = $1 AND status = 'sending'`,
    [id],
  );
}

/** A failed attempt: tried again after `retryMs`, or failed for good (null). */
export async function markFailed(db: Queryable, id: string, error: string, retryMs: number | null): Promise<void> {
  await db.query(
    `UPDATE notification_outbox
        SET status = CASE WHEN $3::double precision IS NULL THEN 'failed' ELSE 'pending' END,
            next_attempt_at = now() + make_interval(secs => COALESCE($3::double precision, 0) / 1000),
            last_error = left($2, 500)
      WHERE id = $1 AND status = 'sending'`,
    [id, error, retryMs],
  );
}

/** An SMS the budget refused: it stays in the delivery log as refused, with the reason, and is never sent. */
export async function markRefused(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE notification_outbox SET status = 'refused', last_error = left($2, 500) WHERE id = $1 AND status = 'sending'`,
    [id, reason],
  );
}
