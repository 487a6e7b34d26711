import type { Queryable } from '../../db/db.js';
import {
  compactedBranch,
  encodeDay,
  COMPACT_COLUMNS,
  COMPACT_TYPES,
  READING_VALUE_COLUMNS,
  type DayTexts,
} from './compact-format.js';
import { chainAround, ensurePartitions, type ChainRow } from './ingest.repository.js';
import { RAW_FOR_SURE_MS } from './readings-source.js';

const DAY_MS = 86_400_000;

/** The INSERT of one encodeDay row. */
const INSERT_COMPACT_SQL = `INSERT INTO readings_compact (${COMPACT_COLUMNS.join(', ')})
  VALUES (${COMPACT_TYPES.map((t, i) => `$${i + 1}::${t}`).join(', ')})`;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

const VALUE_COLUMNS = READING_VALUE_COLUMNS.filter((c) => c !== 'received_at' && c !== 'prev_ts' && c !== 'extra');

/** The raw readings of a device's UTC day before the device's newest ($1 device, $2 and $3 the day, $4 newest). */
const RAW_DAY = `SELECT * FROM readings
  WHERE device_id = $1 AND ts >= $2::timestamptz AND ts < $3::timestamptz AND ts < $4::timestamptz`;

/** The value columns holding anything in the raw day: only those are read (the others are all NULL). */
async function filledColumns(db: Queryable, params: readonly unknown[]): Promise<string[]> {
  const { rows } = await db.query<Record<string, boolean>>(
    `SELECT ${VALUE_COLUMNS.map((c) => `bool_or(${c} IS NOT NULL) AS ${c}`).join(', ')} FROM (${RAW_DAY}) r`,
    params as never[],
  );
  return VALUE_COLUMNS.filter((c) => rows[0]?.[c]);
}

/** A column of the day as one text (its values as PostgreSQL prints them, in time order): few, long fields to ship. */
const joined = (sql: string) => `string_agg(coalesce(${sql}, 'N'), ',' ORDER BY r.ts)`;

/** The raw day, column by column, every value as PostgreSQL prints it. */
async function rawTexts(db: Queryable, params: readonly unknown[], columns: readonly string[]): Promise<DayTexts> {
  const { rows } = await db.query<Record<string, string | null>>(
    `SELECT ${joined(`(extract(epoch FROM r.ts) * 1000000)::int8::text`)} AS ts_us,
            ${joined(`((extract(epoch FROM r.ts) - extract(epoch FROM r.prev_ts)) * 1000000)::int8::text`)} AS prev_us,
            ${joined(`((extract(epoch FROM r.received_at) - extract(epoch FROM r.ts)) * 1000000)::int8::text`)} AS received_us,
            CASE WHEN bool_or(r.extra IS NOT NULL) THEN json_agg(r.extra ORDER BY r.ts)::text END AS extra
            ${columns.map((c) => `, ${joined(`r.${c}::text`)} AS ${c}`).join('')}
       FROM (${RAW_DAY}) r`,
    params as never[],
  );
  const row = rows[0]!;
  const list = (alias: string) => (row[alias] ?? '').split(',').map((v) => (v === 'N' ? null : v));
  return {
    tsUs: list('ts_us').map((v) => BigInt(v!)),
    prevUs: list('prev_us').map((v) => (v === null ? null : BigInt(v))),
    receivedUs: list('received_us').map((v) => BigInt(v!)),
    seq: columns.includes('seq') ? list('seq') : [],
    extra: row.extra ?? null,
    values: Object.fromEntries(columns.map((c) => [c, list(c)])),
  };
}

/** A device with raw readings to compact, after `after` in id order, claimed for this transaction (SKIP LOCKED). */
export async function claimDevice(db: Queryable, after: number, horizon: Date, notBefore: Date | null) {
  const { rows } = await db.query<{ device_id: number }>(
    `SELECT c.device_id FROM readings_compact_claims c
      WHERE c.device_id > $1
        AND EXISTS (SELECT 1 FROM readings r
                     WHERE r.device_id = c.device_id AND r.ts >= $3::timestamptz
                       AND r.ts < least($2::timestamptz, (SELECT max(m.ts) FROM readings m WHERE m.device_id = c.device_id)))
      ORDER BY c.device_id LIMIT 1
      FOR UPDATE OF c SKIP LOCKED`,
    [after, horizon, notBefore ?? '-infinity'],
  );
  return rows[0]?.device_id ?? null;
}

