import type { AlarmEventKind, AlarmLiveEvent, AlarmSeverity, AlarmState, FaultTracker } from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { deviceInScope, subtreePattern } from '../../platform/scope.js';

/**
 * Every write to the alarms, alarm_events and alarm_faults tables (the alarms feature owns them): the engine's, and
 * the acknowledgement, the only change the pages make (the reads are in alarm-search.repository.ts and
 * alarm-overview.repository.ts), and, in past-alarms.repository.ts, the alarms of a past the engine did not see. One write happens in the database instead: a device moved to another plant takes
 * its active alarms along (trigger of migration 0039), so an active alarm's plant is always its device's; an alarm
 * reopened here (flapping) takes its device's plant likewise.
 */

const iso = (ms: number) => new Date(ms).toISOString();
export const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** Which of these devices have fault trackers, with the trackers. */
export async function loadTrackers(db: Queryable, deviceIds: readonly number[]): Promise<Map<number, FaultTracker[]>> {
  const { rows } = await db.query<{
    device_id: number;
    code: string;
    device_code: number | null;
    present_since: Date;
    last_seen_at: Date;
    absent_since: Date | null;
    alarm_id: string | null;
    flapping: boolean | null;
  }>(
    `SELECT f.device_id, f.code, f.device_code, f.present_since, f.last_seen_at, f.absent_since, f.alarm_id,
            a.flapping
       FROM alarm_faults f LEFT JOIN alarms a ON a.id = f.alarm_id AND a.state = 'active'
      WHERE f.device_id = ANY($1::int4[])`,
    [[...deviceIds]],
  );
  const out = new Map<number, FaultTracker[]>();
  for (const r of rows) {
    const list = out.get(r.device_id) ?? [];
    list.push({
      code: r.code,
      deviceCode: r.device_code,
      presentSince: ms(r.present_since)!,
      lastSeenAt: ms(r.last_seen_at)!,
      absentSince: ms(r.absent_since),
      // A tracker whose alarm recovered elsewhere (or was deleted) starts over as undebounced.
      alarmId: r.alarm_id !== null && r.flapping !== null ? Number(r.alarm_id) : null,
      flapping: r.flapping ?? false,
    });
    out.set(r.device_id, list);
  }
  return out;
}

/** Replaces the trackers of these devices with `trackers` (their state after the batch). */
export async function saveTrackers(
  db: Queryable,
  deviceIds: readonly number[],
  trackers: { deviceId: number; t: FaultTracker }[],
): Promise<void> {
  await db.query(`DELETE FROM alarm_faults WHERE device_id = ANY($1::int4[])`, [[...deviceIds]]);
  if (trackers.length === 0) return;
  await db.query(
    `INSERT INTO alarm_faults (device_id, code, device_code, present_since, last_seen_at, absent_since, alarm_id)
     SELECT * FROM unnest($1::int4[], $2::text[], $3::int4[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::int8[])`,
    [
      trackers.map((x) => x.deviceId),
      trackers.map((x) => x.t.code),
      trackers.map((x) => x.t.deviceCode),
      trackers.map((x) => iso(x.t.presentSince)),
      trackers.map((x) => iso(x.t.lastSeenAt)),
      trackers.map((x) => (x.t.absentSince === null ? null : iso(x.t.absentSince))),
      trackers.map((x) => x.t.alarmId),
    ] as never[],
  );
}

/** An alarm as the engine reports it after a change (the live push's shape). */
export type AlarmChange = AlarmLiveEvent['alarm'];

export interface AlarmRow {
  id: string;
  device_id: number;
  plant_id: number | null;
  code: string;
  severity: AlarmSeverity;
  state: 'active' | 'recovered';
  raised_at: Date;
  recovered_at: Date | null;
  flapping: boolean;
}

export const RETURNING = `RETURNING id, device_id, plant_id, code, severity, state, raised_at, recovered_at, flapping`;

