import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import type { SandboxOutcome, ScriptSandbox } from './sandbox.js';
import { checkDerived, checkIndicators, type ScriptFailure } from './script-result.js';
import { encodeRunError } from './scripts.service.js';
import { acquireSandbox, releaseSandbox } from './shared-sandbox.js';
import {
  claimDueScripts,
  dayBuckets,
  finishRun,
  replaceIndicators,
  writeDerivedDay,
  type DueScript,
} from './scripts.repository.js';

export interface ScriptJobOptions {
  /** How often the job looks for due scripts. */
  pollMs: number;
  /** How long after a run a plant's script is due again. */
  everySeconds: number;
  /** Plants claimed per pass, and how long a claim holds against other processes. */
  batch: number;
  leaseSeconds: number;
}

export const DEFAULT_SCRIPT_JOB: ScriptJobOptions = { pollMs: 30_000, everySeconds: 300, batch: 10, leaseSeconds: 600 };

/** The first problem of a run: what the sandbox said, or what the checks found in the result. */
function problemOf(outcome: SandboxOutcome, bucketCount: number) {
  if (!outcome.ok) return { failure: outcome.failure };
  const figures = checkDerived(outcome.figures, bucketCount);
  if (!figures.ok) return { failure: figures.failure };
  const indicators = checkIndicators(outcome.indicators);
  if (!indicators.ok) return { failure: indicators.failure };
  return { figures: figures.value, indicators: indicators.value };
}

/**
 * Derives one plant's days with its script, oldest first. A day that fails stops the plant's run: that day and the
 * later ones keep their last good figures. Returns the failure and its day, or null.
 */
export async function deriveScript(
  db: Db,
  sandbox: ScriptSandbox,
  due: DueScript,
): Promise<{ day: string; failure: ScriptFailure } | null> {
  for (const day of due.days) {
    const buckets = await dayBuckets(db, due.plantId, day);
    const result = problemOf(await sandbox.run(due.plantId, due.source, buckets), buckets.length);
    if (result.failure) return { day, failure: result.failure };
    await db.transaction(async (tx) => {
      await writeDerivedDay(tx, due.plantId, day, buckets, result.figures);
      // The newest day with data gives the plant's indicators.
      if (buckets.length > 0) await replaceIndicators(tx, due.plantId, result.indicators);
    });
  }
  return null;
}

/** One pass: claims the due scripts and derives each; returns how many plants were processed. */
export async function runScriptsOnce(
  db: Db,
  sandbox: ScriptSandbox,
  log: FastifyBaseLogger,
  options: ScriptJobOptions = DEFAULT_SCRIPT_JOB,
): Promise<number> {
  const due = await claimDueScripts(db, options.batch, options.leaseSeconds);
  for (const script of due) {
    let error: string | null = null;
    try {
      const failure = await deriveScript(db, sandbox, script);
      error = failure ? encodeRunError(failure.day, failure.failure) : null;
    } catch (err) {
      log.error({ err, plantId: script.plantId }, 'plant script run failed');
      error = encodeRunError(script.days.at(-1) ?? '', { key: 'script.crashed', line: null });
    }
    await finishRun(db, script.plantId, script.version, error, options.everySeconds);
  }
  return due.length;
}

/** Starts the job in this process (ROLES has `jobs`), a pass at once; returns a stop function that waits for it. */
export function startScriptJob(
  db: Db,
  sandbox: ScriptSandbox,
  log: FastifyBaseLogger,
  options: ScriptJobOptions = DEFAULT_SCRIPT_JOB,
  metrics?: Registry,
): () => Promise<void> {
  return startPeriodic({
    name: 'plant-scripts',
    everyMs: options.pollMs,
    run: () => runScriptsOnce(db, sandbox, log, options),
    log,
    metrics,
    runAtStart: true,
  }).stop;
}

/** The job with the process's shared sandbox (released when the job stops). */
export function startPlantScriptJob(db: Db, log: FastifyBaseLogger, metrics?: Registry): () => Promise<void> {
  const stop = startScriptJob(db, acquireSandbox(), log, DEFAULT_SCRIPT_JOB, metrics);
  return async () => {
    await stop();
    await releaseSandbox();
  };
}
