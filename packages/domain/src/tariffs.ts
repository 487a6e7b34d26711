import type { MessageKey } from './messages.js';
import { TARIFF_TYPES, type TariffType } from './plants.js';
import { optionValues } from './telemetry/labels.js';

/** R9.4: at most 10 tariff time periods in a day plan. */
export const TARIFF_MAX_PERIODS = 10;
/** Highest price per kWh accepted, in the plant's currency (covers the dearest retail tariffs in NGN or JPY). */
export const TARIFF_PRICE_MAX = 1000;
/** Minutes of a day; a day plan covers minutes 0 (00:00) to 1439 (23:59), period ends inclusive. */
export const LAST_MINUTE_OF_DAY = 1439;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const TYPES: readonly number[] = optionValues(TARIFF_TYPES);

/** A tariff period as an editor holds it: any field may still be empty. */
export interface TariffPeriodDraft {
  type?: number | null | undefined;
  start?: string | null | undefined;
  end?: string | null | undefined;
  price?: number | null | undefined;
}

/** A complete tariff period (R3.5 "tariff entry"): type, price per kWh, start and end as local "HH:mm". */
export interface TariffPeriod {
  type: TariffType;
  start: string;
  end: string;
  price: number;
}

/** A broken tariff rule: the period it concerns (null = the plan as a whole), the field and its message. */
export interface TariffIssue {
  index: number | null;
  field: 'type' | 'start' | 'end' | 'price' | 'periods';
  key: MessageKey;
}

/** Minutes since midnight of "HH:mm", or null when the text is not a time of day. */
export function minuteOfDay(hhmm: string): number | null {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** "HH:mm" of a minute of the day. */
export function formatMinuteOfDay(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The field rules of one period (type selected, period set and complete, time format, price set and in range). */
function periodIssues(p: TariffPeriodDraft, index: number): TariffIssue[] {
  const issues: TariffIssue[] = [];
  if (empty(p.type)) issues.push({ index, field: 'type', key: 'tariff.typeRequired' });
  else if (!TYPES.includes(p.type as number)) issues.push({ index, field: 'type', key: 'validation.invalidValue' });
  if (empty(p.start) && empty(p.end)) issues.push({ index, field: 'start', key: 'tariff.periodRequired' });
  else if (empty(p.start) || empty(p.end)) {
    issues.push({ index, field: empty(p.start) ? 'start' : 'end', key: 'tariff.periodIncomplete' });
  } else {
    if (minuteOfDay(p.start as string) === null) issues.push({ index, field: 'start', key: 'tariff.timeFormat' });
    if (minuteOfDay(p.end as string) === null) issues.push({ index, field: 'end', key: 'tariff.timeFormat' });
  }
  if (empty(p.price)) issues.push({ index, field: 'price', key: 'tariff.priceRequired' });
  else if (typeof p.price !== 'number' || !Number.isFinite(p.price) || p.price < 0) {
    issues.push({ index, field: 'price', key: 'validation.nonNegativeNumber' });
  } else if (p.price > TARIFF_PRICE_MAX) issues.push({ index, field: 'price', key: 'validation.exceedsLimit' });
  return issues;
}

/**
 * Every R5.8 tariff rule over a day plan, each with its own message. Field rules come first; the plan rules
 * (start before end, no overlap, first at 00:00, each start one minute after the previous end, the whole day up to
 * 23:59, at most 10 periods) are checked on the periods ordered by start. An empty result means the plan is valid.
 */
export function tariffPlanIssues(periods: readonly TariffPeriodDraft[]): TariffIssue[] {
  if (periods.length > TARIFF_MAX_PERIODS) return [{ index: null, field: 'periods', key: 'tariff.tooMany' }];
  if (periods.length === 0) return [{ index: null, field: 'periods', key: 'tariff.fullDay' }];
  const fieldIssues = periods.flatMap(periodIssues);
  if (fieldIssues.length > 0) return fieldIssues;

  const spans = periods.map((p, index) => ({
    index,
    start: minuteOfDay(p.start as string) as number,
    end: minuteOfDay(p.end as string) as number,
  }));
  const backwards = spans.filter((s) => s.start >= s.end);
  if (backwards.length > 0)
    return backwards.map((s) => ({ index: s.index, field: 'end', key: 'tariff.startBeforeEnd' }));

  const ordered = [...spans].sort((a, b) => a.start - b.start);
  const issues: TariffIssue[] = [];
  for (let i = 1; i < ordered.length; i++) {
    const prev = ordered[i - 1]!;
    const cur = ordered[i]!;
    if (cur.start <= prev.end) issues.push({ index: cur.index, field: 'start', key: 'tariff.overlap' });
    else if (cur.start !== prev.end + 1) issues.push({ index: cur.index, field: 'start', key: 'tariff.contiguous' });
  }
  if (issues.some((i) => i.key === 'tariff.overlap')) return issues.filter((i) => i.key === 'tariff.overlap');
  if (ordered[0]!.start !== 0)
    issues.unshift({ index: ordered[0]!.index, field: 'start', key: 'tariff.firstAtMidnight' });
  const last = ordered[ordered.length - 1]!;
  if (last.end !== LAST_MINUTE_OF_DAY) issues.push({ index: last.index, field: 'end', key: 'tariff.fullDay' });
  return issues;
}

/** The periods of a valid plan ordered by start time (callers check tariffPlanIssues first). */
export function orderedPlan(periods: readonly TariffPeriodDraft[]): TariffPeriod[] {
  return periods
    .map((p) => ({
      type: p.type as TariffType,
      start: p.start as string,
      end: p.end as string,
      price: p.price as number,
    }))
    .sort((a, b) => (minuteOfDay(a.start) as number) - (minuteOfDay(b.start) as number));
}
