import { z } from 'zod';

// A module of its own: the plant statistics page (in the shell's first download) reads plant-stats.ts's constants
// only, while the report pages validate dates; kept together, the bundler put the schema and zod in the shell.

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
