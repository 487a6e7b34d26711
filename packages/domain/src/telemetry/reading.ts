import { z } from 'zod';
import { SERIAL_NUMBER_PATTERN } from '../serial-number.js';
import { FIELDS, fieldByKey, isFieldKey, type Field, type FieldKey } from './fields.js';
import { DAY_MS } from './local-time.js';
import TELEMETRY_EN from '../i18n/locales/en/telemetry.json' with { type: 'json' };
import { interpolate } from '../i18n/interpolate.js';
import {
  NOT_JSON,
  READING_EXTRA_MAX_KEYS,
  READING_EXTRA_MAX_KEY_LENGTH,
  READING_EXTRA_MAX_TEXT,
  extraHasProtoKey,
  firstReadingIssue,
  type ReadingIssue,
  type ReadingReason,
} from './reading-check.js';

export { READING_EXTRA_MAX_KEYS, READING_EXTRA_MAX_KEY_LENGTH, READING_EXTRA_MAX_TEXT, type ReadingReason };

/** Readings older than this are refused (they would land in a dropped partition and falsify closed rollups). */
export const READING_MAX_AGE_MS = 35 * DAY_MS;
/** Clock skew tolerated for device timestamps ahead of the server. */
export const READING_MAX_FUTURE_MS = 10 * 60_000;

function valueSchema(field: Field) {
  let schema = z.number('reading.notANumber');
  if (field.kind === 'state' || field.kind === 'code') schema = schema.int('reading.notInteger');
  schema = schema.min(field.min, 'reading.outOfRange').max(field.max, 'reading.outOfRange');
  if (field.options) {
    const allowed = new Set(field.options.map((o) => o.value));
    schema = schema.refine((v) => allowed.has(v), 'reading.unknownState');
  }
  return schema.optional();
}

const valuesShape = Object.fromEntries(FIELDS.map((f) => [f.key, valueSchema(f as Field)])) as {
  [K in FieldKey]: z.ZodOptional<z.ZodNumber>;
};

const valuesSchema = z
  .strictObject(valuesShape, 'reading.noValues')
  .refine((values) => Object.keys(values).length > 0, 'reading.noValues');

const extraSchema = z
  .record(
    z.string(),
    z.union(
      [
        z.number('reading.extraInvalid'),
        z.string('reading.extraInvalid').max(READING_EXTRA_MAX_TEXT, 'reading.extraInvalid'),
      ],
      'reading.extraInvalid',
    ),
    'reading.extraInvalid',
  )
  .superRefine((extra, ctx) => {
    const keys = Object.keys(extra);
    if (keys.length > READING_EXTRA_MAX_KEYS) ctx.addIssue({ code: 'custom', message: 'reading.extraTooLarge' });
    for (const key of keys) {
      if (key.length === 0 || key.length > READING_EXTRA_MAX_KEY_LENGTH)
        ctx.addIssue({ code: 'custom', path: [key], message: 'reading.extraTooLarge' });
      else if (isFieldKey(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'reading.extraKnownField' });
    }
  });

/**
 * The MQTT JSON payload of one reading (docs/protocol.md): `values` holds only catalogue keys, each a finite number
 * within its field's range; anything else a device wants to report goes to the bounded `extra` map.
 */
export const readingSchema = z.strictObject(
  {
    sn: z.string('reading.serialNumber').regex(SERIAL_NUMBER_PATTERN, 'reading.serialNumber'),
    /** Epoch milliseconds, UTC. */
    ts: z.number('reading.timestamp').int('reading.timestamp').positive('reading.timestamp'),
    seq: z.number('reading.sequence').int('reading.sequence').min(0, 'reading.sequence').optional(),
    values: valuesSchema,
    extra: extraSchema.optional(),
  },
  'reading.notObject',
);
export type Reading = z.infer<typeof readingSchema>;
export type ReadingValues = Reading['values'];

/** A refused reading: `reason` is a message key, `field` the offending key, `detail` English text for logs. */
export type Rejection = { ok: false; reason: ReadingReason; field?: string; detail: string };
export type ReadingResult = { ok: true; reading: Reading } | Rejection;

const REASONS = new Set<string>([
  'reading.notObject',
  'reading.serialNumber',
  'reading.timestamp',
  'reading.sequence',
  'reading.noValues',
  'reading.notANumber',
  'reading.notInteger',
  'reading.outOfRange',
  'reading.unknownState',
  'reading.extraInvalid',
  'reading.extraTooLarge',
  'reading.extraKnownField',
] satisfies ReadingReason[]);

