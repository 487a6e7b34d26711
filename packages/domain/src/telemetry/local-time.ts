/**
 * Plant-local calendar arithmetic on UTC epoch milliseconds, using the IANA zone rules of Intl (so DST is handled).
 * Zone offsets only change at instants that are whole quarter hours in UTC, so an offset is looked up once per
 * zone and quarter hour and cached.
 */
const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
// Per zone, offset by quarter-hour bucket: a nested map avoids building a string key on this hot path.
const offsets = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 50_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the IANA time zone name (e.g. 'Europe/Prague'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() !== timeZone || timeZone === '') return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of the zone from UTC in minutes at an instant (+60 for Prague in winter, -180 for São Paulo). */
export function utcOffsetMinutes(timeZone: string, ms: number): number {
  const bucket = Math.floor(ms / QUARTER_MS);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const cached = zone.get(bucket);
  if (cached !== undefined) return cached;
  const at = bucket * QUARTER_MS;
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const offset = Math.round((asUtc - at) / MINUTE_MS);
  if (zone.size >= OFFSET_CACHE_LIMIT) zone.clear();
  zone.set(bucket, offset);
  return offset;
}

/** Wall-clock fields of an instant in a zone; weekday 0 = Sunday. */
export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  /** Minutes since local midnight, fractional. */
  minuteOfDay: number;
}

/** The wall-clock time of an instant in a zone. */
export function localParts(ms: number, timeZone: string): LocalParts {
  const d = new Date(ms + utcOffsetMinutes(timeZone, ms) * MINUTE_MS);
  const hour = d.getUTCHours();
  const minute = d.getUTCMinutes();
  const second = d.getUTCSeconds();
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour,
    minute,
    second,
    weekday: d.getUTCDay(),
    minuteOfDay: hour * 60 + minute + (second + d.getUTCMilliseconds() / 1000) / 60,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Per zone and UTC quarter hour, a value that depends only on the local day (its name, its first instant). Exact
 * where the zone's offset is a whole number of quarter hours: then local midnights fall on quarter-hour boundaries in
 * UTC, and a quarter lies in one local day (offsets change only at quarter hours, see above). The ingest asks this
 * for every reading, several times.
 */
class QuarterCache<T> {
  private readonly zones = new Map<string, Map<number, T>>();

  lookup(timeZone: string, ms: number): T | undefined {
    return this.zones.get(timeZone)?.get(Math.floor(ms / QUARTER_MS));
  }

  /** Remembers `value` for the quarter of `ms` where that is exact; returns it. */
  store(timeZone: string, ms: number, value: T): T {
    if (utcOffsetMinutes(timeZone, ms) % 15 !== 0) return value;
    let zone = this.zones.get(timeZone);
    if (!zone) this.zones.set(timeZone, (zone = new Map()));
    if (zone.size >= OFFSET_CACHE_LIMIT) zone.clear();
    zone.set(Math.floor(ms / QUARTER_MS), value);
    return value;
  }
}

const dayNames = new QuarterCache<string>();
const dayStarts = new QuarterCache<number>();

/** The plant-local calendar day of an instant as 'YYYY-MM-DD'. */
export function localDay(ms: number, timeZone: string): string {
  const known = dayNames.lookup(timeZone, ms);
  if (known !== undefined) return known;
  const p = localParts(ms, timeZone);
  return dayNames.store(timeZone, ms, `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`);
}

/** The plant-local calendar month of an instant as 'YYYY-MM'. */
export function localMonth(ms: number, timeZone: string): string {
  return localDay(ms, timeZone).slice(0, 7);
}

/**
 * The first instant of the plant-local day containing `ms`. Where a DST jump skips local midnight the day starts
 * at the first instant that exists (e.g. 01:00).
 */
export function startOfLocalDay(ms: number, timeZone: string): number {
  return dayStarts.lookup(timeZone, ms) ?? dayStarts.store(timeZone, ms, computeStartOfLocalDay(ms, timeZone));
}

function computeStartOfLocalDay(ms: number, timeZone: string): number {
  const day = localDay(ms, timeZone);
  const wallMidnight = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  const c1 = wallMidnight - utcOffsetMinutes(timeZone, ms) * MINUTE_MS;
  const c2 = wallMidnight - utcOffsetMinutes(timeZone, c1) * MINUTE_MS;
  const c3 = wallMidnight - utcOffsetMinutes(timeZone, c2) * MINUTE_MS;
  const inDay = [c1, c2, c3].filter((c) => c <= ms && localDay(c, timeZone) === day);
  const earliest = Math.min(...inDay);
  if (inDay.length > 0 && localDay(earliest - 1, timeZone) !== day) return earliest;
  return searchDayStart(ms, timeZone, day);
}

/** Fallback for irregular zone histories: the first instant of `day` by bisection over the preceding 50 hours. */
function searchDayStart(ms: number, timeZone: string, day: string): number {
  let before = ms - 50 * HOUR_MS;
  let inside = ms;
  while (inside - before > 1) {
    const mid = Math.floor((before + inside) / 2);
    if (localDay(mid, timeZone) === day) inside = mid;
    else before = mid;
  }
  return inside;
}

/** The first instant of the plant-local day after the one containing `ms`. */
export function nextLocalMidnight(ms: number, timeZone: string): number {
  return startOfLocalDay(startOfLocalDay(ms, timeZone) + 36 * HOUR_MS, timeZone);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a plant-local day 'YYYY-MM-DD', or undefined for a date that does not exist. */
export function localDayStart(day: string, timeZone: string): number | undefined {
  const m = DAY_PATTERN.exec(day);
  if (!m) return undefined;
  const noon = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
  if (new Date(noon).toISOString().slice(0, 10) !== day) return undefined;
  const localNoon = noon - utcOffsetMinutes(timeZone, noon) * MINUTE_MS;
  return startOfLocalDay(localNoon, timeZone);
}

/** The calendar day `days` whole days after 'YYYY-MM-DD' (before, when negative); no zone is involved. */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar month `months` months after 'YYYY-MM' (before, when negative). */
export function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}`;
}

/** Display label of a zone's offset at an instant: 'UTC+8', 'UTC-3', 'UTC+5:30', 'UTC+0'. */
export function utcOffsetLabel(timeZone: string, ms: number): string {
  const offset = utcOffsetMinutes(timeZone, ms);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const minutes = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${minutes ? `:${pad(minutes)}` : ''}`;
}

/**
 * True when the zone's offset changes during the calendar year of the instant (daylight saving): its offsets on
 * 1 January and 1 July differ. Fixed offsets (Etc/GMT-10, UTC) and zones without daylight saving (Asia/Shanghai) are
 * false.
 */
export function followsDaylightSaving(timeZone: string, ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  return utcOffsetMinutes(timeZone, Date.UTC(year, 0, 1)) !== utcOffsetMinutes(timeZone, Date.UTC(year, 6, 1));
}