export function change(r: AlarmRow): AlarmChange & { flapping: boolean } {
  return {
    id: Number(r.id),
    deviceId: r.device_id,
    plantId: r.plant_id,
    code: r.code,
    severity: r.severity,
    state: r.state,
    raisedAt: new Date(r.raised_at).toISOString(),
    recoveredAt: r.recovered_at === null ? null : new Date(r.recovered_at).toISOString(),
    flapping: r.flapping,
  };
}

/** An entry of an alarm's timeline: the engine collects a batch's and writes them together (addEvents). */
export interface AlarmEventRow {
  alarmId: number;
  at: number;
  kind: AlarmEventKind;
}

/** Writes timeline entries, in one statement, in their order. */
export async function addEvents(db: Queryable, events: readonly AlarmEventRow[]): Promise<void> {
  if (events.length === 0) return;
  await db.query(
    `INSERT INTO alarm_events (alarm_id, at, kind)
     SELECT e.alarm_id, e.at, e.kind
       FROM unnest($1::int8[], $2::timestamptz[], $3::text[]) WITH ORDINALITY AS e(alarm_id, at, kind, n)
      ORDER BY e.n`,
    [events.map((e) => e.alarmId), events.map((e) => iso(e.at)), events.map((e) => e.kind)] as never[],
  );
}

/** One question of the flapping rule: the raises of this device and code at or after `since`. */
export interface RaiseQuery {
  deviceId: number;
  code: string;
  since: number;
}

/** The raise times each of `queries` asks for, oldest first, in the order of `queries` (one statement). */
export async function raiseTimes(db: Queryable, queries: readonly RaiseQuery[]): Promise<number[][]> {
  const out = queries.map((): number[] => []);
  if (queries.length === 0) return out;
  // LATERAL: one index range (alarms_device_code_idx) per question, whatever the planner guesses of unnest's size.
  const { rows } = await db.query<{ n: string; raised_at: Date }>(
    `SELECT q.n, a.raised_at
       FROM unnest($1::int4[], $2::text[], $3::timestamptz[]) WITH ORDINALITY AS q(device_id, code, since, n)
       CROSS JOIN LATERAL (
         SELECT raised_at FROM alarms x WHERE x.device_id = q.device_id AND x.code = q.code AND x.raised_at >= q.since
       ) a
      ORDER BY q.n, a.raised_at`,
    [queries.map((q) => q.deviceId), queries.map((q) => q.code), queries.map((q) => iso(q.since))] as never[],
  );
  for (const r of rows) out[Number(r.n) - 1]!.push(ms(r.raised_at)!);
  return out;
}

/** Every raise of these devices at or after `since`, by device and code, oldest first (RaiseMemory's first read). */
export async function raisesOfDevices(
  db: Queryable,
  deviceIds: readonly number[],
  since: number,
): Promise<{ deviceId: number; code: string; raisedAt: number }[]> {
  const { rows } = await db.query<{ device_id: number; code: string; raised_at: Date }>(
    `SELECT device_id, code, raised_at FROM alarms
      WHERE device_id = ANY($1::int4[]) AND raised_at >= $2 ORDER BY raised_at`,
    [[...deviceIds], iso(since)],
  );
  return rows.map((r) => ({ deviceId: r.device_id, code: r.code, raisedAt: ms(r.raised_at)! }));
}

/**
 * The first six parameters of an alarm insert, as arrays for unnest: device, code, device code, and what the row
 * copies from the catalogue (group, severity, its rank).
 */
export function alarmColumns(
  list: readonly Pick<NewAlarm, 'deviceId' | 'code' | 'deviceCode' | 'group' | 'severity' | 'severityRank'>[],
): unknown[][] {
  return [
    list.map((a) => a.deviceId),
    list.map((a) => a.code),
    list.map((a) => a.deviceCode),
    list.map((a) => a.group),
    list.map((a) => a.severity),
    list.map((a) => a.severityRank),
  ];
}

export interface NewAlarm {
  deviceId: number;
  code: string;
  deviceCode: number | null;
  group: string;
  severity: AlarmSeverity;
  severityRank: number;
  raisedAt: number;
  seenAt: number;
}