/** A payload property by path, shown (shortened) in the detail text. */
function shown(payload: unknown, path: readonly PropertyKey[]): string {
  let node = payload;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return 'undefined';
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  const text = typeof node === 'number' ? String(node) : (JSON.stringify(node) ?? 'undefined');
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * English text of a reason for logs; pages translate `reason` with `field` themselves. Only the English telemetry
 * namespace is imported: the ingest path and the pages that check a reading need not carry the whole catalogue.
 */
function english(reason: ReadingReason, field: string | undefined): string {
  const key = reason.slice('reading.'.length) as keyof typeof TELEMETRY_EN.reading;
  return interpolate(TELEMETRY_EN.reading[key], { field: field ?? '' });
}

function rejected(reason: ReadingReason, field: string | undefined, extra: string): Rejection {
  const detail = `${english(reason, field)}: ${extra}`;
  return field === undefined ? { ok: false, reason, detail } : { ok: false, reason, field, detail };
}

/** A problem as a refusal: the reason, the offending key, and English detail naming the value and its range. */
function rejectionOf({ reason, path }: ReadingIssue, payload: unknown): Rejection {
  const [head, key] = path;
  if (reason === 'reading.unknownField') return rejected(reason, String(key), `values.${String(key)}`);
  if (reason === 'reading.unknownProperty') return rejected(reason, String(head), String(head));
  const value = shown(payload, path);
  if (head === 'values' && typeof key === 'string') {
    const f = fieldByKey(key);
    const unit = f?.unit && f.unit !== 'currency' ? ` ${f.unit}` : '';
    return rejected(reason, key, `values.${key} = ${value}${f ? ` (allowed ${f.min} … ${f.max}${unit})` : ''}`);
  }
  if (head === 'extra' && typeof key === 'string') return rejected(reason, key, `extra.${key} = ${value}`);
  return rejected(reason, typeof head === 'string' ? head : undefined, value);
}

/** The schema's first issue in the terms of ReadingIssue. */
function issueOf(issue: z.core.$ZodIssue): ReadingIssue {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return issue.path[0] === 'values'
      ? { reason: 'reading.unknownField', path: ['values', key] }
      : { reason: 'reading.unknownProperty', path: [key] };
  }
  const reason = REASONS.has(issue.message) ? (issue.message as ReadingReason) : 'reading.notObject';
  return { reason, path: issue.path };
}

function timely(reading: Reading, now: number): ReadingResult {
  const { ts } = reading;
  if (ts < now - READING_MAX_AGE_MS) return rejected('reading.tooOld', 'ts', new Date(ts).toISOString());
  if (ts > now + READING_MAX_FUTURE_MS) return rejected('reading.inFuture', 'ts', new Date(ts).toISOString());
  return { ok: true, reading };
}

/**
 * validateReading by `readingSchema` itself (zod): the reference the fast check is tested against, and the judge of
 * payloads holding objects JSON cannot produce. The reading returned is the schema's copy.
 */
export function validateReadingWithSchema(payload: unknown, now: number): ReadingResult {
  const parsed = readingSchema.safeParse(payload);
  if (parsed.success) return timely(parsed.data, now);
  const issue = parsed.error.issues[0];
  if (!issue) return rejected('reading.notObject', undefined, 'unreadable payload');
  return rejectionOf(issueOf(issue), payload);
}

/**
 * Validates one device payload at server time `now` (epoch ms): shape, serial number, every value against its
 * field, and a timestamp no older than 35 days and no more than 10 minutes ahead. Pure; the first problem wins, as
 * `readingSchema` orders them. A valid payload is returned as the reading itself (not copied).
 */
export function validateReading(payload: unknown, now: number): ReadingResult {
  const found = firstReadingIssue(payload);
  if (found === NOT_JSON) return validateReadingWithSchema(payload, now);
  if (found !== undefined) return rejectionOf(found, payload);
  const reading = payload as Reading;
  // The schema's record leaves an own "__proto__" key of `extra` out of its output; so does this.
  if (extraHasProtoKey(reading.extra)) return validateReadingWithSchema(payload, now);
  return timely(reading, now);
}
