import {
  OPEN_COMMAND_STATUSES,
  commandStatusesBefore,
  type CommandKind,
  type CommandStatusChange,
  type CommandStatus,
} from '@voltfleet/domain/commands';
import { type FirmwareOrder } from '@voltfleet/domain/protocol';
import type { Queryable } from '../../db/db.js';
import type { DeviceProtocol } from '../../link/link.types.js';

/** A status change, as the live page hears it. */
export type StatusChange = CommandStatusChange;

interface ChangeRow {
  id: string;
  device_id: number;
  status: CommandStatus;
  reason: string | null;
  finished_at: Date | null;
}
const toChange = (r: ChangeRow): StatusChange => ({
  id: Number(r.id),
  deviceId: r.device_id,
  status: r.status,
  reason: r.reason,
  finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
});

export interface Outgoing {
  id: number;
  wireId: string;
  deviceId: number;
  sn: string;
  kind: CommandKind;
  parameters: Record<string, number>;
  /** The image an upgrade command installs (null for every other kind). */
  firmware: FirmwareOrder | null;
  expiresAt: Date;
}

/** Queued, unexpired commands to deliver: those of `deviceId`, or of every device seen within `offlineSeconds`. */
export async function deliverableIds(
  db: Queryable,
  target: { deviceId: number } | { offlineSeconds: number },
  limit = 200,
): Promise<number[]> {
  const cond = 'deviceId' in target ? 'c.device_id = $1' : 'd.last_seen_at > now() - make_interval(secs => $1)';
  const { rows } = await db.query<{ id: string }>(
    `SELECT c.id FROM commands c JOIN devices d ON d.id = c.device_id
      WHERE c.status = 'queued' AND c.expires_at > now() AND ${cond} ORDER BY c.id LIMIT $2`,
    ['deviceId' in target ? target.deviceId : target.offlineSeconds, limit],
  );
  return rows.map((r) => Number(r.id));
}

/** The queued ones among `ids`, with their device's serial number, in id order. */
export async function queuedTargets(
  db: Queryable,
  ids: readonly number[],
): Promise<{ id: number; sn: string; protocol: DeviceProtocol }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; sn: string; protocol: DeviceProtocol }>(
    `SELECT c.id, d.sn, d.protocol FROM commands c JOIN devices d ON d.id = c.device_id
      WHERE c.id = ANY($1::bigint[]) AND c.status = 'queued' ORDER BY c.id`,
    [[...ids]],
  );
  return rows.map((r) => ({ id: Number(r.id), sn: r.sn, protocol: r.protocol }));
}

/** Marks a queued, unexpired command sent; only one process wins it. Undefined when it was not deliverable. */
export async function claimForSend(db: Queryable, id: number): Promise<Outgoing | undefined> {
  const { rows } = await db.query<{
    id: string;
    wire_id: string;
    device_id: number;
    sn: string;
    kind: CommandKind;
    parameters: Record<string, number>;
    firmware: FirmwareOrder | null;
    expires_at: Date;
  }>(
    `UPDATE commands c SET status = 'sent', sent_at = now() FROM devices d
      WHERE c.id = $1 AND d.id = c.device_id AND c.status = ANY($2::text[]) AND c.expires_at > now()
      RETURNING c.id, c.wire_id, c.device_id, d.sn, c.kind, c.parameters, c.firmware, c.expires_at`,
    [id, commandStatusesBefore('sent')],
  );
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        wireId: r.wire_id,
        deviceId: r.device_id,
        sn: r.sn,
        kind: r.kind,
        parameters: r.parameters,
        firmware: r.firmware,
        expiresAt: r.expires_at,
      }
    : undefined;
}

