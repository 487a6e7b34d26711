import {
  LAST_MINUTE_OF_DAY,
  TARIFF_PERIODS,
  formatMinuteOfDay,
  minuteOfDay,
  tariffPlanIssues,
  type TariffCommand,
  type TariffPeriod,
  type TariffPeriodDraft,
} from '@voltfleet/domain/tariffs';
import { checkSetting } from '@voltfleet/domain/commands';
import { type MessageKey } from '@voltfleet/domain/i18n';
import { type ValidationIssue } from '@voltfleet/domain/envelope';

/** A period row of the form; `key` keeps React rows stable while rows are added and removed. */
export interface PlanRow extends TariffPeriodDraft {
  key: number;
}

/** Problems by path: "periods" (the plan as a whole) or "periods.<row>.<field>", as the period rows read them. */
export type PlanErrors = Record<string, string>;

/** The request path of an issue ("tariff", "tariff.periods", "tariff.periods.2.end") as a form path. */
const formPath = (path: string) => path.replace(/^tariff\.?/, '') || 'periods';

export const planOf = (rows: readonly PlanRow[]): TariffCommand => ({
  periods: rows.map(({ type, start, end, price }) => ({ type, start, end, price })),
});

/**
 * The page's check before sending, with the same domain rules as the server: every R5.8 rule per field
 * (tariffPlanIssues), then the command's own (one price per tariff type). Message keys by form path, first per path.
 */
export function planIssues(rows: readonly PlanRow[]): Record<string, MessageKey> {
  const issues: Record<string, MessageKey> = {};
  for (const issue of tariffPlanIssues(rows)) {
    issues[issue.index === null ? 'periods' : `periods.${issue.index}.${issue.field}`] ??= issue.key;
  }
  if (Object.keys(issues).length > 0) return issues;
  const checked = checkSetting({ kind: TARIFF_PERIODS, tariff: planOf(rows) });
  return checked.ok ? {} : { [formPath(checked.issue.path)]: checked.issue.key };
}

/** The server's refusals of the plan in the same shape (first message per path); other issues are left out. */
export function serverPlanErrors(issues: readonly ValidationIssue[]): PlanErrors {
  const errors: PlanErrors = {};
  for (const issue of issues) if (issue.path.startsWith('tariff')) errors[formPath(issue.path)] ??= issue.message;
  return errors;
}

/** Messages that belong to no single row (the plan as a whole). */
export const planMessages = (errors: PlanErrors): string[] =>
  Object.entries(errors)
    .filter(([path]) => !/^periods\.\d+\./.test(path))
    .map(([, message]) => message);

/** Rows from a stored plan (the plant's tariff) or one whole-day row to fill in. */
export function rowsOf(periods: readonly TariffPeriod[] | undefined): PlanRow[] {
  if (!periods || periods.length === 0) return [{ key: 0, type: null, start: '00:00', end: '23:59', price: null }];
  return periods.map((p, key) => ({ key, type: p.type, start: p.start, end: p.end, price: p.price }));
}

/** A new row continuing the plan: from one minute after the latest end to the end of the day. */
export function appendedRow(rows: readonly PlanRow[]): PlanRow {
  const key = Math.max(-1, ...rows.map((r) => r.key)) + 1;
  const ends = rows.map((r) => (r.end ? minuteOfDay(r.end) : null)).filter((m): m is number => m !== null);
  const lastEnd = Math.max(-1, ...ends);
  const start = lastEnd < LAST_MINUTE_OF_DAY ? formatMinuteOfDay(lastEnd + 1) : null;
  return { key, type: null, start, end: start ? formatMinuteOfDay(LAST_MINUTE_OF_DAY) : null, price: null };
}
