// The api benchmark's compacted variant (issue 39), BENCH_API_COMPACT=1: after the data build, the readings older than
// READINGS_COMPACT_AFTER_DAYS (7) days are compacted the way the jobs role does it (compactReadings, one round with no
// budget, timed: device-days per second), and one more phase asks the 24-hour history of a compacted day, the day
// 9 days back in the device's zone (wholly before the horizon in every zone of the fleet), at the same 200/s.
//
// The measured day must hold minute readings: BENCH_API_MINUTE_DAYS must be at least 10. The year's other days hold
// one reading an hour (data.mjs) and compact faster than a minute day would, so the rate is reported from the minute
// days alone as well (their device-days and seconds, timed in a round of their own before the hourly ones).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, round } from '../support.mjs';
import { MINUTE_DAYS } from './data.mjs';

export const COMPACT = process.env.BENCH_API_COMPACT === '1';
export const RAW_DAYS = 7;
/** The measured day: this many days back in the device's zone. */
export const COMPACTED_DAY_BACK = 9;
const DAY_MS = 86_400_000;

const quiet = { info() {}, debug() {}, error: (obj, msg) => console.error(msg, obj) };

/** Compacts everything older than RAW_DAYS days as of `nowMs`: the minute days first (timed alone), then the rest. */
export async function compactForBench(db, dist, nowMs) {
  if (MINUTE_DAYS < COMPACTED_DAY_BACK + 1)
    throw new Error(`BENCH_API_COMPACT needs BENCH_API_MINUTE_DAYS ≥ ${COMPACTED_DAY_BACK + 1} (is ${MINUTE_DAYS})`);
  const { compactReadings } = await import(`${dist}/features/telemetry/compaction.job.js`);
  const horizon = Math.floor(nowMs / DAY_MS) * DAY_MS - RAW_DAYS * DAY_MS;
  // The minute days before the horizon: compaction takes each device's oldest due day first, so a round with
  // `notBefore` at the first whole minute day compacts those alone (the hourly days before it stay for the next round).
  const firstMinuteDay = Math.ceil((nowMs - MINUTE_DAYS * DAY_MS) / DAY_MS) * DAY_MS;
  const timed = async (options) => {
    const t = performance.now();
    const r = await compactReadings(db, RAW_DAYS, quiet, { now: nowMs, ...options });
    const seconds = (performance.now() - t) / 1000;
    if (r.failed > 0) throw new Error(`api bench: compaction failed for ${r.failed} device-day(s)`);
    return {
      deviceDays: r.days,
      readings: r.readings,
      seconds: round(seconds, 1),
      deviceDaysPerS: round(r.days / seconds, 1),
      msPerDeviceDay: round((seconds * 1000) / Math.max(1, r.days), 1),
    };
  };
  const minuteDays = await timed({ notBefore: firstMinuteDay });
  const rest = await timed({});
  const t = performance.now();
  await db.exec('VACUUM ANALYZE readings_compact');
  await db.exec('VACUUM ANALYZE readings');
  const { rows } = await db.query(
    `SELECT pg_total_relation_size('readings_compact')::int8 AS bytes, count(*)::int8 AS rows FROM readings_compact`,
  );
  return {
    horizon: new Date(horizon).toISOString(),
    minuteDays,
    hourlyDays: rest,
    vacuumSeconds: round((performance.now() - t) / 1000, 1),
    readingsCompactRows: Number(rows[0].rows),
    readingsCompactGb: round(Number(rows[0].bytes) / 1024 ** 3, 3),
  };
}

/** The phase: a random device's 24-hour history of the day COMPACTED_DAY_BACK days ago in its zone. */
export function compactedHistoryPhase(device, nowMs, localDay, fields) {
  return {
    key: 'history 24 h of a compacted day, 8 parameters',
    targetP99Ms: 100,
    mix: [
      {
        name: 'GET /api/devices/:id/history (compacted day)',
        share: 1,
        request: () => {
          const d = device();
          const day = localDay(nowMs - COMPACTED_DAY_BACK * DAY_MS, d.plant.zone);
          return {
            url: `/api/devices/${d.id}/history?fields=${fields.join(',')}&range=custom&start=${day}&end=${day}`,
          };
        },
      },
    ],
  };
}

/**
 * One results file for both variants: a compacted run (BENCH_API_COMPACT=1, a smaller data set) goes under `compacted`
 * beside the full run's keys, and a full run keeps the last compacted run.
 */
export function keepOtherVariant(result) {
  const file = path.join(ROOT, 'bench/results/api.json');
  const {
    name: _name,
    measuredAt,
    machine: _machine,
    ...before
  } = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!COMPACT) return before.compacted ? { ...result, compacted: before.compacted } : result;
  const { compacted: _old, ...full } = before;
  return {
    ...full,
    ...(measuredAt ? { fullRunMeasuredAt: full.fullRunMeasuredAt ?? measuredAt } : {}),
    compacted: { measuredAt: new Date().toISOString(), ...result },
  };
}
