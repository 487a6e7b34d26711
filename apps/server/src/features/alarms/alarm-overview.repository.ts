import type { AlarmState } from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';
import { Statement, type AlarmConditions, type AlarmScope } from './alarm-search.repository.js';

/**
 * The Alarm Center overview's reads: aggregations of the alarms of the caller's devices that match the filters
 * (scope and conditions as the search's, alarm-search.repository.ts), each one index range of raise times.
 */

/** Per device and plant: how many of the matching alarms (the overview's top lists). */
export async function overviewByDevice(
  db: Queryable,
  scope: AlarmScope,
  c: AlarmConditions,
): Promise<{ device_id: number; plant_id: number | null; n: number }[]> {
  const s = new Statement();
  const { rows } = await db.query<{ device_id: number; plant_id: number | null; n: number }>(
    `SELECT a.device_id, a.plant_id, count(*)::int AS n FROM alarms a WHERE ${s.where(scope, c)}
      GROUP BY a.device_id, a.plant_id`,
    s.params,
  );
  return rows;
}

/** The matching alarms by kind: severity, group, state, acknowledged, flapping, with their recovery times. */
export interface OverviewKindRow {
  severity_rank: number;
  group_name: string;
  state: AlarmState;
  unack: boolean;
  flapping: boolean;
  n: number;
  recovered: number;
  recovered_s: number | null;
}

/**
 * The overview's counts by kind (a few hundred groups at most, summed up by the service). Three small aggregations
 * over one index range each, run side by side, cost less than one with a column per count or grouping sets (which
 * PostgreSQL sorts for).
 */
export async function overviewByKind(db: Queryable, scope: AlarmScope, c: AlarmConditions): Promise<OverviewKindRow[]> {
  const s = new Statement();
  const { rows } = await db.query<OverviewKindRow>(
    `SELECT a.severity_rank, a.group_name, a.state, a.acknowledged_at IS NULL AS unack, a.flapping, count(*)::int AS n,
            count(a.recovered_at)::int AS recovered,
            sum(extract(epoch FROM a.recovered_at - a.raised_at))::float8 AS recovered_s
       FROM alarms a WHERE ${s.where(scope, c)}
      GROUP BY 1, 2, 3, 4, 5`,
    s.params,
  );
  return rows;
}

/** Trend bucket formats: PostgreSQL date_trunc unit and to_char pattern of the label. */
const BUCKET_SQL = {
  hour: { unit: 'hour', format: 'YYYY-MM-DD HH24:00' },
  day: { unit: 'day', format: 'YYYY-MM-DD' },
  month: { unit: 'month', format: 'YYYY-MM' },
} as const;

/**
 * The matching alarms counted by the bucket (in `timeZone`) they were raised in, and recovered in. Grouped by the
 * pair (a few hundred at most) so that PostgreSQL hashes; UTC hours and days are binned with plain arithmetic.
 */
export async function overviewTrend(
  db: Queryable,
  scope: AlarmScope,
  c: AlarmConditions,
  bucket: keyof typeof BUCKET_SQL,
  timeZone: string,
): Promise<{ raised: Map<string, number>; recovered: Map<string, number> }> {
  const s = new Statement();
  const where = s.where(scope, c);
  const { unit, format } = BUCKET_SQL[bucket];
  const utcBins = timeZone === 'UTC' && bucket !== 'month';
  const bin = (column: string) =>
    utcBins
      ? `date_bin('1 ${unit}', ${column}, timestamptz '2000-01-01 00:00:00+00')`
      : `date_trunc('${unit}', ${column} AT TIME ZONE ${s.bind(timeZone)})`;
  const label = (column: string) => `to_char(${utcBins ? `${column} AT TIME ZONE 'UTC'` : column}, '${format}')`;
  const { rows } = await db.query<{ raised: string; recovered: string | null; n: number }>(
    `SELECT ${label('x.r')} AS raised, ${label('x.c')} AS recovered, count(*)::int AS n
       FROM (SELECT ${bin('a.raised_at')} AS r, ${bin('a.recovered_at')} AS c FROM alarms a WHERE ${where}) x
      GROUP BY x.r, x.c`,
    s.params,
  );
  const raised = new Map<string, number>();
  const recovered = new Map<string, number>();
  for (const r of rows) {
    raised.set(r.raised, (raised.get(r.raised) ?? 0) + r.n);
    if (r.recovered !== null) recovered.set(r.recovered, (recovered.get(r.recovered) ?? 0) + r.n);
  }
  return { raised, recovered };
}

/** Serial numbers of these devices and names of these plants (the overview's top lists). */
export async function namesOf(
  db: Queryable,
  deviceIds: number[],
  plantIds: number[],
): Promise<{ devices: Map<number, string>; plants: Map<number, string> }> {
  const [devices, plants] = await Promise.all([
    deviceIds.length
      ? db.query<{ id: number; sn: string }>(`SELECT id, sn FROM devices WHERE id = ANY($1::int4[])`, [deviceIds])
      : { rows: [] },
    plantIds.length
      ? db.query<{ id: number; name: string }>(`SELECT id, name FROM plants WHERE id = ANY($1::int4[])`, [plantIds])
      : { rows: [] },
  ]);
  return {
    devices: new Map(devices.rows.map((r) => [r.id, r.sn])),
    plants: new Map(plants.rows.map((r) => [r.id, r.name])),
  };
}
