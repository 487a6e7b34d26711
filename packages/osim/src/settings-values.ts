// Numbers and records read out of decoded block values for the settings mapping: a typed error where a value is
// missing or not a number, never a silent zero. Internal to the settings modules (not exported from the package).
import type { OsimRecord, OsimValues } from './codec.js';
import { fail, ok, type OsimResult } from './errors.js';

export function numberAt(values: OsimValues | OsimRecord, key: string, path: string = key): OsimResult<number> {
  const value = values[key];
  if (value === undefined) return fail({ code: 'MISSING_FIELD', field: path });
  return typeof value === 'number' ? ok(value) : fail({ code: 'INVALID_VALUE', field: path, value: String(value) });
}

/** The records of a repeated group; anything else reads as no records. */
export function recordsAt(values: OsimValues, key: string): readonly OsimRecord[] {
  const value = values[key];
  if (!Array.isArray(value)) return [];
  return (value as readonly unknown[]).filter((r): r is OsimRecord => typeof r === 'object' && r !== null);
}

/** The entries of `settings` whose keys are in `keys`. */
export function pick(settings: Readonly<Record<string, number>>, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) if (settings[key] !== undefined) out[key] = settings[key];
  return out;
}
