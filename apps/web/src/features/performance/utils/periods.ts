import { PERFORMANCE_MAX_SPAN_DAYS, type PerformanceGranularity } from '@voltfleet/domain/performance';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A calendar day (YYYY-MM-DD) moved by whole days. */
export function addDays(day: string, days: number): string {
  return iso(ms(day) + days * DAY_MS);
}

/** The last day of the month a day is in. */
export function monthEnd(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return iso(Date.UTC(y, m, 0));
}

/** The browser's calendar day today, YYYY-MM-DD (the fleet page's spans; each plant reads them in its own zone). */
export function browserToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The last 30 complete days before `today`: the rankings' default span and the plant list's PR span. */
export function last30Days(today: string): { from: string; to: string } {
  return { from: addDays(today, -30), to: addDays(today, -1) };
}

/**
 * The default span of a granularity on the plant's Performance tab, ending before `today` (the plant's own day): the
 * last 30 complete days; the last 12 months (this one included); the last 5 years (this one included).
 */
export function defaultSpan(granularity: PerformanceGranularity, today: string): { from: string; to: string } {
  if (granularity === 'day') return last30Days(today);
  const [y, m] = today.split('-').map(Number) as [number, number];
  if (granularity === 'month') return { from: iso(Date.UTC(y, m - 12, 1)), to: monthEnd(today) };
  return { from: `${y - 4}-01-01`, to: `${y}-12-31` };
}

/**
 * A span picked in the fields, made whole for its granularity (a month span from the first day of its first month to
 * the last of its last, a year span from 1 January to 31 December) and in order (the start never after the end).
 */
export function wholeSpan(granularity: PerformanceGranularity, from: string, to: string): { from: string; to: string } {
  const [start, end] = from <= to ? [from, to] : [to, from];
  if (granularity === 'day') return { from: start, to: end };
  if (granularity === 'month') return { from: `${start.slice(0, 7)}-01`, to: monthEnd(end) };
  return { from: `${start.slice(0, 4)}-01-01`, to: `${end.slice(0, 4)}-12-31` };
}

/** Whether a span is within what one request may cover (PERFORMANCE_MAX_SPAN_DAYS). */
export function spanAllowed(granularity: PerformanceGranularity, from: string, to: string): boolean {
  return (ms(to) - ms(from)) / DAY_MS < PERFORMANCE_MAX_SPAN_DAYS[granularity];
}
