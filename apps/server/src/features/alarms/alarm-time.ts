import type { AlarmTrendBucket } from '@voltfleet/domain';

/** Wall-clock parts of an instant in a time zone. */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `ms` in `timeZone` (an unknown zone reads as UTC). */
export function wallClock(ms: number, timeZone: string): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone).formatToParts(new Date(ms));
  } catch {
    parts = formatterFor('UTC').formatToParts(new Date(ms));
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at `ms`, in minutes (east positive: Prague in winter is 60). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** '+01:00', '-03:00', '+05:30'. */
export function formatOffset(minutes: number): string {
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** 'YYYY-MM-DD HH:mm:ss +01:00': the wall-clock time in the zone with its UTC offset at that instant. */
export function localTimeWithOffset(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)} ${formatOffset(offsetMinutes(ms, timeZone))}`;
}

/** The calendar day 'YYYY-MM-DD' of `ms` in the zone. */
export function localDay(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The day `n` days after `day` (calendar arithmetic, no zone). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The month 'YYYY-MM' `n` months after `month`. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The hour label 'YYYY-MM-DD HH:00' `n` hours after `label`, counting wall-clock hours. */
function addHours(label: string, n: number): string {
  const ms = Date.parse(`${label.replace(' ', 'T')}:00Z`) + n * 3_600_000;
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
}

/** The instant the day starts in the zone (its first existing minute when midnight is skipped by a DST change). */
export function zonedDayStart(day: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let guess = utcMidnight - offsetMinutes(utcMidnight, timeZone) * 60_000;
  // A second pass settles a guess that crossed an offset change.
  guess = utcMidnight - offsetMinutes(guess, timeZone) * 60_000;
  if (localDay(guess, timeZone) < day) guess += 3_600_000;
  return guess;
}

/** The bucket label of an instant in the zone: 'YYYY-MM-DD HH:00', 'YYYY-MM-DD' or 'YYYY-MM'. */
export function bucketLabel(ms: number, timeZone: string, bucket: AlarmTrendBucket): string {
  const w = wallClock(ms, timeZone);
  const month = `${w.year}-${pad(w.month)}`;
  if (bucket === 'month') return month;
  const day = `${month}-${pad(w.day)}`;
  return bucket === 'day' ? day : `${day} ${pad(w.hour)}:00`;
}

/** The label after `label` in its bucket. */
export function nextLabel(label: string, bucket: AlarmTrendBucket): string {
  if (bucket === 'month') return addMonths(label, 1);
  if (bucket === 'day') return addDays(label, 1);
  return addHours(label, 1);
}

/** The labels from `first` to `last` inclusive, one per bucket (at most `max + 1`: the caller refuses more). */
export function labelRange(first: string, last: string, bucket: AlarmTrendBucket, max: number): string[] {
  const out: string[] = [];
  for (let label = first; label <= last && out.length <= max; label = nextLabel(label, bucket)) out.push(label);
  return out;
}

/**
 * The hour labels of the zone's wall clock between two instants (a repeated hour at the end of daylight-saving time
 * is one label, a skipped one is absent), at most `max + 1`.
 */
export function hourLabels(fromMs: number, untilMs: number, timeZone: string, max: number): string[] {
  const out: string[] = [];
  // Quarter-hour steps reach every hour of zones with :30 and :45 offsets.
  for (let t = fromMs; t < untilMs && out.length <= max; t += 15 * 60_000) {
    const label = bucketLabel(t, timeZone, 'hour');
    if (out[out.length - 1] !== label) out.push(label);
  }
  return out;
}
