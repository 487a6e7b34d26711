import type { AlarmSeverity } from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';
import { RETURNING, addEvents, change, ms, type AlarmChange, type AlarmRow } from './alarms.repository.js';

// Alarms the platform raises itself rather than from a device's fault codes: a device silent too long, and the
// conditions performance analytics judges (docs/performance.md). Both raise and recover rows of the same alarms table.

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

/** A condition the platform judged on a device (performance analytics): present since `since`, or absent. */
export interface ConditionVerdict {
  deviceId: number;
  present: boolean;
  /** When the condition began (e.g. the first of the sunny days under the margin); the alarm's raise time. */
  since: Date;
  /** When it was judged absent again; the recovery time. */
  judgedAt: Date;
}

/**
 * Raises the alarm `a.code` of each device judged present that has none active, and recovers the active one of each
 * device judged absent; devices not judged keep what they have. One statement each, with their events.
 */
export async function syncConditionAlarms(
  db: Queryable,
  a: { code: string; group: string; severity: AlarmSeverity; severityRank: number },
  verdicts: readonly ConditionVerdict[],
): Promise<{ raised: AlarmChange[]; recovered: AlarmChange[] }> {
  const present = verdicts.filter((v) => v.present);
  const absent = verdicts.filter((v) => !v.present);
  const raised = await db.query<AlarmRow>(
    `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
     SELECT d.id, d.plant_id, $1, $2, $3, $4, 'active', v.since, now()
       FROM unnest($5::int[], $6::timestamptz[]) AS v (device_id, since)
       JOIN devices d ON d.id = v.device_id
      WHERE NOT EXISTS (SELECT 1 FROM alarms x WHERE x.device_id = d.id AND x.code = $1 AND x.state = 'active')
     ON CONFLICT (device_id, code) WHERE state = 'active' DO NOTHING
     ${RETURNING}`,
    [a.code, a.group, a.severity, a.severityRank, present.map((v) => v.deviceId), present.map((v) => v.since)],
  );
  const recovered = await db.query<AlarmRow>(
    `UPDATE alarms x SET state = 'recovered', recovered_at = greatest(x.raised_at, v.judged_at), updated_at = now()
       FROM unnest($2::int[], $3::timestamptz[]) AS v (device_id, judged_at)
      WHERE x.device_id = v.device_id AND x.code = $1 AND x.state = 'active'
     RETURNING x.id, x.device_id, x.plant_id, x.code, x.severity, x.state, x.raised_at, x.recovered_at, x.flapping`,
    [a.code, absent.map((v) => v.deviceId), absent.map((v) => v.judgedAt)],
  );
  // Still present: the alarm was seen again now (its "last seen" says the rule still holds).
  await db.query(
    `UPDATE alarms SET last_seen_at = now() WHERE code = $1 AND state = 'active' AND device_id = ANY($2::int[])`,
    [a.code, present.map((v) => v.deviceId)],
  );
  await addEvents(db, [
    ...raised.rows.map((r) => ({ alarmId: Number(r.id), at: ms(r.raised_at)!, kind: 'raised' as const })),
    ...recovered.rows.map((r) => ({ alarmId: Number(r.id), at: ms(r.recovered_at)!, kind: 'recovered' as const })),
  ]);
  return { raised: raised.rows.map(change), recovered: recovered.rows.map(change) };
}
