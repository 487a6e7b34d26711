// The compacted side of the retention benchmark (issue 39): after the raw figures, the loaded days are aggregated into
// the 5-minute values table and compacted the way the jobs role does it, and the bytes are taken again.
//
// Per device-year: readings_compact (heap, TOAST and its key) ÷ compacted readings × 1,440 × 365 (every loaded day is
// compacted but each device's newest reading, so this is the bytes of a compacted reading times a year of them), plus
// the device rollups (as the raw figure counts them), plus what a device keeps whatever its age: the last
// READINGS_COMPACT_AFTER_DAYS (7) days raw (readings and their index at the raw run's bytes per reading) and their
// 5-minute values (device_values_5m at its bytes per row, 288 rows a day; compaction purges them before its horizon).
import { compactReadings } from '../../apps/server/dist/features/telemetry/compaction.job.js';
import { aggregateBuckets } from '../../apps/server/dist/features/telemetry/values-5m.repository.js';
import { round } from '../support.mjs';

const YEAR_DAYS = 365;
const MB = 1024 * 1024;
/** READINGS_COMPACT_AFTER_DAYS's default (docs/configuration.md): the days each device keeps raw. */
export const RAW_DAYS = 7;
const READINGS_PER_DAY = 1440;

const quiet = { info() {}, debug() {}, error: (obj, msg) => console.error(msg, obj) };

const one = async (db, sql) => Number((await db.query(sql)).rows[0].n);

/**
 * Measures the compacted storage of the loaded days [startMs, endMs) on `db`, whose raw figures were just taken
 * (`rawBytesPerReading`: readings heap and indexes ÷ rows; `deviceRollupsMB`: per device-year).
 */
export async function measureCompacted(db, { startMs, endMs, rawBytesPerReading, deviceRollupsMB }) {
  // The 5-minute values of the loaded days (the bench's Ingest does not run the values job): bytes per row.
  await aggregateBuckets(db, new Date(startMs), new Date(endMs));
  await db.exec(`VACUUM ANALYZE device_values_5m`);
  const valuesBytes = await one(db, `SELECT pg_total_relation_size('device_values_5m')::int8 AS n`);
  const valuesRows = await one(db, `SELECT count(*)::int8 AS n FROM device_values_5m`);

  // Compaction as of the end of the loaded days with nothing kept raw: every loaded day goes but each device's newest
  // reading. The round's time ÷ its device-days is the work per device-day.
  const t = performance.now();
  const result = await compactReadings(db, 0, quiet, { now: endMs });
  const compactS = (performance.now() - t) / 1000;
  if (result.failed > 0) throw new Error(`compaction failed for ${result.failed} device-day(s)`);
  await db.exec(`VACUUM ANALYZE`);
  const compactBytes = await one(db, `SELECT pg_total_relation_size('readings_compact')::int8 AS n`);
  const key = await one(db, `SELECT pg_indexes_size('readings_compact')::int8 AS n`);
  const compactedReadings = await one(db, `SELECT sum(n)::int8 AS n FROM readings_compact`);
  const rawLeft = await one(db, `SELECT count(*)::int8 AS n FROM readings`);
  // The biggest columns of the compacted rows (pg_column_size: as stored, after TOAST compression).
  const columns = (
    await db.query(
      `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'readings_compact' ORDER BY ordinal_position`,
    )
  ).rows.map((r) => r.c);
  const { rows: sized } = await db.query(
    `SELECT ${columns.map((c) => `sum(pg_column_size(${c}))::int8 AS "${c}"`).join(', ')} FROM readings_compact`,
  );
  const perYear = (bytes) => (bytes / compactedReadings) * READINGS_PER_DAY * YEAR_DAYS;
  const biggestColumnsMB = Object.entries(sized[0])
    .map(([c, b]) => [c, Number(b ?? 0)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([c, b]) => ({ column: c, perDeviceYearMB: round(perYear(b) / MB, 2) }));

  const readingsMB = perYear(compactBytes) / MB;
  const rawDaysMB = (rawBytesPerReading * READINGS_PER_DAY * RAW_DAYS) / MB;
  const valuesDaysMB = ((valuesBytes / valuesRows) * 288 * RAW_DAYS) / MB;
  const total = readingsMB + deviceRollupsMB + rawDaysMB + valuesDaysMB;
  return {
    deviceDays: result.days,
    compactedReadings,
    rawReadingsLeft: rawLeft,
    compactSeconds: round(compactS, 1),
    msPerDeviceDay: round((compactS * 1000) / result.days, 1),
    bytesPerDeviceDay: round(compactBytes / (compactedReadings / READINGS_PER_DAY)),
    perDeviceYearMB: {
      compactedReadings: round(readingsMB, 1),
      compactedHeapAndToast: round(perYear(compactBytes - key) / MB, 1),
      compactedKey: round(perYear(key) / MB, 2),
      deviceRollups: round(deviceRollupsMB, 1),
      total: round(readingsMB + deviceRollupsMB, 1),
    },
    keptPerDeviceMB: {
      rawDays: RAW_DAYS,
      rawReadings: round(rawDaysMB, 1),
      values5m: round(valuesDaysMB, 2),
      valuesBytesPerRow: round(valuesBytes / valuesRows),
    },
    totalFirstYearMB: round(total, 1),
    biggestColumns: biggestColumnsMB,
  };
}
