import { localDay } from '@voltfleet/domain/time';
import { type EnergyQuantity, type FieldKey } from '@voltfleet/domain/telemetry';
import type { Queryable } from '../../db/db.js';
import { columnOf, fiveMinuteBins, historyAggregate, readingColumnOf, readingsIn } from '../telemetry/index.js';

/** One bin: its start (epoch ms) and a value per requested key (null when the bin has none). */
export type HistoryRow = { t: number } & Record<string, number | null>;

interface Window {
  deviceId: number;
  fromMs: number;
  toMs: number;
}

const asNumber = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'bigint' || typeof v === 'string' ? Number(v) : null;

function rowsOf(raw: Record<string, unknown>[], keys: readonly string[]): HistoryRow[] {
  return raw.map((r) => {
    const row: HistoryRow = { t: Number(asNumber(r.t)) };
    for (const key of keys) row[key] = asNumber(r[key]);
    return row;
  });
}

/**
 * Raw readings averaged into bins of `stepMs` aligned to the window start (the plant's midnight): gauges are averaged,
 * counters take the bin's highest value. Only for short windows; long ones read the rollups.
 */
export async function readingBins(
  db: Queryable,
  w: Window,
  fields: readonly FieldKey[],
  stepMs: number,
): Promise<HistoryRow[]> {
  const values = fields.map((key) => {
    return `${historyAggregate(key)}(${columnOf(key)})::float8 AS "${key}"`;
  });
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT (extract(epoch FROM date_bin(make_interval(secs => $4), ts, $2)) * 1000)::float8 AS t, ${values.join(', ')}
       FROM ${readingsIn({ device: '$1', from: '$2', to: '$3', columns: fields.map(readingColumnOf), fromMs: w.fromMs })} r
      GROUP BY 1 ORDER BY 1`,
    [w.deviceId, new Date(w.fromMs), new Date(w.toMs), stepMs / 1000],
  );
  return rowsOf(rows, fields);
}

/** Five-minute bins (the window on the UTC 5-minute grid) from the values table and the raw readings it lacks. */
export async function valueBinsOf(db: Queryable, w: Window, fields: readonly FieldKey[]): Promise<HistoryRow[]> {
  return rowsOf(await fiveMinuteBins(db, w, fields), fields);
}

/** A signed sum of rollup columns, e.g. grid_import_kwh - grid_export_kwh. */
const signedSum = (sum: readonly (readonly [EnergyQuantity, 1 | -1])[]) =>
  sum.map(([q, sign]) => `${sign < 0 ? '-' : '+'} sum(${columnOf(q)}_kwh)`).join(' ');

/** Energy (kWh) per hour from the 5-minute rollup, one column per requested signed sum. */
export async function energyHours(
  db: Queryable,
  w: Window,
  sums: Readonly<Record<string, readonly (readonly [EnergyQuantity, 1 | -1])[]>>,
): Promise<HistoryRow[]> {
  const keys = Object.keys(sums);
  const columns = keys.map((key) => `(${signedSum(sums[key]!)})::float8 AS "${key}"`);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT (extract(epoch FROM date_bin('1 hour', bucket, $2)) * 1000)::float8 AS t, ${columns.join(', ')}
       FROM device_energy_5m
      WHERE device_id = $1 AND bucket >= $2 AND bucket < $3
      GROUP BY 1 ORDER BY 1`,
    [w.deviceId, new Date(w.fromMs), new Date(w.toMs)],
  );
  return rowsOf(rows, keys);
}

/** Energy (kWh) per plant-local day from the daily rollup; `t` is the day's local midnight. */
export async function energyDays(
  db: Queryable,
  w: Window & { timeZone: string },
  sums: Readonly<Record<string, readonly (readonly [EnergyQuantity, 1 | -1])[]>>,
): Promise<HistoryRow[]> {
  const keys = Object.keys(sums);
  const columns = keys.map((key) => `(${signedSum(sums[key]!)})::float8 AS "${key}"`);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT (extract(epoch FROM (day::timestamp AT TIME ZONE $4)) * 1000)::float8 AS t, ${columns.join(', ')}
       FROM device_energy_day
      WHERE device_id = $1 AND day >= $2::date AND day < $3::date
      GROUP BY day ORDER BY day`,
    [w.deviceId, localDay(w.fromMs, w.timeZone), localDay(w.toMs, w.timeZone), w.timeZone],
  );
  return rowsOf(rows, keys);
}