/**
 * Raises alarms (at most one per device and code in a call), in one statement: a new active row each, or nothing new
 * where one is already active for the device and code (another process raised it first; the partial unique index
 * decides), which is then read. Returns, in the order of `list`, the active alarm and whether it is new; null for a
 * device that no longer exists.
 */
export async function insertAlarms(
  db: Queryable,
  list: readonly NewAlarm[],
  events: AlarmEventRow[],
): Promise<({ alarm: AlarmChange & { flapping: boolean }; created: boolean } | null)[]> {
  if (list.length === 0) return [];
  const key = (deviceId: number, code: string) => `${deviceId}:${code}`;
  const { rows } = await db.query<AlarmRow>(
    `INSERT INTO alarms (device_id, plant_id, code, device_code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
     SELECT d.id, d.plant_id, a.code, a.device_code, a.group_name, a.severity, a.severity_rank, 'active', a.raised_at, a.seen_at
       FROM unnest($1::int4[], $2::text[], $3::int4[], $4::text[], $5::text[], $6::int2[], $7::timestamptz[], $8::timestamptz[])
            WITH ORDINALITY AS a(device_id, code, device_code, group_name, severity, severity_rank, raised_at, seen_at, n)
       JOIN devices d ON d.id = a.device_id
      ORDER BY a.n
     ON CONFLICT (device_id, code) WHERE state = 'active' DO NOTHING
     ${RETURNING}`,
    [...alarmColumns(list), list.map((a) => iso(a.raisedAt)), list.map((a) => iso(a.seenAt))] as never[],
  );
  const created = new Map(rows.map((r) => [key(r.device_id, r.code), r]));
  const missing = list.filter((a) => !created.has(key(a.deviceId, a.code)));
  const existing = new Map<string, AlarmRow>();
  if (missing.length > 0) {
    const found = await db.query<AlarmRow>(
      `SELECT a.id, a.device_id, a.plant_id, a.code, a.severity, a.state, a.raised_at, a.recovered_at, a.flapping
         FROM unnest($1::int4[], $2::text[]) AS m(device_id, code)
         JOIN alarms a ON a.device_id = m.device_id AND a.code = m.code AND a.state = 'active'`,
      [missing.map((a) => a.deviceId), missing.map((a) => a.code)] as never[],
    );
    for (const r of found.rows) existing.set(key(r.device_id, r.code), r);
  }
  return list.map((a) => {
    const k = key(a.deviceId, a.code);
    const row = created.get(k);
    if (row) {
      events.push({ alarmId: Number(row.id), at: a.raisedAt, kind: 'raised' });
      return { alarm: change(row), created: true };
    }
    const other = existing.get(k);
    return other ? { alarm: change(other), created: false } : null;
  });
}

/**
 * Flapping: reopens the newest recovered alarm of this device and code as active and flapping (one alarm, not
 * hundreds). Null when there is none to reopen, or one is already active.
 */
export async function reopenFlapping(
  db: Queryable,
  deviceId: number,
  code: string,
  at: number,
  events: AlarmEventRow[],
): Promise<{ alarm: AlarmChange & { flapping: boolean }; becameFlapping: boolean } | null> {
  const { rows } = await db.query<AlarmRow & { was_flapping: boolean }>(
    `WITH newest AS (
       SELECT id, flapping FROM alarms
        WHERE device_id = $1 AND code = $2 AND state = 'recovered'
          AND NOT EXISTS (SELECT 1 FROM alarms x WHERE x.device_id = $1 AND x.code = $2 AND x.state = 'active')
        ORDER BY raised_at DESC, id DESC LIMIT 1)
     UPDATE alarms a SET state = 'active', recovered_at = NULL, flapping = true, flaps = a.flaps + 1,
            last_seen_at = greatest(a.last_seen_at, $3), updated_at = now(),
            plant_id = (SELECT d.plant_id FROM devices d WHERE d.id = $1)
       FROM newest WHERE a.id = newest.id
     RETURNING a.id, a.device_id, a.plant_id, a.code, a.severity, a.state, a.raised_at, a.recovered_at, a.flapping,
               newest.flapping AS was_flapping`,
    [deviceId, code, iso(at)],
  );
  const r = rows[0];
  if (!r) return null;
  events.push({ alarmId: Number(r.id), at, kind: r.was_flapping ? 'seen' : 'flapping' });
  return { alarm: change(r), becameFlapping: !r.was_flapping };
}

