import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { postBatchSummaries, postCommandOutcomes } from './command-messages.js';
import { sweepCommands, type StatusChange } from './lifecycle.repository.js';

/**
 * One sweep in one transaction: the new states and their senders' messages commit together. Every round also tells
 * the batches that settled without their message (their last commands settled in two transactions at once).
 */
export function sweepAndTell(db: Db, timeoutSeconds: number): Promise<StatusChange[]> {
  return db.transaction(async (tx) => {
    const changes = await sweepCommands(tx, timeoutSeconds);
    await postCommandOutcomes(tx, changes);
    await postBatchSummaries(tx);
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
