import type { AlarmEventKind } from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';
import { addEvents, alarmColumns, type AlarmEventRow, type NewAlarm } from './alarms.repository.js';

/**
 * The alarms of a past the engine did not see (PastAlarms: the demo's months before its recent week, seeded after
 * it), written whole, timelines included; the rest of the alarms' writes are in alarms.repository.ts.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (d: Date | string) => new Date(d).getTime();

/** An alarm of the past, complete with its timeline (the demo's older history: see past-alarms.ts). */
export interface PastAlarmRow extends Omit<NewAlarm, 'seenAt'> {
  lastSeenAt: number;
  recoveredAt: number;
  flaps: number;
  flapping: boolean;
  /** Its timeline, oldest first ('raised' at `raisedAt` first). */
  events: { at: number; kind: AlarmEventKind }[];
}

/**
 * Writes recovered alarms of the past with their timelines, in two statements (alarms, then events), each alarm in
 * its device's plant. A device and code raise at most one alarm at a time, so (device, code, raised at) names each.
 * Returns how many were written (a device deleted meanwhile leaves its own out).
 */
export async function insertPastAlarms(db: Queryable, list: readonly PastAlarmRow[]): Promise<number> {
  if (list.length === 0) return 0;
  const { rows } = await db.query<{ id: string; device_id: number; code: string; raised_at: Date }>(
    `INSERT INTO alarms (device_id, plant_id, code, device_code, group_name, severity, severity_rank, state, raised_at,
                         last_seen_at, recovered_at, flaps, flapping)
     SELECT d.id, d.plant_id, a.code, a.device_code, a.group_name, a.severity, a.severity_rank, 'recovered',
            a.raised_at, a.seen_at, a.recovered_at, a.flaps, a.flapping
       FROM unnest($1::int4[], $2::text[], $3::int4[], $4::text[], $5::text[], $6::int2[], $7::timestamptz[],
                   $8::timestamptz[], $9::timestamptz[], $10::int4[], $11::bool[])
            WITH ORDINALITY AS a(device_id, code, device_code, group_name, severity, severity_rank, raised_at, seen_at,
                                 recovered_at, flaps, flapping, n)
       JOIN devices d ON d.id = a.device_id
      ORDER BY a.n
     RETURNING id, device_id, code, raised_at`,
    [
      ...alarmColumns(list),
      list.map((a) => iso(a.raisedAt)),
      list.map((a) => iso(a.lastSeenAt)),
      list.map((a) => iso(a.recoveredAt)),
      list.map((a) => a.flaps),
      list.map((a) => a.flapping),
    ] as never[],
  );
  const key = (deviceId: number, code: string, raisedAt: number) => `${deviceId}:${code}:${raisedAt}`;
  const ids = new Map(rows.map((r) => [key(r.device_id, r.code, ms(r.raised_at)), Number(r.id)]));
  const events: AlarmEventRow[] = [];
  for (const a of list) {
    const alarmId = ids.get(key(a.deviceId, a.code, a.raisedAt));
    if (alarmId !== undefined) for (const e of a.events) events.push({ alarmId, at: e.at, kind: e.kind });
  }
  await addEvents(db, events);
  return rows.length;
}

/**
 * The alarm of a fault that began before `fromMs` and still stood then, whose alarm the engine raised again from
 * the first readings after it (the demo's recent history is seeded before the older one): the active or recovered
 * alarm of that device and code raised in [fromMs, fromMs + withinMs] takes the earlier start, with its 'raised'
 * entry. Returns whether there was one.
 */
export async function extendAlarmBack(
  db: Queryable,
  past: { deviceId: number; code: string; raisedAt: number; flaps: number; flapping: boolean },
  fromMs: number,
  withinMs: number,
): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE alarms a SET raised_at = $3, flaps = a.flaps + $6, flapping = a.flapping OR $7, updated_at = now()
      WHERE a.id = (SELECT id FROM alarms WHERE device_id = $1 AND code = $2 AND raised_at BETWEEN $4 AND $5
                     ORDER BY raised_at, id LIMIT 1)
     RETURNING a.id`,
    [past.deviceId, past.code, iso(past.raisedAt), iso(fromMs), iso(fromMs + withinMs), past.flaps, past.flapping],
  );
  const id = rows[0]?.id;
  if (id === undefined) return false;
  await db.query(`UPDATE alarm_events SET at = $2 WHERE alarm_id = $1 AND kind = 'raised'`, [id, iso(past.raisedAt)]);
  return true;
}

/** Whether any of these devices has an alarm raised before `beforeMs`. */
export async function anyAlarmBefore(db: Queryable, deviceIds: readonly number[], beforeMs: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM alarms WHERE device_id = ANY($1::int4[]) AND raised_at < $2 LIMIT 1`, [
    [...deviceIds],
    iso(beforeMs),
  ]);
  return rows.length > 0;
}
