import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { deleteExpiredCaptchas, deleteExpiredNonces } from './auth.repository.js';
import { deleteOldFailures } from './login-limits.js';
import { deleteStaleSessions } from './session.repository.js';
import { deleteOldCodes } from './verification.repository.js';

/** Removes expired captchas, nonces, login failures, old sessions and verification codes. */
async function cleanUpAuth(db: Db): Promise<void> {
  await deleteExpiredCaptchas(db);
  await deleteExpiredNonces(db);
  await deleteOldFailures(db);
  await deleteStaleSessions(db);
  await deleteOldCodes(db);
}

/**
 * The auth feature's housekeeping (jobs role): cleans up every few minutes. Returns the stop function, which waits
 * for a running round.
 */
export function startMaintenance(
  db: Db,
  log: FastifyBaseLogger,
  { everyMs = 5 * 60_000, metrics }: { everyMs?: number; metrics?: Registry } = {},
): () => Promise<void> {
  return startPeriodic({ name: 'auth-maintenance', everyMs, run: () => cleanUpAuth(db), log, metrics }).stop;
}
