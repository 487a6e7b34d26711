import type { Command, CommandCategory, CommandKind, CommandStatus } from '@voltfleet/domain/commands';
import type { ControlRecordFilter, ControlRecordQuery } from '@voltfleet/domain/records';
import type { FirmwareOrder } from '@voltfleet/domain/protocol';
import type { Queryable, SqlParam } from '../../db/db.js';
import { deviceInScope } from '../../platform/scope.js';

/** Who asks: $1 subtree pattern, $2 caller id (the scope helpers' parameters). */
export interface Scope {
  pattern: string;
  callerId: number;
}

export interface CommandRow {
  id: string;
  wire_id: string;
  device_id: number;
  device_sn: string;
  plant_name: string | null;
  plant_time_zone: string | null;
  user_id: number | null;
  username: string;
  ip: string | null;
  kind: CommandKind;
  category: CommandCategory;
  parameters: Record<string, number>;
  status: CommandStatus;
  reason: string | null;
  created_at: Date;
  sent_at: Date | null;
  acked_at: Date | null;
  finished_at: Date | null;
  expires_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCommand(r: CommandRow): Command {
  return {
    id: Number(r.id),
    deviceId: r.device_id,
    deviceSn: r.device_sn,
    plantName: r.plant_name,
    plantTimeZone: r.plant_time_zone,
    userId: r.user_id,
    username: r.username,
    ip: r.ip,
    kind: r.kind,
    category: r.category,
    parameters: r.parameters,
    status: r.status,
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
    sentAt: iso(r.sent_at),
    ackedAt: iso(r.acked_at),
    finishedAt: iso(r.finished_at),
    expiresAt: r.expires_at.toISOString(),
  };
}

const SELECT = `SELECT c.id, c.wire_id, c.device_id, d.sn AS device_sn, p.name AS plant_name,
       p.time_zone AS plant_time_zone, c.user_id, c.username, c.ip,
       c.kind, c.category, c.parameters, c.status, c.reason, c.created_at, c.sent_at, c.acked_at, c.finished_at,
       c.expires_at
  FROM commands c JOIN devices d ON d.id = c.device_id LEFT JOIN plants p ON p.id = d.plant_id`;

export interface TargetDevice {
  id: number;
  sn: string;
  kind: string;
  model: string;
}

/** The devices among `ids` that lie in the caller's scope. */
export async function devicesInScope(db: Queryable, scope: Scope, ids: readonly number[]): Promise<TargetDevice[]> {
  const { rows } = await db.query<TargetDevice>(
    `SELECT d.id, d.sn, d.kind, d.model FROM devices d WHERE d.id = ANY($3::int[]) AND ${deviceInScope('d', 1, 2)}`,
    [scope.pattern, scope.callerId, [...ids]],
  );
  return rows;
}

/** The last reported value of each register, per device. */
export async function currentParameters(
  db: Queryable,
  deviceIds: readonly number[],
): Promise<Map<number, Map<string, number>>> {
  const { rows } = await db.query<{ device_id: number; key: string; value: number }>(
    `SELECT device_id, key, value FROM device_parameters WHERE device_id = ANY($1::int[])`,
    [[...deviceIds]],
  );
  const out = new Map<number, Map<string, number>>();
  for (const r of rows) out.set(r.device_id, (out.get(r.device_id) ?? new Map()).set(r.key, r.value));
  return out;
}

export async function passwordHashOf(db: Queryable, userId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = $1`, [userId]);
  return rows[0]?.password_hash;
}

export interface NewCommand {
  wireId: string;
  deviceId: number;
  kind: CommandKind;
  category: CommandCategory;
  parameters: Record<string, number>;
}

/**
 * Inserts the commands of one request; a row whose (user, key, device) exists is left alone, so a repeated request
 * creates nothing. The commands of a request to several devices are a batch, pending its one summary message
 * (command-messages.ts). Returns the ids actually inserted.
 */
export async function insertCommands(
  db: Queryable,
  user: { id: number; username: string; ip: string | null },
  idempotencyKey: string,
  expiryMinutes: number,
  commands: readonly NewCommand[],
): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO commands (wire_id, device_id, user_id, username, ip, kind, category, parameters, idempotency_key, expires_at,
                           batch_pending)
     SELECT c.wire_id, c.device_id, $1, $2, $6, c.kind, c.category, c.parameters, $3, now() + make_interval(mins => $4),
            jsonb_array_length($5::jsonb) > 1
       FROM jsonb_to_recordset($5::jsonb)
         AS c(wire_id text, device_id int, kind text, category text, parameters jsonb)
     ON CONFLICT (user_id, idempotency_key, device_id) DO NOTHING
     RETURNING id`,
    [
      user.id,
      user.username,
      idempotencyKey,
      expiryMinutes,
      JSON.stringify(
        commands.map((c) => ({
          wire_id: c.wireId,
          device_id: c.deviceId,
          kind: c.kind,
          category: c.category,
          parameters: c.parameters,
        })),
      ),
      user.ip,
    ],
  );
  return rows.map((r) => Number(r.id));
}