/** Every device has its claim row (new devices since the last round). */
export async function ensureClaims(db: Queryable): Promise<void> {
  await db.query(`INSERT INTO readings_compact_claims (device_id) SELECT id FROM devices ON CONFLICT DO NOTHING`);
}

/**
 * Compacts the device's oldest UTC day with raw readings before `horizon` (and not before `notBefore`): the day's
 * raw and already compacted readings become one readings_compact row, except the device's newest reading, which
 * stays raw (the latest value of a silent device is read from there). Returns the day and its readings, or null when
 * the device has nothing to compact. The caller holds the device's claim.
 */
export async function compactOldestDay(
  db: Queryable,
  deviceId: number,
  horizon: Date,
  notBefore: Date | null,
): Promise<{ day: string; readings: number } | null> {
  const { rows } = await db.query<{ oldest: Date | null; newest: string | null }>(
    `SELECT (SELECT min(ts) FROM readings WHERE device_id = $1 AND ts >= $3::timestamptz
               AND ts < least($2::timestamptz, (SELECT max(ts) FROM readings WHERE device_id = $1))) AS oldest,
            (SELECT max(ts) FROM readings WHERE device_id = $1)::text AS newest`,
    [deviceId, horizon, notBefore ?? '-infinity'],
  );
  const { oldest, newest } = rows[0] ?? { oldest: null, newest: null };
  if (!oldest || !newest) return null;
  const day = oldest.toISOString().slice(0, 10);
  const params = [deviceId, `${day}T00:00:00Z`, `${dayAfter(day)}T00:00:00Z`, newest];
  // A day compacted before (its raw rows came later: a device's newest, or a day a late reading opened) is merged by
  // making it raw first.
  const { rows: merge } = await db.query(`SELECT 1 FROM readings_compact WHERE device_id = $1 AND day = $2::date`, [
    deviceId,
    day,
  ]);
  if (merge.length > 0) await decompactDays(db, [{ deviceId, day }]);
  const texts = await rawTexts(db, params, await filledColumns(db, params));
  await db.query(INSERT_COMPACT_SQL, encodeDay(deviceId, day, texts));
  await db.query(
    `DELETE FROM readings
      WHERE device_id = $1 AND ts >= $2::timestamptz AND ts < $3::timestamptz AND ts < $4::timestamptz`,
    params,
  );
  return { day, readings: texts.tsUs.length };
}