/** The newest report of each of these active alarms. */
export async function touchAlarms(db: Queryable, seen: { alarmId: number; at: number }[]): Promise<void> {
  if (seen.length === 0) return;
  await db.query(
    `UPDATE alarms a SET last_seen_at = greatest(a.last_seen_at, u.at)
       FROM unnest($1::int8[], $2::timestamptz[]) AS u(id, at)
      WHERE a.id = u.id AND a.state = 'active'`,
    [seen.map((s) => s.alarmId), seen.map((s) => iso(s.at))] as never[],
  );
}

/**
 * Recovers active alarms (each at its `at`, with the fault's last report as its "last seen"), in one statement.
 * Returns, in the order of `list`, each alarm after the change; null for one that was no longer active.
 */
export async function recoverAlarms(
  db: Queryable,
  list: readonly { alarmId: number; at: number; lastSeenAt: number }[],
  events: AlarmEventRow[],
): Promise<((AlarmChange & { flapping: boolean }) | null)[]> {
  if (list.length === 0) return [];
  const { rows } = await db.query<AlarmRow>(
    `UPDATE alarms a SET state = 'recovered', recovered_at = greatest(a.raised_at, r.at),
            last_seen_at = greatest(a.last_seen_at, r.seen), updated_at = now()
       FROM unnest($1::int8[], $2::timestamptz[], $3::timestamptz[]) AS r(id, at, seen)
      WHERE a.id = r.id AND a.state = 'active'
     RETURNING a.id, a.device_id, a.plant_id, a.code, a.severity, a.state, a.raised_at, a.recovered_at, a.flapping`,
    [list.map((r) => r.alarmId), list.map((r) => iso(r.at)), list.map((r) => iso(r.lastSeenAt))] as never[],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return list.map(({ alarmId, at }) => {
    const row = byId.get(alarmId);
    if (!row) return null;
    events.push({ alarmId, at, kind: 'recovered' });
    return change(row);
  });
}

/** An alarm as the live push announces it. */
export interface AckedAlarm {
  id: string | number;
  device_id: number;
  plant_id: number | null;
  code: string;
  severity: AlarmSeverity;
  state: AlarmState;
  raised_at: Date;
  recovered_at: Date | null;
}

/**
 * Acknowledges those of `ids` that belong to devices the caller may see and are not acknowledged yet (an
 * acknowledged alarm keeps its first acknowledgement), with an 'acknowledged' event each, in one statement.
 * Returns the alarms it changed.
 */
export async function acknowledgeInScope(
  db: Queryable,
  caller: Caller,
  ids: number[],
  note: string | null,
): Promise<AckedAlarm[]> {
  const { rows } = await db.query<AckedAlarm>(
    `WITH acked AS (
       UPDATE alarms a SET acknowledged_at = now(), acknowledged_by = $3, ack_note = $4, updated_at = now()
        WHERE a.id = ANY($5::int8[]) AND a.acknowledged_at IS NULL
          AND EXISTS (SELECT 1 FROM devices d WHERE d.id = a.device_id AND ${deviceInScope('d', 1, 2)})
       RETURNING a.id, a.device_id, a.plant_id, a.code, a.severity, a.state, a.raised_at, a.recovered_at,
                 a.acknowledged_at
     ), events AS (
       INSERT INTO alarm_events (alarm_id, at, kind, user_id, note)
       SELECT id, acknowledged_at, 'acknowledged', $3, $4 FROM acked
     )
     SELECT id, device_id, plant_id, code, severity, state, raised_at, recovered_at FROM acked ORDER BY id`,
    [subtreePattern(caller), caller.id, caller.id, note, ids],
  );
  return rows;
}
