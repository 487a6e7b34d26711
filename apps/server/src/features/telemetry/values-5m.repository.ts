import { FIELDS, isHistoryField, type FieldKey } from '@voltfleet/domain/telemetry';
import { releaseAdvisoryLock, tryAdvisoryLock } from '../../db/advisory-lock.js';
import type { DbSession, Queryable } from '../../db/db.js';
import { columnOf } from './columns.js';
import { LATE_MS, VALUES_STEP_MS, bucketStartMs, historyAggregate } from './values-5m.js';
import { RAW_FOR_SURE_MS, readingsIn, type ReadingColumn } from './readings-source.js';
import {
  compactedArraysNone,
  compactedArraysSelect,
  decodeCompactedDay,
  type CompactedArraysRow,
} from './compact-decode.js';

/*
 * Writes and reads of device_values_5m (decision 0019), in one place: the job's aggregation, the ingest's stale marks
 * and the history's reading. The aggregates are the ones the history bins raw readings into (gauges averaged,
 * counters at their highest), so a bucket read from the table equals the same bucket binned from its readings.
 */

/** The history fields as columns of the table, with their aggregate. */
export const VALUE_COLUMNS = FIELDS.filter((f) => isHistoryField(f.key)).map((f) => ({
  key: f.key as FieldKey,
  column: columnOf(f.key),
  agg: historyAggregate(f.key as FieldKey),
}));
const COLUMN_LIST = VALUE_COLUMNS.map((c) => c.column).join(', ');
const AGGREGATES = VALUE_COLUMNS.map((c) => `${c.agg}(r.${c.column})::float8`).join(', ');
const UPDATES = VALUE_COLUMNS.map((c) => `${c.column} = excluded.${c.column}`).join(', ');
/** Any 5-minute-aligned origin gives the UTC 5-minute grid. */
const bucketOf = (ts: string) => `date_bin('5 minutes', ${ts}, TIMESTAMPTZ '2000-01-01 00:00+00')`;

export interface ValuesProgress {
  coveredFrom: Date | null;
  coveredTo: Date | null;
}

export async function valuesProgress(db: Queryable): Promise<ValuesProgress> {
  const { rows } = await db.query<{ covered_from: Date | null; covered_to: Date | null }>(
    `SELECT covered_from, covered_to FROM device_values_5m_progress`,
  );
  return { coveredFrom: rows[0]?.covered_from ?? null, coveredTo: rows[0]?.covered_to ?? null };
}

export async function setValuesProgress(db: Queryable, progress: { coveredFrom: Date; coveredTo: Date }) {
  await db.query(`UPDATE device_values_5m_progress SET covered_from = $1, covered_to = $2`, [
    progress.coveredFrom,
    progress.coveredTo,
  ]);
}

/**
 * Aggregates every bucket in [from, to) (both on the 5-minute grid) from the raw readings, replacing what the table
 * had. Only devices whose newest reading is not older than `from` are read, each by its own key range.
 */