/** Moves compacted days back into `readings` (a late reading lands among them, or retention keeps one as anchor). */
export async function decompactDays(
  db: Queryable,
  days: readonly { deviceId: number; day: string }[],
): Promise<number> {
  if (days.length === 0) return 0;
  await ensurePartitions(db, new Set(days.map((d) => d.day.slice(0, 7))));
  const which = `(rc.device_id, rc.day) IN (SELECT * FROM unnest($1::int4[], $2::date[]))`;
  const params = [days.map((d) => d.deviceId), days.map((d) => d.day)];
  const columns = READING_VALUE_COLUMNS.join(', ');
  await db.query(
    `INSERT INTO readings (device_id, ts, ${columns})
     SELECT device_id, ts, ${columns} FROM (${compactedBranch(READING_VALUE_COLUMNS, which)}) rck
     ON CONFLICT (device_id, ts) DO NOTHING`,
    params,
  );
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM readings_compact rc WHERE ${which} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Makes raw what a late batch's chain needs (decision 0036): for each span of new readings, the compacted days it
 * overlaps, and the compacted days holding the last reading before it and the first after it when those are not raw
 * (a history written in order, the demo's, makes nothing raw again). Returns the days moved.
 */
export async function decompactAround(
  db: Queryable,
  spans: readonly { deviceId: number; minTs: number; maxTs: number }[],
): Promise<number> {
  if (spans.length === 0) return 0;
  const { rows } = await db.query<{ device_id: number; day: string }>(
    `WITH b AS (SELECT * FROM unnest($1::int4[], $2::timestamptz[], $3::timestamptz[]) AS b(device_id, min_ts, max_ts))
     SELECT c.device_id, c.day::text AS day FROM b JOIN readings_compact c
         ON c.device_id = b.device_id AND c.first_ts <= b.max_ts AND c.last_ts >= b.min_ts
     UNION
     SELECT b.device_id, p.day::text FROM b CROSS JOIN LATERAL (
       SELECT c.day, c.last_ts FROM readings_compact c WHERE c.device_id = b.device_id AND c.last_ts < b.min_ts
        ORDER BY c.day DESC LIMIT 1) p
      WHERE p.last_ts > coalesce((SELECT max(r.ts) FROM readings r WHERE r.device_id = b.device_id AND r.ts < b.min_ts),
                                 '-infinity')
     UNION
     SELECT b.device_id, n.day::text FROM b CROSS JOIN LATERAL (
       SELECT c.day, c.first_ts FROM readings_compact c WHERE c.device_id = b.device_id AND c.first_ts > b.max_ts
        ORDER BY c.day LIMIT 1) n
      WHERE n.first_ts < coalesce((SELECT min(r.ts) FROM readings r WHERE r.device_id = b.device_id AND r.ts > b.max_ts),
                                  'infinity')`,
    [
      spans.map((s) => s.deviceId),
      spans.map((s) => new Date(s.minTs).toISOString()),
      spans.map((s) => new Date(s.maxTs).toISOString()),
    ],
  );
  return decompactDays(
    db,
    rows.map((r) => ({ deviceId: r.device_id, day: r.day })),
  );
}

/** The compacted days holding the given readings (retention's anchors). */
export async function compactedDaysOf(db: Queryable, readings: readonly { deviceId: number; ts: Date }[]) {
  if (readings.length === 0) return [];
  const { rows } = await db.query<{ device_id: number; day: string }>(
    `SELECT DISTINCT c.device_id, c.day::text AS day
       FROM unnest($1::int4[], $2::timestamptz[]) AS a(device_id, ts)
       JOIN readings_compact c ON c.device_id = a.device_id AND c.first_ts <= a.ts AND c.last_ts >= a.ts`,
    [readings.map((r) => r.deviceId), readings.map((r) => r.ts.toISOString())],
  );
  return rows.map((r) => ({ deviceId: r.device_id, day: r.day }));
}

/** Deletes compacted days before `cutoff` (a UTC midnight), a few hundred devices a statement; returns the rows. */
export async function deleteCompactedBefore(db: Queryable, cutoff: Date, devicesPerStatement = 500): Promise<number> {
  let deleted = 0;
  for (let after = 0; ;) {
    const { rows } = await db.query<{ n: number; last: number | null }>(
      `WITH ids AS (SELECT id FROM devices WHERE id > $1 ORDER BY id LIMIT $3),
       gone AS (DELETE FROM readings_compact c USING ids WHERE c.device_id = ids.id AND c.day < $2::date RETURNING 1)
       SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT max(id) FROM ids) AS last`,
      [after, cutoff.toISOString().slice(0, 10), devicesPerStatement],
    );
    deleted += rows[0]?.n ?? 0;
    const last = rows[0]?.last ?? null;
    if (last === null) return deleted;
    after = last;
  }
}

/**
 * Ingest's chainAround, after making raw the compacted days a span reaches (decision 0036). Only a span older than a
 * day, or one whose last raw reading before it is missing or older than a day, can reach one: the compaction leaves
 * every reading of the last READINGS_COMPACT_AFTER_DAYS (at least 2) days raw, and each device's newest. A live
 * batch never runs the extra statement.
 */
export async function chainAroundCompacted(
  db: Queryable,
  spans: { deviceId: number; minTs: number; maxTs: number }[],
  horizonMs: number | null,
  now: number,
): Promise<ChainRow[]> {
  const rows = await chainAround(db, spans, horizonMs);
  const recent = now - RAW_FOR_SURE_MS;
  const spanOf = new Map(spans.map((s) => [s.deviceId, s]));
  const before = new Map<number, number>();
  for (const r of rows) {
    const span = spanOf.get(r.deviceId);
    if (span && r.ts < span.minTs) before.set(r.deviceId, Math.max(before.get(r.deviceId) ?? -Infinity, r.ts));
  }
  const reaching = spans.filter((s) => s.minTs < recent || (before.get(s.deviceId) ?? -Infinity) < recent);
  if (reaching.length === 0 || (await decompactAround(db, reaching)) === 0) return rows;
  return chainAround(db, spans, horizonMs);
}
