import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { deleteExpiredCaptchas, deleteExpiredNonces } from './auth.repository.js';
import { deleteOldFailures } from './login-limits.js';
import { deleteStaleSessions } from './session.repository.js';

/**
 * The auth feature's housekeeping: removes expired captchas, nonces, login failures and old sessions every few
 * minutes. Returns a stop function.
 */
export function startMaintenance(db: Db, log: FastifyBaseLogger, everyMs = 5 * 60_000): () => void {
  const run = async () => {
    try {
      await deleteExpiredCaptchas(db);
      await deleteExpiredNonces(db);
      await deleteOldFailures(db);
      await deleteStaleSessions(db);
    } catch (err) {
      log.error({ err }, 'maintenance failed');
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
