import type { AlarmEventKind, AlarmLiveEvent, AlarmSeverity, AlarmState, FaultTracker } from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { deviceInScope, subtreePattern } from '../../platform/scope.js';

/**
 * Every write to the alarms, alarm_events and alarm_faults tables (the alarms feature owns them): the engine's, and
 * the acknowledgement, the only change the pages make (the reads are in alarm-search.repository.ts and
 * alarm-overview.repository.ts).
 */

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** Serialises the engine's work on these devices across processes (PostgreSQL; PGlite has one writer). */
export async function lockDeviceAlarms(db: Queryable, deviceIds: readonly number[]): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(7002, id) FROM unnest($1::int4[]) AS id ORDER BY id`, [[...deviceIds]]);
}

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

interface AlarmRow {
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

const RETURNING = `RETURNING id, device_id, plant_id, code, severity, state, raised_at, recovered_at, flapping`;

function change(r: AlarmRow): AlarmChange & { flapping: boolean } {
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

/** The raise times of this device and code since `since`, oldest first (what the flapping rule counts). */
export async function raiseTimes(db: Queryable, deviceId: number, code: string, since: number): Promise<number[]> {
  const { rows } = await db.query<{ raised_at: Date }>(
    `SELECT raised_at FROM alarms WHERE device_id = $1 AND code = $2 AND raised_at >= $3 ORDER BY raised_at`,
    [deviceId, code, iso(since)],
  );
  return rows.map((r) => ms(r.raised_at)!);
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
 * Raises an alarm: a new active row, or nothing new when one is already active for the device and code (another
 * process raised it first; the partial unique index decides). Returns the active alarm and whether it is new.
 */
export async function insertAlarm(
  db: Queryable,
  a: NewAlarm,
  events: AlarmEventRow[],
): Promise<{ alarm: AlarmChange & { flapping: boolean }; created: boolean }> {
  const { rows } = await db.query<AlarmRow>(
    `INSERT INTO alarms (device_id, plant_id, code, device_code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
     SELECT d.id, d.plant_id, $2, $3, $4, $5, $6, 'active', $7, $8 FROM devices d WHERE d.id = $1
     ON CONFLICT (device_id, code) WHERE state = 'active' DO NOTHING
     ${RETURNING}`,
    [a.deviceId, a.code, a.deviceCode, a.group, a.severity, a.severityRank, iso(a.raisedAt), iso(a.seenAt)],
  );
  if (rows[0]) {
    events.push({ alarmId: Number(rows[0].id), at: a.raisedAt, kind: 'raised' });
    return { alarm: change(rows[0]), created: true };
  }
  const existing = await db.query<AlarmRow>(
    `SELECT id, device_id, plant_id, code, severity, state, raised_at, recovered_at, flapping
       FROM alarms WHERE device_id = $1 AND code = $2 AND state = 'active'`,
    [a.deviceId, a.code],
  );
  return { alarm: change(existing.rows[0]!), created: false };
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
            last_seen_at = greatest(a.last_seen_at, $3), updated_at = now()
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

/** Recovers an active alarm at `at`; null when it was no longer active. */
export async function recoverAlarm(
  db: Queryable,
  alarmId: number,
  at: number,
  events: AlarmEventRow[],
): Promise<(AlarmChange & { flapping: boolean }) | null> {
  const { rows } = await db.query<AlarmRow>(
    `UPDATE alarms SET state = 'recovered', recovered_at = greatest(raised_at, $2), updated_at = now()
      WHERE id = $1 AND state = 'active' ${RETURNING}`,
    [alarmId, iso(at)],
  );
  if (!rows[0]) return null;
  events.push({ alarmId, at, kind: 'recovered' });
  return change(rows[0]);
}

/**
 * No data: raises the alarm `code` for every activated inverter silent past the threshold (not while it restarts
 * after an upgrade), and recovers it for those that report again, dated by their newest report. Set-based, so
 * several processes may run it: the partial unique index keeps one active alarm per device.
 */
export async function syncNoDataAlarms(
  db: Queryable,
  a: { code: string; group: string; severity: AlarmSeverity; severityRank: number; offlineSeconds: number },
): Promise<{ raised: AlarmChange[]; recovered: AlarmChange[] }> {
  const raised = await db.query<AlarmRow>(
    `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
     SELECT d.id, d.plant_id, $1, $2, $3, $4, 'active', d.last_seen_at, d.last_seen_at
       FROM devices d
      WHERE d.kind = 'inverter' AND d.last_seen_at IS NOT NULL
        AND d.last_seen_at < now() - make_interval(secs => $5)
        AND (d.restart_until IS NULL OR d.restart_until < now())
        AND NOT EXISTS (SELECT 1 FROM alarms x WHERE x.device_id = d.id AND x.code = $1 AND x.state = 'active')
     ON CONFLICT (device_id, code) WHERE state = 'active' DO NOTHING
     ${RETURNING}`,
    [a.code, a.group, a.severity, a.severityRank, a.offlineSeconds],
  );
  const recovered = await db.query<AlarmRow>(
    `UPDATE alarms x SET state = 'recovered', recovered_at = greatest(x.raised_at, d.last_seen_at), updated_at = now()
       FROM devices d
      WHERE x.device_id = d.id AND x.code = $1 AND x.state = 'active'
        AND d.last_seen_at >= now() - make_interval(secs => $2)
     RETURNING x.id, x.device_id, x.plant_id, x.code, x.severity, x.state, x.raised_at, x.recovered_at, x.flapping`,
    [a.code, a.offlineSeconds],
  );
  await addEvents(db, [
    ...raised.rows.map((r) => ({ alarmId: Number(r.id), at: ms(r.raised_at)!, kind: 'raised' as const })),
    ...recovered.rows.map((r) => ({ alarmId: Number(r.id), at: ms(r.recovered_at)!, kind: 'recovered' as const })),
  ]);
  return { raised: raised.rows.map(change), recovered: recovered.rows.map(change) };
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