/** The device was not there after all: the command waits in the queue again (it never left). */
export async function unclaim(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE commands SET status = 'queued', sent_at = NULL WHERE id = $1 AND status = ANY($2::text[])`, [
    id,
    commandStatusesBefore('queued'),
  ]);
}

/** The open command a device answers, with what it asked for. */
export async function openCommandByWireId(db: Queryable, deviceId: number, wireId: string) {
  const { rows } = await db.query<{ id: string; parameters: Record<string, number>; sent_at: Date | null }>(
    `SELECT id, parameters, sent_at FROM commands WHERE wire_id = $1 AND device_id = $2 AND status = ANY($3::text[])`,
    [wireId, deviceId, [...OPEN_COMMAND_STATUSES]],
  );
  return rows[0];
}

/** Records a device's answer; only an open command changes. */
export async function recordAnswer(
  db: Queryable,
  id: number,
  answer: { status: CommandStatus; reason: string | null; readBack: Record<string, number> | null; final: boolean },
): Promise<StatusChange | undefined> {
  // A final acknowledgement (nothing more will come) also sets finished_at, which keeps the sweep from timing it out.
  const final = answer.status !== 'acknowledged' || answer.final;
  const { rows } = await db.query<ChangeRow>(
    `UPDATE commands SET status = $2, reason = $3, read_back = $4, acked_at = coalesce(acked_at, now()),
            finished_at = CASE WHEN $5 THEN now() END
      WHERE id = $1 AND status = ANY($6::text[])
      RETURNING id, device_id, status, reason, finished_at`,
    [
      id,
      answer.status,
      answer.reason,
      answer.readBack === null ? null : JSON.stringify(answer.readBack),
      final,
      // Every answer may land on an open command (COMMAND_TRANSITIONS); an acknowledgement repeated on an acknowledged
      // command only updates what it read back.
      OPEN_COMMAND_STATUSES,
    ],
  );
  return rows[0] ? toChange(rows[0]) : undefined;
}

/** Stores the values a device reported back, so "enter a new value" knows them. */
export async function rememberParameters(db: Queryable, deviceId: number, values: Record<string, number>) {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO device_parameters (device_id, key, value)
     SELECT $1, k, v FROM unnest($2::text[], $3::float8[]) AS t(k, v)
     ON CONFLICT (device_id, key) DO UPDATE SET value = excluded.value, reported_at = now()`,
    [deviceId, entries.map(([k]) => k), entries.map(([, v]) => v)],
  );
}

/**
 * The jobs-role sweep: queued commands past their expiry become expired (never delivered), sent ones without a
 * final answer after `timeoutSeconds` time out — except an upgrade the device accepted (acknowledged): it restarts,
 * and the firmware job settles it by the version the device reports after the restart wait. Rows are claimed with SKIP LOCKED so several processes can sweep.
 */
export async function sweepCommands(db: Queryable, timeoutSeconds: number): Promise<StatusChange[]> {
  const expired = await db.query<ChangeRow>(
    `UPDATE commands SET status = 'expired', finished_at = now()
      WHERE id IN (SELECT id FROM commands WHERE status = ANY($1::text[]) AND expires_at <= now()
                    ORDER BY id LIMIT 500 FOR UPDATE SKIP LOCKED)
      RETURNING id, device_id, status, reason, finished_at`,
    [commandStatusesBefore('expired')],
  );
  const timedOut = await db.query<ChangeRow>(
    `UPDATE commands SET status = 'timed_out', finished_at = now()
      WHERE id IN (SELECT id FROM commands WHERE status = ANY($2::text[]) AND finished_at IS NULL
                      AND sent_at <= now() - make_interval(secs => $1)
                      AND NOT (kind = 'firmwareUpgrade' AND status = 'acknowledged')
                    ORDER BY id LIMIT 500 FOR UPDATE SKIP LOCKED)
      RETURNING id, device_id, status, reason, finished_at`,
    [timeoutSeconds, commandStatusesBefore('timed_out')],
  );
  return [...expired.rows, ...timedOut.rows].map(toChange);
}

/**
 * Ends open commands with an outcome decided elsewhere (an upgrade's command ends with the upgrade: the device's
 * reported version decides it, not its answer); returns the commands it changed. A command already final stays.
 */
