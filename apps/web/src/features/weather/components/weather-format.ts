import { localDay } from '@voltfleet/domain/time';
import { weatherConditionOf, type ForecastDay, type WeatherCondition } from '@voltfleet/domain/plants';
import { formatMonthDay, formatWeekday } from '@/lib/format';

/** Number of the day relative to the plant's today: 0 today, 1 tomorrow, -1 yesterday. */
export function dayOffset(date: string, nowMs: number, timeZone: string): number {
  const toUtc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((toUtc(date) - toUtc(localDay(nowMs, timeZone))) / 86_400_000);
}

/** The weekday and date of a plant-local calendar day in the user's language, e.g. "Mon 05/04". */
export function formatForecastDate(date: string, locale: string): { weekday: string; date: string } {
  // The date is already plant-local: a calendar date, which no zone shifts.
  return { weekday: formatWeekday(date, locale), date: formatMonthDay(date, locale) };
}

/** "HH:mm" of a forecast service's local "YYYY-MM-DDTHH:mm", or null. */
export function localClock(value: string | null): string | null {
  return value ? value.slice(11, 16) : null;
}

/** A temperature rounded to whole degrees, the way forecast cards show it. */
export function formatTempC(value: number): string {
  const whole = Math.round(value);
  // -0.4 rounds to -0, which would print as "-0".
  return `${whole === 0 ? 0 : whole}°C`;
}

/** The condition a card shows for a day. */
export function conditionOfDay(day: ForecastDay): WeatherCondition {
  return weatherConditionOf(day.weatherCode);
}
