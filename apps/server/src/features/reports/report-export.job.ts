import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic, type PeriodicLog } from '../../platform/periodic.js';
import { runExportRound } from './report-exports.service.js';

/**
 * Starts the report export worker for the jobs role: every `everyMs` a round deletes expired files and builds the
 * waiting exports (claimed with SKIP LOCKED, so several job processes share them). Returns stop.
 */
export function startReportExportJob(
  db: Db,
  log: PeriodicLog,
  metrics: Registry | undefined,
  everyMs = 2_000,
): () => Promise<void> {
  const periodic = startPeriodic({
    name: 'report-export',
    everyMs,
    run: () => runExportRound(db, log),
    log,
    ...(metrics ? { metrics } : {}),
  });
  return () => periodic.stop();
}