export async function finishCommands(
  db: Queryable,
  outcomes: readonly { commandId: number; status: 'succeeded' | 'failed'; reason: string | null }[],
): Promise<(StatusChange & { status: 'succeeded' | 'failed' })[]> {
  if (outcomes.length === 0) return [];
  const { rows } = await db.query<ChangeRow & { status: 'succeeded' | 'failed' }>(
    `UPDATE commands c SET status = u.status, reason = u.reason, finished_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS u(command_id bigint, status text, reason text)
      WHERE c.id = u.command_id AND c.status = ANY($2::text[])
     RETURNING c.id, c.device_id, c.status, c.reason, c.finished_at`,
    [
      JSON.stringify(outcomes.map((u) => ({ command_id: u.commandId, status: u.status, reason: u.reason }))),
      OPEN_COMMAND_STATUSES,
    ],
  );
  return rows.map((r) => ({ ...toChange(r), status: r.status }));
}

/**
 * Who to tell about finished commands: the sender (when still a user), the device, the command's kind, and whether it
 * is one of a batch still pending its summary (its sender hears of the batch once, not of each command).
 */
export async function outcomeRecipients(
  db: Queryable,
  ids: readonly number[],
): Promise<{ id: number; userId: number; sn: string; kind: CommandKind; batch: boolean }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; user_id: number; sn: string; kind: CommandKind; batch: boolean }>(
    `SELECT c.id, c.user_id, d.sn, c.kind, c.batch_pending AS batch
       FROM commands c JOIN devices d ON d.id = c.device_id
      WHERE c.id = ANY($1::bigint[]) AND c.user_id IS NOT NULL ORDER BY c.id`,
    [[...ids]],
  );
  return rows.map((r) => ({ id: Number(r.id), userId: r.user_id, sn: r.sn, kind: r.kind, batch: r.batch }));
}

/** A settled batch: its sender, kind, when it was issued, and how many of its commands ended in each final state. */
export interface SettledBatch {
  userId: number;
  kind: CommandKind;
  createdAt: Date;
  total: number;
  succeeded: number;
  failed: number;
  timedOut: number;
  expired: number;
}

/**
 * Claims the pending batches whose every command has reached a final state: clears their flag and returns them, once.
 * Two transactions settling a batch's last two commands at once may each still see the other's open (neither has
 * committed): neither claims it then, and the sweep's next round does (commands.job.ts). Two claimers of one batch
 * take turns on its rows; the second finds the flag cleared and claims nothing.
 */
export async function claimSettledBatches(db: Queryable): Promise<SettledBatch[]> {
  const { rows } = await db.query<{
    user_id: number | null;
    kind: CommandKind;
    created_at: Date;
    total: number;
    succeeded: number;
    failed: number;
    timed_out: number;
    expired: number;
  }>(
    `WITH settled AS (
       SELECT user_id, idempotency_key FROM commands WHERE batch_pending
        GROUP BY user_id, idempotency_key
       HAVING bool_and(status IN ('succeeded', 'failed', 'timed_out', 'expired'))
     ), claimed AS (
       UPDATE commands c SET batch_pending = false FROM settled s
        WHERE c.batch_pending AND c.user_id IS NOT DISTINCT FROM s.user_id AND c.idempotency_key = s.idempotency_key
       RETURNING c.user_id, c.idempotency_key, c.kind, c.status, c.created_at
     )
     SELECT user_id, min(kind) AS kind, min(created_at) AS created_at, count(*)::int AS total,
            count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status = 'timed_out')::int AS timed_out,
            count(*) FILTER (WHERE status = 'expired')::int AS expired
       FROM claimed GROUP BY user_id, idempotency_key ORDER BY min(created_at)`,
  );
  // A batch whose sender was deleted is cleared and tells nobody.
  return rows
    .filter((r): r is typeof r & { user_id: number } => r.user_id !== null)
    .map((r) => ({
      userId: r.user_id,
      kind: r.kind,
      createdAt: r.created_at,
      total: r.total,
      succeeded: r.succeeded,
      failed: r.failed,
      timedOut: r.timed_out,
      expired: r.expired,
    }));
}
