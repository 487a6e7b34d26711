import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { claimDevice, compactOldestDay, ensureClaims } from './compaction.repository.js';
import { lockDeviceChains } from './ingest.repository.js';
import { purgeValuesBefore } from './values-5m.repository.js';

export interface CompactionLog {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CompactionOptions {
  /** The clock (tests compact as of a chosen time). */
  now?: number;
  /** Days compacted per round at most (the next round goes on); by default all that are due. */
  maxDays?: number;
  /** Work per round at most, in milliseconds: the round stops after the day that passes it (the next goes on). */
  budgetMs?: number;
  /** Nothing before this is compacted: the retention cut-off, whose purge keeps raw anchors (retention.ts). */
  notBefore?: number | null;
  /** Called after each compacted day's commit (tests stop a round there). */
  afterDay?: (deviceId: number, day: string) => void | Promise<void>;
}

export interface CompactionResult {
  /** ISO start of the first UTC day that stays raw. */
  horizon: string;
  days: number;
  readings: number;
  /** Devices whose day could not be compacted (logged; their raw readings stay). */
  failed: number;
}

const DAY_MS = 86_400_000;

/** The compaction horizon: the UTC midnight `afterDays` whole days before now's UTC day. */
export function compactionHorizon(afterDays: number, now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - afterDays * DAY_MS;
}

/**
 * A round every 15 minutes, each working at most 5 (a third of one core at most, the rest left to ingest and pages):
 * each device's day becomes due once a day, 0.2–0.4 s of work (75 fields a minute, bench/README.md retention), so one
 * process keeps up with some 70,000–140,000 devices (docs/deploy.md, section 7); more jobs processes share the work.
 * A round with nothing due reads one index entry per device.
 */
export const COMPACTION_EVERY_MS = 15 * 60_000;
export const COMPACTION_BUDGET_MS = 5 * 60_000;

/**
 * One compaction round (decision 0036): device by device in id order, each device's oldest due day in a transaction
 * of its own that claims the device (FOR UPDATE SKIP LOCKED: two processes share the work, never a day), holds the
 * device's chain against ingest (the lock ingest takes), writes the day's row, reads it back and deletes the raw rows.
 * Stopped at any point, a round has lost and doubled nothing; the next round carries on where it stopped. The 5-minute
 * values before the horizon go afterwards: history there reads the compacted readings, as compact as they are.
 */
export async function compactReadings(
  db: Db,
  afterDays: number,
  log: CompactionLog,
  options: CompactionOptions = {},
): Promise<CompactionResult> {
  const now = options.now ?? Date.now();
  const horizon = new Date(compactionHorizon(afterDays, now));
  const notBefore = options.notBefore == null ? null : new Date(options.notBefore);
  const result: CompactionResult = { horizon: horizon.toISOString(), days: 0, readings: 0, failed: 0 };
  await ensureClaims(db);
  let after = 0;
  const started = performance.now();
  const spent = () => options.budgetMs !== undefined && performance.now() - started >= options.budgetMs;
  while ((options.maxDays === undefined || result.days < options.maxDays) && !spent()) {
    let claimed: number | null = null;
    try {
      const done = await db.transaction(async (tx) => {
        claimed = await claimDevice(tx, after, horizon, notBefore);
        if (claimed === null) return null;
        if (db.kind === 'postgres') await lockDeviceChains(tx, [claimed]);
        return compactOldestDay(tx, claimed, horizon, notBefore);
      });
      if (claimed === null) break;
      if (done === null) {
        after = claimed;
        continue;
      }
      result.days++;
      result.readings += done.readings;
      await options.afterDay?.(claimed, done.day);
    } catch (err) {
      if (claimed === null) throw err;
      // This device's day stays raw (readers read it as before); the others go on.
      result.failed++;
      log.error({ err, deviceId: claimed }, 'readings compaction: a day could not be compacted');
      after = claimed;
    }
  }
  await purgeValuesBefore(db, horizon);
  if (result.days > 0)
    log.info(result, `readings compaction: ${result.days} device-day(s), ${result.readings} readings compacted`);
  else log.debug(result, 'readings compaction: nothing due');
  return result;
}

/**
 * The jobs role's compaction rounds (docs/configuration.md: READINGS_COMPACT_AFTER_DAYS); the first 15 minutes after
 * the start, so a starting platform (a demo seeding its year) first serves its pages.
 */
export function startCompactionJob(
  db: Db,
  afterDays: number,
  retentionCutoff: () => number | null,
  log: CompactionLog,
  metrics?: Registry,
) {
  return startPeriodic({
    name: 'readings-compaction',
    everyMs: COMPACTION_EVERY_MS,
    run: () => compactReadings(db, afterDays, log, { notBefore: retentionCutoff(), budgetMs: COMPACTION_BUDGET_MS }),
    log,
    ...(metrics ? { metrics } : {}),
  }).stop;
}