/** Inserts the command that carries an upgrade (category firmware, the image along); undefined on a repeated key. */
export async function insertUpgradeCommand(
  db: Queryable,
  c: {
    wireId: string;
    deviceId: number;
    user: { id: number; username: string; ip: string | null };
    idempotencyKey: string;
    expiryMinutes: number;
    order: FirmwareOrder;
  },
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO commands (wire_id, device_id, user_id, username, ip, kind, category, parameters, firmware, idempotency_key, expires_at)
     VALUES ($1, $2, $3, $4, $9, 'firmwareUpgrade', 'firmware', $5, $6, $7, now() + make_interval(mins => $8))
     ON CONFLICT (user_id, idempotency_key, device_id) DO NOTHING RETURNING id`,
    [
      c.wireId,
      c.deviceId,
      c.user.id,
      c.user.username,
      JSON.stringify({ imageId: c.order.imageId }),
      JSON.stringify(c.order),
      c.idempotencyKey,
      c.expiryMinutes,
      c.user.ip,
    ],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

export async function commandsByKey(db: Queryable, userId: number, idempotencyKey: string): Promise<CommandRow[]> {
  const { rows } = await db.query<CommandRow>(
    `${SELECT} WHERE c.user_id = $1 AND c.idempotency_key = $2 ORDER BY c.id`,
    [userId, idempotencyKey],
  );
  return rows;
}

export async function commandInScope(db: Queryable, scope: Scope, id: number): Promise<CommandRow | undefined> {
  const { rows } = await db.query<CommandRow>(`${SELECT} WHERE c.id = $3 AND ${deviceInScope('d', 1, 2)}`, [
    scope.pattern,
    scope.callerId,
    id,
  ]);
  return rows[0];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of the control records in scope ($1 subtree pattern, $2 caller id) under the filters. The object is a
 * device (serial number or id) or a plant (name or id); without a type either matches.
 */
function recordFilter(scope: Scope, q: ControlRecordFilter) {
  const params: SqlParam[] = [scope.pattern, scope.callerId];
  const where = [deviceInScope('d', 1, 2)];
  const add = (sql: (i: number) => string, value: SqlParam) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (q.userId) add((i) => `c.user_id = $${i}`, q.userId);
  if (q.user) add((i) => `c.username ILIKE $${i}`, `%${escapeLike(q.user)}%`);
  if (q.category) add((i) => `c.category = $${i}`, q.category);
  if (q.kind) add((i) => `c.kind = $${i}`, q.kind);
  if (q.status) add((i) => `c.status = $${i}`, q.status);
  if (q.object) {
    params.push(q.object, `%${escapeLike(q.object)}%`);
    const [exact, part] = [params.length - 1, params.length];
    const device = `(d.id::text = $${exact} OR d.sn ILIKE $${part})`;
    const plant = `(p.id::text = $${exact} OR p.name ILIKE $${part})`;
    where.push(q.objectType === 'device' ? device : q.objectType === 'plant' ? plant : `(${device} OR ${plant})`);
  } else if (q.objectType === 'plant') where.push('d.plant_id IS NOT NULL');
  if (q.ip) add((i) => `c.ip = $${i}`, q.ip);
  if (q.from) add((i) => `c.created_at >= $${i}`, q.from);
  if (q.to) add((i) => `c.created_at <= $${i}`, q.to);
  return { params, filter: where.join(' AND ') };
}

/** How many control records in scope the filters select. */
export async function countRecords(db: Queryable, scope: Scope, q: ControlRecordFilter): Promise<number> {
  const { params, filter } = recordFilter(scope, q);
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM commands c JOIN devices d ON d.id = c.device_id LEFT JOIN plants p ON p.id = d.plant_id
      WHERE ${filter}`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

/** One page of control records in scope, newest first. */
export async function listRecords(db: Queryable, scope: Scope, q: ControlRecordQuery) {
  const { params, filter } = recordFilter(scope, q);
  const total = await countRecords(db, scope, q);
  params.push(q.pageSize, (q.page - 1) * q.pageSize);
  const { rows } = await db.query<CommandRow>(
    `${SELECT} WHERE ${filter} ORDER BY c.created_at DESC, c.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { items: rows.map(toCommand), total, page: q.page, pageSize: q.pageSize };
}

/** At most `limit` selected control records, newest first, for an export (the caller counts them first). */
export async function recordsForExport(db: Queryable, scope: Scope, q: ControlRecordFilter, limit: number) {
  const { params, filter } = recordFilter(scope, q);
  params.push(Math.floor(limit));
  const { rows } = await db.query<CommandRow>(
    `${SELECT} WHERE ${filter} ORDER BY c.created_at DESC, c.id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toCommand);
}
