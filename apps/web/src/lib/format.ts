import { isValidTimeZone, localParts, utcOffsetLabel } from '@voltfleet/domain/time';

/**
 * The web's one place for showing times, dates and durations; nothing else pads or formats a clock.
 *
 * Rules (each page used to pick its own):
 * - Seconds: an instant a record or event happened at (created, refreshed, last seen, reading time, fetched) is shown
 *   to the second, "YYYY-MM-DD HH:mm:ss", so two events a few seconds apart are told apart. Chart axis labels are
 *   slots, not events, and show minutes only: "HH:mm", "MM-DD HH:mm" or "MM-DD" (`formatAxisLabel`).
 * - Zones: a plant's instant is shown on the plant's wall clock followed by the zone's offset at that instant
 *   ("UTC+2" in Prague's summer, "UTC+5:30" in Kolkata), so DST shows in the offset. Without a zone (a device in no
 *   plant) or with one Intl does not know, the time is shown in UTC and labelled plainly "UTC": one rule, never the
 *   browser's own zone, so two users looking at the same device read the same text.
 * - Absent times read "—"; a text that is not a time is shown as it came rather than hidden.
 * - Record lists with no plant (users, roles, commands, …) keep the browser's local time (`formatDateTime`).
 *
 * Plain Date and Intl arithmetic: every list shows times, and dayjs is only needed where dates are picked.
 */

/** A whole number with leading zeros to `width` digits (9 → "09"). */
export function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

const DASH = '—';

/** The label of the fallback zone: plainly "UTC", so it reads differently from a plant really set to UTC ("UTC+0"). */
export const FALLBACK_ZONE_LABEL = 'UTC';

/** The zone to show a plant time in: the plant's if Intl knows it, else null (UTC, see the rules above). */
function knownZone(timeZone: string | null | undefined): string | null {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : null;
}

/** Wall-clock fields of an instant in a zone, and the zone's label at it; UTC and "UTC" without a known zone. */
function zoned(ms: number, timeZone: string | null | undefined) {
  const zone = knownZone(timeZone);
  return zone
    ? { parts: localParts(ms, zone), label: utcOffsetLabel(zone, ms) }
    : { parts: localParts(ms, 'UTC'), label: FALLBACK_ZONE_LABEL };
}

/** 'YYYY-MM-DD HH:mm:ss' of wall-clock fields. */
function dateTimeText(p: { year: number; month: number; day: number; hour: number; minute: number; second: number }) {
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/**
 * An ISO time from the API as local date and time ("2026-01-31 08:05:09"), or an em dash when absent. For records
 * that belong to no plant; the browser's zone is the reader's.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateTimeText({
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  });
}

/**
 * An instant on the plant's wall clock with the zone's offset then: "2026-03-29 03:00:00 UTC+2". Without a zone, or
 * with an unknown one, UTC: "2026-03-29 01:00:00 UTC". An em dash when absent.
 */
export function formatPlantTime(iso: string | null | undefined, timeZone: string | null | undefined): string {
  if (!iso) return DASH;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const { parts, label } = zoned(ms, timeZone);
  return `${dateTimeText(parts)} ${label}`;
}

/** How much of an instant a chart axis label shows: the clock of a slot, its day and clock, or its day alone. */
export type AxisLabelKind = 'time' | 'dayTime' | 'day';

/**
 * A chart axis label of a slot starting at `ms`, plant-local (UTC without a known zone) and without seconds: "14:05"
 * within one day, "03-29 14:05" over several, "03-29" per day. The zone is in the chart's caption, not each label.
 */
export function formatAxisLabel(ms: number, timeZone: string | null | undefined, kind: AxisLabelKind): string {
  const { parts: p } = zoned(ms, timeZone);
  const day = `${pad(p.month)}-${pad(p.day)}`;
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  if (kind === 'day') return day;
  return kind === 'time' ? time : `${day} ${time}`;
}

/** The browser's local calendar date of a moment as 'YYYY-MM-DD' (today by default). */
export function formatBrowserDate(at: Date = new Date()): string {
  return `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * The UTC calendar date of an ISO instant as 'YYYY-MM-DD', for a day that belongs to no plant (the demo's simulated
 * clock); an em dash when absent, the text as it came when it is not a time.
 */
export function formatUtcDate(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const p = localParts(ms, 'UTC');
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

const calendarFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date ('YYYY-MM-DD') by a cached Intl format; noon UTC, so no zone can move it to another day. */
function formatCalendar(date: string, lang: string, kind: 'weekday' | 'monthDay'): string {
  const id = `${kind}:${lang}`;
  let format = calendarFormats.get(id);
  if (!format) {
    const fields: Intl.DateTimeFormatOptions =
      kind === 'weekday' ? { weekday: 'short' } : { month: '2-digit', day: '2-digit' };
    format = new Intl.DateTimeFormat(lang, { ...fields, timeZone: 'UTC' });
    calendarFormats.set(id, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** The short weekday name of a calendar date ('YYYY-MM-DD') in the UI language: "Tue", "Di", "út", "周二". */
export function formatWeekday(date: string, lang: string): string {
  return formatCalendar(date, lang, 'weekday');
}

/** The short name of weekday `index` counted from Monday (0 Monday … 6 Sunday) in the UI language: "Mon", "Mo". */
export function formatWeekdayOf(index: number, lang: string): string {
  // 2024-01-01 was a Monday.
  return formatWeekday(`2024-01-${pad(1 + index)}`, lang);
}

/** The month and day of a calendar date ('YYYY-MM-DD') in the UI language: "06/17", "17.06.", "17. 06.". */
export function formatMonthDay(date: string, lang: string): string {
  return formatCalendar(date, lang, 'monthDay');
}

/** The browser's own IANA time zone ('Europe/Prague'): the default for a new plant. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A duration as "mm:ss" (minutes are not capped: "75:00"), rounded up to whole seconds so a countdown reads
 * "00:01" until it is over, and never negative.
 */
export function formatDuration(ms: number): string {
  const totalS = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(totalS / 60))}:${pad(totalS % 60)}`;
}

const ELAPSED_UNITS = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
] as const;

/**
 * A span of time for reading, in the UI language, as its two largest whole units: "2 days 3 hr", "12 min 5 sec",
 * "45 sec" ("2 Tg. 3 Std.", "2天 3小时"). Rounded to whole seconds, never negative; an em dash when unknown.
 */
export function formatElapsed(seconds: number | null | undefined, lang: string): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return DASH;
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const { unit, seconds: size } of ELAPSED_UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || (unit === 'second' && parts.length === 0)) parts.push(unitText(count, unit, lang));
    if (parts.length === 2) break;
    // "2 days 5 sec" would skip the hours and minutes between: stop at the first zero after a unit.
    if (parts.length === 1 && count === 0) break;
  }
  return parts.join(' ');
}

function unitText(count: number, unit: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(count);
}
