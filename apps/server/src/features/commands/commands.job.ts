import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { postCommandOutcomes } from './command-messages.js';
import { sweepCommands, type StatusChange } from './lifecycle.repository.js';

/** One sweep in one transaction: the new states and their senders' messages commit together. */
export function sweepAndTell(db: Db, timeoutSeconds: number): Promise<StatusChange[]> {
  return db.transaction(async (tx) => {
    const changes = await sweepCommands(tx, timeoutSeconds);
    await postCommandOutcomes(tx, changes);
    return changes;
  });
}

/** The jobs role: expires and times out commands every `everyMs`; returns the stop function (waits for a round). */
export function startCommandJob(
  db: Db,
  timeoutSeconds: number,
  publish: (change: StatusChange) => void,
  log: FastifyBaseLogger,
  { everyMs = 2000, metrics }: { everyMs?: number; metrics?: Registry } = {},
): () => Promise<void> {
  const round = async () => (await sweepAndTell(db, timeoutSeconds)).forEach(publish);
  return startPeriodic({ name: 'command-sweep', everyMs, run: round, log, metrics }).stop;
}
