import { translate, type Lang } from '@voltfleet/domain/i18n';
import { type PlantScript, type ScriptTestRun } from '@voltfleet/domain/plants';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { requirePlantInScope, setScriptActive } from '../plants/index.js';
import type { ScriptSandbox } from './sandbox.js';
import { checkDerived, checkIndicators, dayTotals, type ScriptFailure } from './script-result.js';
import {
  dayBuckets,
  findIndicators,
  findScript,
  lastDataDay,
  saveScript as storeScript,
} from './scripts.repository.js';

/** Days derived again after a save (the job then keeps them current). */
export const SCRIPT_BACKFILL_DAYS = 35;

/** A failure in the caller's language: Python's own text as is, our limits and checks translated. */
export function describeFailure(failure: ScriptFailure, lang: Lang): string {
  return failure.key ? translate(failure.key, lang, failure.params ?? {}) : (failure.message ?? '');
}

/** last_error is stored as JSON ({day, failure}) so it can be shown in the reader's language. */
export function encodeRunError(day: string, failure: ScriptFailure): string {
  return JSON.stringify({ day, failure });
}

function decodeRunError(stored: string | null, lang: Lang): string | null {
  if (stored === null) return null;
  try {
    const { day, failure } = JSON.parse(stored) as { day: string; failure: ScriptFailure };
    const message = describeFailure(failure, lang);
    if (failure.line === null) return `${day}: ${message}`;
    return translate('script.runErrorAtLine', lang, { day, line: failure.line, message });
  } catch {
    return stored;
  }
}

export async function getScript(db: Queryable, caller: Caller, plantId: number, lang: Lang): Promise<PlantScript> {
  await requirePlantInScope(db, caller, plantId);
  const row = await findScript(db, plantId);
  if (!row) throw new AppError('not_found', 'plant.notFound');
  const indicators = await findIndicators(db, plantId);
  return {
    plantId,
    active: row.active,
    source: row.source,
    version: row.version ?? 0,
    updatedAt: row.updated_at?.toISOString() ?? null,
    updatedBy: row.updated_by,
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    lastError: decodeRunError(row.last_error, lang),
    derivedUntil: row.derived_until?.toISOString() ?? null,
    indicators: indicators.map((i) => ({ ...i, computedAt: i.computedAt.toISOString() })),
  };
}

/** Checks that the source compiles and defines derive (in the sandbox), then stores it as the active version. */
export async function saveScript(
  db: Db,
  sandbox: ScriptSandbox,
  caller: Caller,
  plantId: number,
  source: string,
  lang: Lang,
): Promise<{ script: PlantScript; version: number }> {
  await requirePlantInScope(db, caller, plantId);
  const checked = await sandbox.check(plantId, source);
  if (!checked.ok) {
    const { failure } = checked;
    if (failure.key) throw invalid('source', failure.key, failure.params ?? {});
    throw invalid('source', 'script.compileError', { line: failure.line ?? '?', message: failure.message ?? '' });
  }
  const version = await db.transaction(async (tx) => {
    const stored = await storeScript(tx, plantId, source, caller.id, SCRIPT_BACKFILL_DAYS);
    await setScriptActive(tx, plantId, true);
    return stored;
  });
  return { script: await getScript(db, caller, plantId, lang), version };
}

export async function deactivate(db: Db, caller: Caller, plantId: number, lang: Lang): Promise<PlantScript> {
  await requirePlantInScope(db, caller, plantId);
  // The plant_figures_* views fall back to the default sums at once.
  await setScriptActive(db, plantId, false);
  return getScript(db, caller, plantId, lang);
}

/** Runs an unsaved source on the plant's last local day of data; the result or the error, nothing is stored. */
export async function testRun(
  db: Queryable,
  sandbox: ScriptSandbox,
  caller: Caller,
  plantId: number,
  source: string,
  lang: Lang,
): Promise<ScriptTestRun> {
  await requirePlantInScope(db, caller, plantId);
  const day = await lastDataDay(db, plantId);
  const buckets = day === null ? [] : await dayBuckets(db, plantId, day);
  const outcome = await sandbox.run(plantId, source, buckets);
  const base = { day, buckets: buckets.length, durationMs: outcome.durationMs };
  const failed = (failure: ScriptFailure): ScriptTestRun => ({
    ...base,
    totals: null,
    indicators: [],
    error: { message: describeFailure(failure, lang), line: failure.line },
  });
  if (!outcome.ok) return failed(outcome.failure);
  const figures = checkDerived(outcome.figures, buckets.length);
  if (!figures.ok) return failed(figures.failure);
  const indicators = checkIndicators(outcome.indicators);
  if (!indicators.ok) return failed(indicators.failure);
  return {
    ...base,
    totals: day === null ? null : dayTotals(figures.value),
    indicators: indicators.value,
    error: null,
  };
}
