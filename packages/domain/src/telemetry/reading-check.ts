import { SERIAL_NUMBER_PATTERN } from '../serial-number.js';
import type { FieldDef } from './field-types.js';
import { FIELDS, isFieldKey } from './fields.js';
import type { MessageKey } from '../i18n/catalogue.js';

// The hand-written twin of `readingSchema` (reading.ts), which stays the specification (OpenAPI, docs). Zod spends
// about 13 µs per reading and copies it; this check reads the payload once, allocates nothing on a valid one, and names
// the same first problem as the schema (reading-check.test.ts compares both on valid, invalid and random payloads).

export const READING_EXTRA_MAX_KEYS = 64;
export const READING_EXTRA_MAX_KEY_LENGTH = 64;
export const READING_EXTRA_MAX_TEXT = 256;

export type ReadingReason = Extract<MessageKey, `reading.${string}`>;

/** The first problem of a payload: its reason and where it is (a path into the payload). */
export interface ReadingIssue {
  reason: ReadingReason;
  path: readonly PropertyKey[];
}

/** The payload holds an object JSON cannot produce (a class instance, a Map…): only the schema judges it. */
export const NOT_JSON = Symbol('not JSON');

interface FieldRule {
  /** Position in the catalogue: the schema reports the first bad field in catalogue order. */
  index: number;
  min: number;
  max: number;
  integer: boolean;
  allowed: ReadonlySet<number> | undefined;
}

const RULES: ReadonlyMap<string, FieldRule> = new Map(
  FIELDS.map((f: FieldDef, index) => [
    f.key,
    {
      index,
      min: f.min,
      max: f.max,
      integer: f.kind === 'state' || f.kind === 'code',
      allowed: f.options ? new Set<number>(f.options.map((o) => o.value)) : undefined,
    },
  ]),
);

const TOP_LEVEL = new Set(['sn', 'ts', 'seq', 'values', 'extra']);

const issue = (reason: ReadingReason, ...path: PropertyKey[]): ReadingIssue => ({ reason, path });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object as JSON.parse makes them (or a null-prototype one). */
function isJsonObject(value: Record<string, unknown>): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** What the schema says of one value of `values` (the checks of its field in the schema's order). */
function valueProblem(rule: FieldRule, value: unknown): ReadingReason | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'reading.notANumber';
  // zod's int() refuses fractions and integers beyond 2^53 alike, with the int() message.
  if (rule.integer && !Number.isSafeInteger(value)) return 'reading.notInteger';
  if (value < rule.min || value > rule.max) return 'reading.outOfRange';
  if (rule.allowed && !rule.allowed.has(value)) return 'reading.unknownState';
  return undefined;
}

function valuesIssue(values: unknown): ReadingIssue | typeof NOT_JSON | undefined {
  if (!isObject(values)) return issue('reading.noValues', 'values');
  if (!isJsonObject(values)) return NOT_JSON;
  let bad: FieldRule | undefined;
  let badKey = '';
  let badReason: ReadingReason = 'reading.notANumber';
  let unknown: string | undefined;
  let known = 0;
  for (const key in values) {
    const rule = RULES.get(key);
    if (rule === undefined) {
      unknown ??= key;
      continue;
    }
    known += 1;
    const problem = valueProblem(rule, values[key]);
    if (problem !== undefined && (bad === undefined || rule.index < bad.index)) {
      bad = rule;
      badKey = key;
      badReason = problem;
    }
  }
  if (bad !== undefined) return issue(badReason, 'values', badKey);
  if (unknown !== undefined) return issue('reading.unknownField', 'values', unknown);
  if (known === 0) return issue('reading.noValues', 'values');
  return undefined;
}

const isExtraValue = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= READING_EXTRA_MAX_TEXT);

function extraIssue(extra: Record<string, unknown>, keys: readonly string[]): ReadingIssue | undefined {
  for (const key of keys) if (!isExtraValue(extra[key])) return issue('reading.extraInvalid', 'extra', key);
  if (keys.length > READING_EXTRA_MAX_KEYS) return issue('reading.extraTooLarge', 'extra');
  for (const key of keys) {
    if (key.length === 0 || key.length > READING_EXTRA_MAX_KEY_LENGTH)
      return issue('reading.extraTooLarge', 'extra', key);
    if (isFieldKey(key)) return issue('reading.extraKnownField', 'extra', key);
  }
  return undefined;
}

/** `extra` without an own `__proto__` key, which the schema's record drops from its output. */
function extraKeys(extra: Record<string, unknown>): string[] {
  const keys = Object.keys(extra);
  const proto = keys.indexOf('__proto__');
  if (proto >= 0) keys.splice(proto, 1);
  return keys;
}

/**
 * The first problem `readingSchema` would report for a payload (timestamps are not judged here), `undefined` when it
 * would accept it, or NOT_JSON when the payload holds an object that JSON cannot produce. Defined for every value
 * JSON.parse returns, and for NaN, ±Infinity and undefined anywhere in it.
 */
export function firstReadingIssue(payload: unknown): ReadingIssue | typeof NOT_JSON | undefined {
  if (!isObject(payload)) return issue('reading.notObject');
  if (!isJsonObject(payload)) return NOT_JSON;
  const { sn, ts, seq, values, extra } = payload;
  if (typeof sn !== 'string' || !SERIAL_NUMBER_PATTERN.test(sn)) return issue('reading.serialNumber', 'sn');
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts <= 0) return issue('reading.timestamp', 'ts');
  if (seq !== undefined && (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0))
    return issue('reading.sequence', 'seq');
  const inValues = valuesIssue(values);
  if (inValues !== undefined) return inValues;
  if (extra !== undefined) {
    if (!isObject(extra)) return issue('reading.extraInvalid', 'extra');
    if (!isJsonObject(extra)) return NOT_JSON;
    const inExtra = extraIssue(extra, extraKeys(extra));
    if (inExtra !== undefined) return inExtra;
  }
  for (const key in payload) if (!TOP_LEVEL.has(key)) return issue('reading.unknownProperty', key);
  return undefined;
}

/** True when `extra` has an own `__proto__` key (the schema's output leaves it out). */
export function extraHasProtoKey(extra: object | undefined): boolean {
  return extra !== undefined && Object.prototype.hasOwnProperty.call(extra, '__proto__');
}
