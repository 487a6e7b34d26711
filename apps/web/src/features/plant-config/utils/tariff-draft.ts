import {
  formatMinuteOfDay,
  minuteOfDay,
  tariffPlanIssues,
  type TariffPeriod,
  type TariffPeriodDraft,
} from '@voltfleet/domain/tariffs';
import { type ValidationIssue } from '@voltfleet/domain/envelope';
import { message } from '@/lib/i18n';

/** A period row of the editor; `key` keeps React rows stable while rows are added and removed. */
export interface PeriodRow extends TariffPeriodDraft {
  key: number;
}

/** Problems by path: "effectiveFrom", "periods" (the plan) or "periods.<row>.<field>", as the server names them. */
export type DraftErrors = Record<string, string>;

/**
 * The page's check before saving: the same domain rules and messages as the server (tariffPlanIssues), plus the
 * effective date (set, and not before the plant's local today).
 */
export function draftErrors(effectiveFrom: string | null, rows: readonly PeriodRow[], today: string) {
  const errors: DraftErrors = {};
  if (!effectiveFrom) errors.effectiveFrom = message('validation.required');
  else if (effectiveFrom < today) errors.effectiveFrom = message('tariff.effectiveDatePast', { today });
  for (const issue of tariffPlanIssues(rows)) {
    const path = issue.index === null ? 'periods' : `periods.${issue.index}.${issue.field}`;
    errors[path] ??= message(issue.key);
  }
  return errors;
}

/** The server's validation issues in the same shape (first message per path). */
export function serverErrors(issues: readonly ValidationIssue[]): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) errors[issue.path || 'periods'] ??= issue.message;
  return errors;
}

/** Messages that belong to no single field: the plan as a whole, in the order the rules are listed. */
export function planMessages(errors: DraftErrors): string[] {
  return [
    ...new Set(
      Object.entries(errors)
        .filter(([path]) => !/^periods\.\d+\./.test(path))
        .map(([, m]) => m),
    ),
  ];
}

/** A new row continuing the plan: it starts one minute after the latest end, with the day's end as its end. */
export function nextRow(rows: readonly PeriodRow[], key: number): PeriodRow {
  const ends = rows.map((r) => (r.end ? minuteOfDay(r.end) : null)).filter((m): m is number => m !== null);
  const lastEnd = ends.length > 0 ? Math.max(...ends) : -1;
  const start = lastEnd < 1439 ? formatMinuteOfDay(lastEnd + 1) : null;
  return { key, type: null, start, end: start ? '23:59' : null, price: null };
}

/** Rows of an editor started from a stored version (a copy to change) or empty with one whole-day row. */
export function rowsFrom(periods: readonly TariffPeriod[] | undefined): PeriodRow[] {
  if (!periods || periods.length === 0) return [{ key: 0, type: null, start: '00:00', end: '23:59', price: null }];
  return periods.map((p, key) => ({ key, type: p.type, start: p.start, end: p.end, price: p.price }));
}
