import { z } from 'zod';
import { isValidTimeZone } from './telemetry/local-time.js';

// Calendar dates and time zones as request fields. A module of its own: pages that validate a date or a zone (reports,
// records' filters, a user's settings) take these two schemas without the plant or statistics schemas around them.

/** A calendar date 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(s);
}

export const calendarDateSchema = z
  .string('validation.required')
  .refine(isCalendarDate, 'validation.invalidValue')
  // Charts go back to the first plants of the product and not beyond the next year.
  .refine((s) => s >= '2000-01-01' && s <= '2100-12-31', 'validation.dateOutOfRange');

/** An IANA time zone name Intl knows, e.g. 'Europe/Prague'. */
export const timeZoneSchema = z
  .string('validation.required')
  .max(64, 'validation.tooLong')
  .refine(isValidTimeZone, 'validation.timeZone');
