import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { sweepCommands, type StatusChange } from './lifecycle.repository.js';

/** The jobs role: expires and times out commands every `everyMs`; returns the stop function (waits for a round). */
export function startCommandJob(
  db: Db,
  timeoutSeconds: number,
  publish: (change: StatusChange) => void,
  log: FastifyBaseLogger,
  { everyMs = 2000, metrics }: { everyMs?: number; metrics?: Registry } = {},
): () => Promise<void> {
  const round = async () => (await sweepCommands(db, timeoutSeconds)).forEach(publish);
  return startPeriodic({ name: 'command-sweep', everyMs, run: round, log, metrics }).stop;
}