export async function aggregateBuckets(db: Queryable, from: Date, to: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH written AS (
       INSERT INTO device_values_5m (device_id, bucket, ${COLUMN_LIST})
       SELECT r.device_id, ${bucketOf('r.ts')}, ${AGGREGATES}
         FROM devices d
         JOIN readings r ON r.device_id = d.id AND r.ts >= $1 AND r.ts < $2
        WHERE d.last_reading_at >= $1
        GROUP BY 1, 2
       ON CONFLICT (device_id, bucket) DO UPDATE SET ${UPDATES}
       RETURNING 1)
     SELECT count(*)::int AS n FROM written`,
    [from, to],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Marks the buckets of readings just written as stale where the job may already have aggregated them (the bucket
 * ended LATE_MS before this transaction began, and lies in the covered span or after its start: the history never
 * reads the table before it). The history reads them raw until the job aggregates them again. Callers pass only
 * readings from buckets that ended a while ago and lie after `coveredFrom` (a live reading's bucket has not ended),
 * so steady ingest runs no statement here.
 */
export async function markStale(db: Queryable, readings: readonly { deviceId: number; ts: number }[]): Promise<void> {
  if (readings.length === 0) return;
  const keys = new Map<string, { deviceId: number; bucket: number }>();
  for (const r of readings) {
    const bucket = bucketStartMs(r.ts);
    keys.set(`${r.deviceId}:${bucket}`, { deviceId: r.deviceId, bucket });
  }
  const list = [...keys.values()];
  await db.query(
    `INSERT INTO device_values_5m_stale (device_id, bucket)
     SELECT device_id, bucket FROM unnest($1::int4[], $2::timestamptz[]) AS s(device_id, bucket)
      WHERE bucket + interval '5 minutes' <= now() - make_interval(secs => $3)
        AND bucket >= coalesce((SELECT covered_from FROM device_values_5m_progress), '-infinity')
     ON CONFLICT DO NOTHING`,
    [list.map((k) => k.deviceId), list.map((k) => new Date(k.bucket).toISOString()), LATE_MS / 1000],
  );
}

/**
 * Clears up to `limit` stale marks and aggregates their buckets again where the covered span holds them, in one
 * statement (one snapshot: a reading committed after it marks its bucket again, waiting for this statement's
 * transaction if it cleared the same mark). A mark outside the span needs no work: the history reads buckets before
 * it raw, and buckets after it are aggregated when the span reaches them. Returns how many marks were cleared.
 */
export async function refreshStale(db: Queryable, limit: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH cleared AS (
       DELETE FROM device_values_5m_stale
        WHERE (device_id, bucket) IN (SELECT device_id, bucket FROM device_values_5m_stale LIMIT $1)
       RETURNING device_id, bucket),
     written AS (
       INSERT INTO device_values_5m (device_id, bucket, ${COLUMN_LIST})
       SELECT s.device_id, s.bucket, ${AGGREGATES}
         FROM cleared s
         JOIN device_values_5m_progress p ON s.bucket >= p.covered_from AND s.bucket < p.covered_to
         JOIN readings r ON r.device_id = s.device_id AND r.ts >= s.bucket AND r.ts < s.bucket + interval '5 minutes'
        GROUP BY 1, 2
       ON CONFLICT (device_id, bucket) DO UPDATE SET ${UPDATES}
       RETURNING 1)
     SELECT (SELECT count(*) FROM cleared)::int AS n`,
    [limit],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Retention (retention.ts): the covered span starts no earlier than the cut-off, then the table's rows before it go,
 * a few hundred devices a statement (each device's rows by its key range). The history of those days then reads the
 * raw readings, as every other raw-reading view does (only anchors are left there). Returns the rows deleted.
 */
export async function purgeValuesBefore(db: Queryable, cutoff: Date, devicesPerStatement = 500): Promise<number> {
  await db.query(
    `UPDATE device_values_5m_progress
        SET covered_from = greatest(covered_from, $1), covered_to = greatest(covered_to, $1)
      WHERE covered_from < $1`,
    [cutoff],
  );
  let deleted = 0;
  for (let after = 0; ;) {
    const { rows } = await db.query<{ last: number | null; n: number }>(
      `WITH ids AS (SELECT id FROM devices WHERE id > $1 ORDER BY id LIMIT $3),
            gone AS (DELETE FROM device_values_5m v USING ids WHERE v.device_id = ids.id AND v.bucket < $2 RETURNING 1)
       SELECT (SELECT max(id) FROM ids) AS last, (SELECT count(*) FROM gone)::int AS n`,
      [after, cutoff, devicesPerStatement],
    );
    deleted += rows[0]?.n ?? 0;
    if (rows[0]?.last === null || rows[0]?.last === undefined) return deleted;
    after = rows[0].last;
  }
}

/** The database's clock (every process judges "settled" by it). */
export async function databaseNow(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ now: Date }>(`SELECT clock_timestamp() AS now`);
  return rows[0]!.now.getTime();
}

/** Advisory lock (two-key form, beside ingest's 7001, the alarms' 7002 and retention's 7003): one aggregator. */
const VALUES_LOCK = [7004, 0] as const;

export const tryValuesLock = (conn: DbSession) => tryAdvisoryLock(conn, VALUES_LOCK);

export const releaseValuesLock = (conn: DbSession) => releaseAdvisoryLock(conn, VALUES_LOCK);

/**
 * One device's 5-minute bins in [from, to) (on the grid): from the table where it covers them and no stale mark
 * says otherwise, from the readings elsewhere (before and after the covered span, and stale buckets), raw or
 * compacted, binned exactly as the raw path bins them.
 *
 * Two statements at most, each one snapshot of the table, its marks, its progress and the readings. The first reads
 * the table alone, and only when the span covers the whole window and no bucket of it is marked stale: then the
 * table's rows are the bins (the common case, a past day not yet compacted). It answers nothing otherwise, or for a
 * window without readings, and the second reads the rest: the table's bins, the raw readings' bins (sums and counts,
 * so that a bucket holding raw and compacted readings is summed once), and the compacted days' arrays, decoded and
 * binned here (compact-decode.ts, decision 0038: PostgreSQL's window functions took 21 ms for a day). The first plans
 * in a tenth of a millisecond. The second names the partitioned readings twice and its text depends on the fields, so
 * it is planned on every call: 3–4 ms of planning and 4.4 ms of running for a compacted day on the saturated api
 * benchmark (bench/README.md, api).
 */
export async function valueBins(
  db: Queryable,
  w: { deviceId: number; fromMs: number; toMs: number },
  fields: readonly FieldKey[],
): Promise<Record<string, unknown>[]> {
  const columns = fields.map((key) => {
    const c = VALUE_COLUMNS.find((v) => v.key === key)!;
    return { key, column: c.column, agg: c.agg };
  });
  const fromTable = columns.map((c) => `v.${c.column} AS "${c.key}"`).join(', ');
  const params: [number, Date, Date] = [w.deviceId, new Date(w.fromMs), new Date(w.toMs)];
  const covered = await db.query<Record<string, unknown>>(
    `SELECT (extract(epoch FROM v.bucket) * 1000)::float8 AS t, ${fromTable}
       FROM device_values_5m_progress p
       JOIN device_values_5m v ON v.device_id = $1 AND v.bucket >= $2 AND v.bucket < $3
      WHERE p.covered_from <= $2 AND p.covered_to >= $3
        AND NOT EXISTS (SELECT 1 FROM device_values_5m_stale s WHERE s.device_id = $1 AND s.bucket >= $2 AND s.bucket < $3)
      ORDER BY 1`,
    params,
  );
  if (covered.rows.length > 0) return covered.rows;
  return (await binsBeyondTable(db, w, columns)) ?? binsInSql(db, params, columns);
}

type BinColumn = { key: FieldKey; column: string; agg: 'avg' | 'max' };

/** The span's bounds clipped to the window ($2, $3), and the stale buckets inside them. */
const BOUNDS = `p AS (SELECT coalesce(covered_from, $3) AS cf, coalesce(covered_to, $3) AS ct FROM device_values_5m_progress),
     bounds AS (SELECT least($3, greatest($2, cf)) AS lo, greatest($2, least($3, ct)) AS hi FROM p),
     stale AS (SELECT s.bucket FROM device_values_5m_stale s, bounds b
                WHERE s.device_id = $1 AND s.bucket >= b.lo AND s.bucket < b.hi)`;

/** FROM and WHERE of the table's bins inside the span (`v`), stale ones left out. */
const TABLE_BINS = `
       FROM device_values_5m v, bounds b
      WHERE v.device_id = $1 AND v.bucket >= b.lo AND v.bucket < b.hi
        AND NOT EXISTS (SELECT 1 FROM stale s WHERE s.bucket = v.bucket)`;

/** Readings of the window outside the span, or in its stale buckets, from `source` (SQL of columns device_id, ts…). */
const readingsBeside = (source: string, list: string) => `SELECT r.ts, ${list} FROM ${source} r, bounds b
        WHERE (r.ts < b.lo OR r.ts >= b.hi)
       UNION ALL
       SELECT r.ts, ${list}
         FROM stale s JOIN readings r ON r.device_id = $1 AND r.ts >= s.bucket AND r.ts < s.bucket + interval '5 minutes'
        WHERE r.ts >= $2 AND r.ts < $3`;

/** One bin being summed: per column the sum (or highest value) and the count of values. */
interface Accumulator {
  sums: number[];
  counts: number[];
}

/** Adds `n` values summing to (or at most) `v` to column `i` of a bin. */
function add(b: Accumulator, i: number, agg: 'avg' | 'max', v: number, n: number) {
  b.sums[i] = agg === 'avg' ? b.sums[i]! + v : b.counts[i] === 0 ? v : Math.max(b.sums[i]!, v);
  b.counts[i]! += n;
}

/**
 * The second statement (see valueBins): table bins as they are, raw bins as sums (`avg` fields: the float8 sum in the
 * aggregate's own order, which avg divides by the count) or highest values, and each compacted day in the window as
 * arrays. Undefined when a compacted day holds a wanted column as texts (values no integer holds, see the header
 * comment of compact-format.ts): binsInSql reads those.
 */
async function binsBeyondTable(
  db: Queryable,
  w: { deviceId: number; fromMs: number; toMs: number },
  columns: readonly BinColumn[],
): Promise<Record<string, unknown>[] | undefined> {
  const compacted = w.fromMs < Date.now() - RAW_FOR_SURE_MS;
  const rawList = columns.map((c) => `r.${c.column}`).join(', ');
  const counts = columns.map((_c, i) => `NULL::int4 AS n${i}`).join(', ');
  const compactNone = `${compactedArraysNone(columns.map((c) => c.column))}, NULL::float8 AS lo, NULL::float8 AS hi`;
  const tableRows = `SELECT 0 AS k, (extract(epoch FROM v.bucket) * 1000)::float8 AS t, ${columns
    .map((c, i) => `v.${c.column}::float8 AS v${i}`)
    .join(', ')}, ${counts}, ${compactNone}${TABLE_BINS}`;
  const rawBins = `SELECT 1, (extract(epoch FROM ${bucketOf('r.ts')}) * 1000)::float8, ${columns
    .map((c, i) => `${c.agg === 'avg' ? `sum(r.${c.column}::float8)` : `max(r.${c.column})::float8`} AS v${i}`)
    .join(', ')}, ${columns.map((c, i) => `count(r.${c.column})::int4 AS n${i}`).join(', ')}, ${compactNone}
       FROM raw r GROUP BY 2`;
  const compactRows = `SELECT 2, NULL::float8, ${columns.map((_c, i) => `NULL::float8 AS v${i}`).join(', ')}, ${counts}, ${compactedArraysSelect(columns.map((c) => c.column))},
          (extract(epoch FROM b.lo) * 1000)::float8, (extract(epoch FROM b.hi) * 1000)::float8
       FROM readings_compact rc, bounds b
      WHERE rc.device_id = $1 AND rc.day >= ($2::timestamptz AT TIME ZONE 'UTC')::date
        AND rc.day <= ($3::timestamptz AT TIME ZONE 'UTC')::date AND rc.first_ts < $3 AND rc.last_ts >= $2
        AND (rc.first_ts < b.lo OR rc.last_ts >= b.hi)`;
  const raw = `SELECT device_id, ts, ${columns.map((c) => c.column).join(', ')} FROM readings
                WHERE device_id = $1 AND ts >= $2 AND ts < $3`;
  const { rows } = await db.query<BeyondRow>(
    `WITH ${BOUNDS},
     raw AS (${readingsBeside(`(${raw})`, rawList)})
     ${tableRows}
     UNION ALL
     ${rawBins}${
       compacted
         ? `
     UNION ALL
     ${compactRows}`
         : ''
     }`,
    [w.deviceId, new Date(w.fromMs), new Date(w.toMs)],
  );
  const out: Record<string, unknown>[] = [];
  const bins = new Map<number, Accumulator>();
  const bin = (t: number) => {
    let b = bins.get(t);
    if (!b) bins.set(t, (b = { sums: columns.map(() => 0), counts: columns.map(() => 0) }));
    return b;
  };
  // Compacted readings first: a bucket shared with raw readings holds the device's newest reading raw (the
  // compaction leaves it), the latest of the bucket, so the sum runs in time order as the raw path's would.
  const stepUs = VALUES_STEP_MS * 1000;
  for (const row of rows) {
    if (row.k !== 2) continue;
    const day = decodeCompactedDay(
      row as unknown as CompactedArraysRow,
      columns.map((c) => c.column),
    );
    if (day === null) return undefined;
    const us = (ms: number) => (ms - day.dayStartMs) * 1000;
    const [from, to, lo, hi] = [us(w.fromMs), us(w.toMs), us(row.lo!), us(row.hi!)];
    let b: Accumulator | undefined;
    let bucket = NaN;
    for (let r = 0; r < day.tUs.length; r++) {
      const t = day.tUs[r]!;
      if (t < from || t >= to || (t >= lo && t < hi)) continue;
      const start = Math.floor(t / stepUs);
      if (start !== bucket) {
        bucket = start;
        b = bin(day.dayStartMs + start * VALUES_STEP_MS);
      }
      for (let i = 0; i < columns.length; i++) {
        const v = day.values[i]![r]!;
        if (!Number.isNaN(v)) add(b!, i, columns[i]!.agg, v, 1);
      }
    }
  }
  for (const row of rows) {
    if (row.k === 0) {
      const bin: Record<string, unknown> = { t: row.t };
      columns.forEach((c, i) => (bin[c.key] = row[`v${i}`]));
      out.push(bin);
    } else if (row.k === 1) {
      const b = bin(row.t!);
      columns.forEach((c, i) => {
        const n = row[`n${i}`] ?? 0;
        const v = row[`v${i}`];
        if (n > 0 && v !== null && v !== undefined) add(b, i, c.agg, v, n);
      });
    }
  }
  for (const [t, b] of bins) {
    const bin: Record<string, unknown> = { t };
    columns.forEach((c, i) => {
      const n = b.counts[i]!;
      bin[c.key] = n === 0 ? null : c.agg === 'avg' ? b.sums[i]! / n : b.sums[i]!;
    });
    out.push(bin);
  }
  return out.sort((a, b) => (a.t as number) - (b.t as number));
}

type BeyondRow = { k: 0 | 1 | 2; t: number | null; lo: number | null; hi: number | null } & Record<
  `v${number}`,
  number | null
> &
  Record<`n${number}`, number | null>;

/**
 * The second statement in SQL alone: the compacted days decoded by compactedBranch (readingsIn) and everything binned
 * by PostgreSQL. For compacted days holding texts (binsBeyondTable).
 */
async function binsInSql(db: Queryable, params: [number, Date, Date], columns: readonly BinColumn[]) {
  const fromTable = columns.map((c) => `v.${c.column} AS "${c.key}"`).join(', ');
  const rawColumns = columns.map((c) => `r.${c.column}`).join(', ');
  const window = readingsIn({
    device: '$1',
    from: '$2',
    to: '$3',
    columns: columns.map((c) => c.column as ReadingColumn),
    fromMs: params[1].getTime(),
  });
  const binned = columns.map((c) => `${c.agg}(r.${c.column})::float8 AS "${c.key}"`).join(', ');
  // Every part of the raw readings repeats the window's own bounds ($2, $3): the planner then keeps only the window's
  // monthly partitions (the span's bounds are known only when the statement runs), and planning, not running, is
  // what this statement costs most. The window is read once, outside the span on both sides: a compacted day is
  // unpacked once, not once per side.
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH ${BOUNDS},
     raw AS (${readingsBeside(window, rawColumns)})
     SELECT (extract(epoch FROM v.bucket) * 1000)::float8 AS t, ${fromTable}${TABLE_BINS}
     UNION ALL
     SELECT (extract(epoch FROM ${bucketOf('r.ts')}) * 1000)::float8 AS t, ${binned}
       FROM raw r GROUP BY 1
     ORDER BY 1`,
    params,
  );
  return rows;
}
