import {
  SCRIPT_FIGURES,
  SCRIPT_INDICATOR_NAME_MAX,
  SCRIPT_INDICATOR_UNIT_MAX,
  SCRIPT_MAX_BUCKET_EARNINGS,
  SCRIPT_MAX_BUCKET_KWH,
  SCRIPT_MAX_INDICATORS,
  type ScriptFigure,
  type ScriptIndicator,
} from '@voltfleet/domain/plants';
import { type MessageKey } from '@voltfleet/domain/i18n';

/** Why a script run did not give usable figures: a localisable message, or Python's own text, plus the line. */
export interface ScriptFailure {
  key?: MessageKey;
  params?: Record<string, string | number>;
  /** Python's error text (exception type and message), shown as is. */
  message?: string;
  line: number | null;
}

/** One bucket's figures as the script derived them. */
export type DerivedFigures = Record<ScriptFigure, number> & { earnings: number | null };

type Checked<T> = { ok: true; value: T } | { ok: false; failure: ScriptFailure };

const fail = (
  key: MessageKey,
  params: Record<string, string | number> = {},
): { ok: false; failure: ScriptFailure } => ({
  ok: false,
  failure: { key, params, line: null },
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Checks derive's result: one dict per bucket, the six figures finite and within 0 … max, earnings optional. */
export function checkDerived(result: unknown, bucketCount: number): Checked<DerivedFigures[]> {
  if (!Array.isArray(result)) return fail('script.resultNotList', { expected: bucketCount });
  if (result.length !== bucketCount) {
    return fail('script.resultLength', { expected: bucketCount, actual: result.length });
  }
  const rows: DerivedFigures[] = [];
  for (const [index, entry] of result.entries()) {
    if (!isRecord(entry)) return fail('script.resultEntry', { index });
    const row = { earnings: null } as DerivedFigures;
    for (const field of SCRIPT_FIGURES) {
      const value = entry[field];
      if (!isFiniteNumber(value)) return fail('script.resultNumber', { index, field });
      if (value < 0 || value > SCRIPT_MAX_BUCKET_KWH) {
        return fail('script.resultBounds', { index, field, max: SCRIPT_MAX_BUCKET_KWH });
      }
      row[field] = value;
    }
    const earnings = entry.earnings;
    if (earnings !== undefined && earnings !== null) {
      if (!isFiniteNumber(earnings) || Math.abs(earnings) > SCRIPT_MAX_BUCKET_EARNINGS) {
        return fail('script.resultEarnings', { index, max: SCRIPT_MAX_BUCKET_EARNINGS });
      }
      row.earnings = earnings;
    }
    rows.push(row);
  }
  return { ok: true, value: rows };
}

/** Checks indicators' result: absent, or {name: number} / {name: {value, unit}} within the count and length limits. */
export function checkIndicators(result: unknown): Checked<ScriptIndicator[]> {
  if (result === null || result === undefined) return { ok: true, value: [] };
  if (!isRecord(result)) return fail('script.indicatorsInvalid');
  const entries = Object.entries(result);
  if (entries.length > SCRIPT_MAX_INDICATORS) return fail('script.indicatorsTooMany', { max: SCRIPT_MAX_INDICATORS });
  const out: ScriptIndicator[] = [];
  for (const [rawName, raw] of entries) {
    const name = rawName.trim();
    const value = isRecord(raw) ? raw.value : raw;
    const unit = isRecord(raw) ? (raw.unit ?? '') : '';
    if (isRecord(raw) && typeof unit !== 'string') return fail('script.indicatorsInvalid');
    if (name === '' || name.length > SCRIPT_INDICATOR_NAME_MAX || String(unit).length > SCRIPT_INDICATOR_UNIT_MAX) {
      return fail('script.indicatorName', { max: SCRIPT_INDICATOR_NAME_MAX, unitMax: SCRIPT_INDICATOR_UNIT_MAX });
    }
    if (!isFiniteNumber(value)) return fail('script.indicatorValue', { name });
    out.push({ name, value, unit: String(unit) });
  }
  return { ok: true, value: out };
}

/** Day totals of derived buckets; earnings only when the script computed them for at least one bucket. */
export function dayTotals(rows: readonly DerivedFigures[]): DerivedFigures {
  const totals = { earnings: null } as DerivedFigures;
  for (const field of SCRIPT_FIGURES) totals[field] = rows.reduce((sum, r) => sum + r[field], 0);
  const earned = rows.filter((r) => r.earnings !== null);
  totals.earnings = earned.length ? earned.reduce((sum, r) => sum + (r.earnings ?? 0), 0) : null;
  return totals;
}
