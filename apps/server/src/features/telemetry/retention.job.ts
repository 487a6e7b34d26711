import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { acceptedFrom, planRetention, retentionCutoff } from './retention.js';
import {
  chainAnchors,
  deleteBatchExceptAnchors,
  dropPartition,
  partitionRows,
  readingPartitions,
  releaseRetentionLock,
  tryRetentionLock,
} from './retention.repository.js';
import { compactedDaysOf, decompactDays, deleteCompactedBefore } from './compaction.repository.js';
import { purgeValuesBefore } from './values-5m.repository.js';

export interface RetentionLog {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RetentionOptions {
  /** The clock (tests purge as of a chosen time). */
  now?: number;
  /** Readings deleted per statement from a partition that keeps anchors. */
  batch?: number;
}

export interface RetentionResult {
  /** ISO start of the window. */
  cutoff: string;
  /** Another process was purging: this one did nothing. */
  skipped: boolean;
  /** Months dropped whole, with their rows (ANALYZE's count: exact up to 30,000, a close estimate beyond). */
  dropped: { month: string; rows: number }[];
  /** Months trimmed to their anchors: rows deleted, anchors kept. */
  trimmed: { month: string; deleted: number; kept: number }[];
  /** Rows of the 5-minute values table deleted (before the cut-off). */
  values: number;
  /** Compacted device-days deleted (before the cut-off). */
  compacted: number;
}

/** A purge round every 6 hours: the cut-off moves once a month, a round with nothing to do costs a catalogue query. */
export const RETENTION_EVERY_MS = 6 * 3_600_000;
const DEFAULT_BATCH = 5_000;

/**
 * Purges raw readings older than the window of `months` (rule: retention.ts). One process at a time: the others find
 * the lock taken and skip the round. Every step can be repeated, so a round cut short is finished by the next.
 */
export async function purgeReadings(
  db: Db,
  months: number,
  log: RetentionLog,
  options: RetentionOptions = {},
): Promise<RetentionResult> {
  const now = options.now ?? Date.now();
  const cutoff = retentionCutoff(months, now);
  // Config refuses shorter windows; this keeps the guarantee visible where it matters.
  if (cutoff >= acceptedFrom(now)) throw new Error(`retention of ${months} months would purge readings still accepted`);
  const result: RetentionResult = {
    cutoff: new Date(cutoff).toISOString(),
    skipped: false,
    dropped: [],
    trimmed: [],
    values: 0,
    compacted: 0,
  };
  return db.session(async (conn) => {
    if (!(await tryRetentionLock(conn))) {
      log.debug({ cutoff: result.cutoff }, 'readings retention: another process is purging');
      return { ...result, skipped: true };
    }
    try {
      // The 5-minute values before the cut-off go with the readings (decision 0019): a day's history there must be
      // as empty as a longer range's.
      result.values = await purgeValuesBefore(conn, new Date(cutoff));
      const anchors = await chainAnchors(conn, new Date(cutoff), new Date(acceptedFrom(now)));
      // Compacted days before the cut-off go (decision 0036); an anchor among them is made raw first, with its day,
      // in one transaction, so it is never in both places or in neither. The trim below keeps only the anchor.
      const anchorDays = await compactedDaysOf(conn, anchors);
      if (anchorDays.length > 0) await conn.transaction((tx) => decompactDays(tx, anchorDays));
      result.compacted = await deleteCompactedBefore(conn, new Date(cutoff));
      const partitions = await readingPartitions(conn);
      const old = partitions.filter((p) => p.month < result.cutoff.slice(0, 7));
      if (old.length === 0) return result;
      const plan = planRetention(old, anchors, cutoff);
      for (const partition of plan.drop) {
        const rows = partition.state === 'attached' ? await partitionRows(conn, partition.name) : 0;
        if (await dropPartition(db, conn, partition)) result.dropped.push({ month: partition.month, rows });
      }
      const batch = options.batch ?? DEFAULT_BATCH;
      for (const { partition, anchors: kept } of plan.trim) {
        let deleted = 0;
        let n: number;
        do {
          n = await deleteBatchExceptAnchors(conn, partition.name, kept, batch);
          deleted += n;
        } while (n === batch);
        if (deleted > 0) result.trimmed.push({ month: partition.month, deleted, kept: kept.length });
      }
      if (result.dropped.length > 0 || result.trimmed.length > 0 || result.values > 0 || result.compacted > 0)
        log.info(
          {
            cutoff: result.cutoff,
            dropped: result.dropped,
            trimmed: result.trimmed,
            values: result.values,
            compacted: result.compacted,
          },
          `readings retention: dropped ${result.dropped.length} month(s), trimmed ${result.trimmed.length} to their anchors`,
        );
      return result;
    } finally {
      await releaseRetentionLock(conn);
    }
  });
}

/** The jobs role's retention round (docs/configuration.md: READINGS_RETENTION_MONTHS); the first at start. */
export function startRetentionJob(db: Db, months: number, log: RetentionLog, metrics?: Registry) {
  return startPeriodic({
    name: 'readings-retention',
    everyMs: RETENTION_EVERY_MS,
    runAtStart: true,
    run: () => purgeReadings(db, months, log),
    log,
    ...(metrics ? { metrics } : {}),
  }).stop;
}
