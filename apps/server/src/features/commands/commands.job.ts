import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { sweepCommands, type StatusChange } from './lifecycle.repository.js';

/** The jobs role: expires and times out commands every `everyMs`; returns the stop function. */
export function startCommandJob(
  db: Db,
  timeoutSeconds: number,
  publish: (change: StatusChange) => void,
  log: FastifyBaseLogger,
  everyMs = 2000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepCommands(db, timeoutSeconds)
      .then((changes) => changes.forEach(publish))
      .catch((err: unknown) => log.error({ err }, 'command sweep failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
