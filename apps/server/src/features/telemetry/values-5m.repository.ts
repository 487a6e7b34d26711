import { FIELDS, isHistoryField, type FieldKey } from '@voltfleet/domain/telemetry';
import { releaseAdvisoryLock, tryAdvisoryLock } from '../../db/advisory-lock.js';
import type { DbSession, Queryable } from '../../db/db.js';
import { columnOf } from './columns.js';
import { LATE_MS, bucketStartMs, historyAggregate } from './values-5m.js';
import { readingsIn, type ReadingColumn } from './readings-source.js';

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
 * says otherwise, from the raw readings elsewhere (before and after the covered span, and stale buckets), binned
 * exactly as the raw path bins them.
 *
 * Two statements at most, each one snapshot of the table, its marks and its progress. The first reads the table
 * alone, and only when the span covers the whole window and no bucket of it is marked stale: then the table's rows
 * are the bins (the common case, a past day). It answers nothing otherwise, or for a window without readings, and
 * the second reads table and readings together. The first plans in a tenth of a millisecond; the second names the
 * partitioned readings three times, and planning it costs PostgreSQL more than running it (2.4–2.9 ms against
 * 1.3 ms on the api benchmark's data).
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
  const params = [w.deviceId, new Date(w.fromMs), new Date(w.toMs)];
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
  const rawColumns = columns.map((c) => `r.${c.column}`).join(', ');
  // Raw and compacted readings alike (decision 0036): the compaction drops the table's rows of the days it compacts.
  const window = readingsIn({
    device: '$1',
    from: '$2',
    to: '$3',
    columns: columns.map((c) => c.column as ReadingColumn),
    fromMs: w.fromMs,
  });
  const binned = columns.map((c) => `${c.agg}(r.${c.column})::float8 AS "${c.key}"`).join(', ');
  // Every part of the raw readings repeats the window's own bounds ($2, $3): the planner then keeps only the window's
  // monthly partitions (the span's bounds are known only when the statement runs), and planning, not running, is
  // what this statement costs most. The window is read once, outside the span on both sides: a compacted day is
  // unpacked once, not once per side.
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH p AS (SELECT coalesce(covered_from, $3) AS cf, coalesce(covered_to, $3) AS ct FROM device_values_5m_progress),
     bounds AS (SELECT least($3, greatest($2, cf)) AS lo, greatest($2, least($3, ct)) AS hi FROM p),
     stale AS (SELECT s.bucket FROM device_values_5m_stale s, bounds b
                WHERE s.device_id = $1 AND s.bucket >= b.lo AND s.bucket < b.hi),
     raw AS (
       SELECT r.ts, ${rawColumns} FROM ${window} r, bounds b WHERE r.ts < b.lo OR r.ts >= b.hi
       UNION ALL
       SELECT r.ts, ${rawColumns}
         FROM stale s JOIN readings r ON r.device_id = $1 AND r.ts >= s.bucket AND r.ts < s.bucket + interval '5 minutes'
        WHERE r.ts >= $2 AND r.ts < $3)
     SELECT (extract(epoch FROM v.bucket) * 1000)::float8 AS t, ${fromTable}
       FROM device_values_5m v, bounds b
      WHERE v.device_id = $1 AND v.bucket >= b.lo AND v.bucket < b.hi
        AND NOT EXISTS (SELECT 1 FROM stale s WHERE s.bucket = v.bucket)
     UNION ALL
     SELECT (extract(epoch FROM ${bucketOf('r.ts')}) * 1000)::float8 AS t, ${binned}
       FROM raw r GROUP BY 1
     ORDER BY 1`,
    params,
  );
  return rows;
}
