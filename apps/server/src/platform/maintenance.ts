import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.js';
import { deleteExpiredCaptchas } from '../features/auth/captcha.js';
import { deleteOldFailures } from '../features/auth/login-limits.js';
import { deleteStaleSessions } from '../features/auth/session.repository.js';

/** Removes expired captchas, nonces, login failures and old sessions every few minutes. Returns a stop function. */
export function startMaintenance(db: Db, log: FastifyBaseLogger, everyMs = 5 * 60_000): () => void {
  const run = async () => {
    try {
      await deleteExpiredCaptchas(db);
      await db.query(`DELETE FROM used_nonces WHERE expires_at < now()`);
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
