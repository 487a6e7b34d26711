import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { LATE_MS, SETTLE_MS, bucketStartMs } from './values-5m.js';
import {
  aggregateBuckets,
  databaseNow,
  refreshStale,
  releaseValuesLock,
  setValuesProgress,
  tryValuesLock,
  valuesProgress,
} from './values-5m.repository.js';

export interface ValuesLog {
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ValuesRoundOptions {
  /** The database clock's "now" (tests choose it); by default read from the database. */
  now?: number;
  /** Buckets aggregated per statement, as a span of time: a process that was down catches up an hour at a time. */
  chunkMs?: number;
  /** Statements of new buckets per round at most (the next round goes on). */
  maxChunks?: number;
  /** Stale buckets aggregated again per statement, and statements per round at most. */
  staleBatch?: number;
  maxStaleBatches?: number;
}

export interface ValuesRoundResult {
  skipped: boolean;
  /** The end of the covered span after the round (ISO), null before the first round. */
  coveredTo: string | null;
  /** Device buckets written from new readings, and stale marks cleared. */
  aggregated: number;
  refreshed: number;
}

/** A round a minute: a bucket is in the table about LATE_MS + SETTLE_MS + a minute after it closed. */
export const VALUES_EVERY_MS = 60_000;

/**
 * One round of the 5-minute values job (decision 0019). One process at a time (an advisory lock; the others skip).
 * - The first round ever starts the covered span at the newest settled bucket: older days keep being binned from raw
 *   readings, as before the table existed.
 * - Each round aggregates the buckets that settled since the last one (those that ended LATE_MS + SETTLE_MS ago), a
 *   chunk per transaction that also moves the span's end, so a reader sees either the old span or the new.
 * - Then the stale buckets (readings that arrived after their bucket settled) are aggregated again.
 */
export async function aggregateValues(
  db: Db,
  log: ValuesLog,
  options: ValuesRoundOptions = {},
): Promise<ValuesRoundResult> {
  const chunkMs = options.chunkMs ?? 3_600_000;
  const maxChunks = options.maxChunks ?? 24;
  const staleBatch = options.staleBatch ?? 5_000;
  const maxStaleBatches = options.maxStaleBatches ?? 20;
  return db.session(async (conn) => {
    if (!(await tryValuesLock(conn))) {
      log.debug({}, '5-minute values: another process is aggregating');
      return { skipped: true, coveredTo: null, aggregated: 0, refreshed: 0 };
    }
    try {
      const now = options.now ?? (await databaseNow(conn));
      const settled = bucketStartMs(now - LATE_MS - SETTLE_MS);
      const progress = await valuesProgress(conn);
      let aggregated = 0;
      let coveredTo = progress.coveredTo?.getTime() ?? null;
      if (coveredTo === null || progress.coveredFrom === null) {
        coveredTo = settled;
        await setValuesProgress(conn, { coveredFrom: new Date(settled), coveredTo: new Date(settled) });
      } else {
        const coveredFrom = progress.coveredFrom;
        for (let chunk = 0; chunk < maxChunks && coveredTo < settled; chunk++) {
          const from = coveredTo;
          const to = Math.min(settled, from + chunkMs);
          aggregated += await conn.transaction(async (tx) => {
            const n = await aggregateBuckets(tx, new Date(from), new Date(to));
            await setValuesProgress(tx, { coveredFrom, coveredTo: new Date(to) });
            return n;
          });
          coveredTo = to;
        }
      }
      let refreshed = 0;
      for (let batch = 0; batch < maxStaleBatches; batch++) {
        const n = await refreshStale(conn, staleBatch);
        refreshed += n;
        if (n < staleBatch) break;
      }
      const result = { skipped: false, coveredTo: new Date(coveredTo).toISOString(), aggregated, refreshed };
      if (aggregated > 0 || refreshed > 0) log.debug(result, '5-minute values aggregated');
      return result;
    } finally {
      await releaseValuesLock(conn);
    }
  });
}

/** The jobs role's 5-minute values round, every minute; the first at start. */
export function startValuesJob(db: Db, log: ValuesLog, metrics?: Registry) {
  return startPeriodic({
    name: 'values-5m',
    everyMs: VALUES_EVERY_MS,
    runAtStart: true,
    run: () => aggregateValues(db, log),
    log,
    ...(metrics ? { metrics } : {}),
  }).stop;
}
