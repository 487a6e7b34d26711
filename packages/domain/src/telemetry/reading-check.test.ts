import { describe, expect, test } from 'vitest';
import type { FieldDef } from './field-types.js';
import { FIELDS } from './fields.js';
import { NOT_JSON, firstReadingIssue } from './reading-check.js';
import { READING_MAX_AGE_MS, validateReading, validateReadingWithSchema } from './reading.js';

// The hand-written check must name exactly what readingSchema (zod) names: the same verdict, reason, field and
// detail, on every field's boundaries, wrong types, several problems at once, and random payloads.

const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);
const SN = 'VF10K2400101';
const FIELD_LIST: readonly FieldDef[] = FIELDS;

/** A valid value of every field. */
function typicalValue(f: FieldDef): number {
  if (f.options) return f.options[0]!.value;
  if (f.kind !== 'gauge') return f.min;
  const factor = 10 ** f.decimals;
  return Math.round(((f.min + f.max) / 2) * factor) / factor;
}
const ALL_VALUES = Object.fromEntries(FIELD_LIST.map((f) => [f.key, typicalValue(f)]));
const base = (values: Record<string, unknown> = ALL_VALUES) => ({ sn: SN, ts: NOW - 60_000, seq: 7, values });

/** Both validators on one payload: identical results, and the fast one decided without the schema. */
function expectSame(payload: unknown, now = NOW) {
  const reference = validateReadingWithSchema(payload, now);
  expect(firstReadingIssue(payload)).not.toBe(NOT_JSON);
  expect(validateReading(payload, now)).toEqual(reference);
  return reference;
}

/** Wrong types and non-finite numbers, as JSON (or a careless producer) gives them. */
const NOT_NUMBERS: unknown[] = ['1', '', null, true, false, [], [1], {}, { v: 1 }, NaN, Infinity, -Infinity];

/** Values around a field's limits: inside, on, just beyond, fractions, huge integers, -0. */
function probes(f: FieldDef): unknown[] {
  const step = f.kind === 'gauge' ? 10 ** -f.decimals : 1;
  const values: unknown[] = [f.min, f.max, f.min - step, f.max + step, f.min - 1e-9, f.max + 1e-9, -0, 0.5];
  values.push(f.min + 0.5, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 1e300, -1e300, undefined);
  if (f.options) {
    const allowed = new Set(f.options.map((o) => o.value));
    for (let v = f.min; v <= f.max; v++) if (!allowed.has(v)) values.push(v);
  }
  return [...values, ...NOT_NUMBERS];
}

describe('the fast reading check agrees with readingSchema', () => {
  test.each(FIELD_LIST.map((f) => [f.key, f] as const))('%s: every probe, alone and among all fields', (key, f) => {
    const reasons = new Set<string>();
    for (const value of probes(f)) {
      const alone = expectSame(base({ [key]: value }));
      expectSame(base({ ...ALL_VALUES, [key]: value }));
      reasons.add(alone.ok ? 'ok' : alone.reason);
    }
    // The probes reach every verdict this field can give (the comparison is not vacuous).
    expect(reasons).toContain('ok');
    expect(reasons).toContain('reading.notANumber');
    expect(reasons).toContain('reading.outOfRange');
    if (f.kind !== 'gauge' && f.kind !== 'counter') expect(reasons).toContain('reading.notInteger');
  });

  const long = 'x'.repeat(257);
  const manyExtra = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
  test.each([
    ['not an object', ['x', 1, null, true, [], [base()], undefined]],
    ['sn', [undefined, 1, null, 'vf10k2400101', 'VF10K', 'A'.repeat(32), 'A'.repeat(33), 'VF10K 2400101', '']],
    ['ts', [undefined, 0, -1, 1.5, '1717243140000', NaN, Infinity, 2 ** 53, 2 ** 53 + 2, null, NOW]],
    ['seq', [undefined, -1, 0, 1.5, '1', NaN, 2 ** 60, null, 2 ** 53 - 1]],
    ['values', [undefined, null, [], 'x', {}, { nope: 1 }, { pvPowerW: undefined }, { pvPowerW: 1, nope: 2 }]],
    ['extra', [undefined, null, [], 'x', 1, {}, { a: 1, b: 'text' }, manyExtra(64), manyExtra(65)]],
    ['extra', [{ '': 1 }, { ['k'.repeat(64)]: 1 }, { ['k'.repeat(65)]: 1 }, { pvPowerW: 1 }, { a: true }]],
    ['extra', [{ a: null }, { a: NaN }, { a: long }, { a: long.slice(1) }, { a: { b: 1 } }, { 1: 1, a: [] }]],
    [
      'extra',
      [
        { a: long, pvPowerW: 1 },
        { ...manyExtra(70), z: long },
        { ...manyExtra(70), pvPowerW: 1 },
      ],
    ],
  ])('top level: %s', (property, variants) => {
    for (const value of variants) {
      if (property === 'not an object') expectSame(value);
      else expectSame({ ...base(), [property]: value });
    }
  });

  test.each([
    ['two bad fields, the later one first in the payload', { batSocPct: 101, pvPowerW: -1 }],
    ['a bad field after an unknown key', { nope: 1, gridPowerW: 'x' }],
    ['an unknown key after a bad field', { pcsState: 99, nope: 1 }],
    ['a fraction and a wrong type', { pcsWorkMode: 1.5, pv1VoltageV: null }],
  ])('several problems in values: %s', (_label, values) => {
    expectSame(base(values));
  });

  test.each([
    ['bad sn and bad values', { sn: 'x', ts: NOW, values: { pvPowerW: 'x' } }],
    ['unknown property before bad extra', { extra: { a: true }, sn: SN, ts: NOW, values: { pvPowerW: 1 }, zz: 1 }],
    ['unknown property before bad values', { zz: 1, sn: SN, ts: NOW, values: {} }],
    ['bad seq and bad ts', { sn: SN, ts: -5, seq: -1, values: { pvPowerW: 1 } }],
    ['bad values and bad extra', { sn: SN, ts: NOW, values: { nope: 1 }, extra: { pvPowerW: 1 } }],
  ])('several problems at the top: %s', (_label, payload) => {
    expectSame(payload);
  });

  test('keys named __proto__, as JSON.parse makes them', () => {
    const ts = NOW - 1000;
    expectSame(JSON.parse(`{"sn":"${SN}","ts":${ts},"values":{"pvPowerW":1},"__proto__":{"a":1}}`));
    expectSame(JSON.parse(`{"sn":"${SN}","ts":${ts},"values":{"__proto__":1,"pvPowerW":1}}`));
    const dropped = JSON.parse(`{"sn":"${SN}","ts":${ts},"values":{"pvPowerW":1},"extra":{"__proto__":1,"a":2}}`);
    expect(validateReading(dropped, NOW)).toEqual(validateReadingWithSchema(dropped, NOW));
    expect(validateReading(dropped, NOW)).toMatchObject({ ok: true, reading: { extra: { a: 2 } } });
  });

  test('timestamps at the edges of the accepted window', () => {
    for (const ts of [NOW - READING_MAX_AGE_MS - 1, NOW - READING_MAX_AGE_MS, NOW + 600_000, NOW + 600_001])
      expectSame({ ...base(), ts });
  });

  test('objects JSON cannot make are judged by the schema itself', () => {
    class Values {
      pvPowerW = 1;
    }
    for (const payload of [{ ...base(), values: new Values() }, { ...base(), extra: new Map() }, new Date(NOW)]) {
      expect(firstReadingIssue(payload)).toBe(NOT_JSON);
      expect(validateReading(payload, NOW)).toEqual(validateReadingWithSchema(payload, NOW));
    }
  });
});

/** mulberry32: a small seeded generator, so a failure can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}

/** A valid value of a field at fraction `u` of its range (a listed code for a state). */
function inRange(f: FieldDef, u: number): number {
  if (f.options) return f.options[Math.floor(u * f.options.length)]!.value;
  const factor = 10 ** f.decimals;
  return Math.round((f.min + u * (f.max - f.min)) * factor) / factor;
}

function randomPayload(seed: number): unknown {
  const { next, pick, chance } = random(seed);
  const values: Record<string, unknown> = {};
  const count = Math.floor(next() * 80);
  for (let i = 0; i < count; i++) {
    const f = pick(FIELD_LIST);
    // Mostly valid values (so problems are rare and their order matters), sometimes a probe.
    values[f.key] = chance(0.97) ? inRange(f, next()) : pick(probes(f));
  }
  if (chance(0.05)) values[pick(['nope', 'PvPowerW', '__x', '1'])] = 1;
  const payload: Record<string, unknown> = { sn: SN, ts: NOW - Math.floor(next() * 1e9), values };
  if (chance(0.5)) payload.seq = chance(0.95) ? Math.floor(next() * 1e6) : pick([-1, 0.5, '3', null]);
  if (chance(0.3)) {
    const extra: Record<string, unknown> = {};
    const keys = chance(0.05) ? 70 : Math.floor(next() * 5);
    for (let i = 0; i < keys; i++)
      extra[pick(['a', 'fw', 'rssiDbm', `k${i}`, '', 'batSocPct'])] = pick([1, 'x', -2.5, null, true, 'y'.repeat(300)]);
    payload.extra = extra;
  }
  if (chance(0.03)) payload.sn = pick(['x', 3, 'VF10K2400101X'.toLowerCase()]);
  if (chance(0.03)) payload.ts = pick([0, 1.5, '1', NOW + 3_600_000]);
  if (chance(0.03)) payload[pick(['device', 'Values', 'ts2'])] = 1;
  // Any property order: the first problem must not depend on it.
  const entries = Object.entries(payload);
  if (chance(0.5)) entries.reverse();
  return Object.fromEntries(entries);
}

describe('the fast reading check agrees with readingSchema on random payloads', () => {
  test('5,000 seeded payloads, valid and invalid alike', () => {
    let valid = 0;
    for (let seed = 1; seed <= 5000; seed++) {
      const payload = randomPayload(seed);
      const reference = validateReadingWithSchema(payload, NOW);
      const fast = validateReading(payload, NOW);
      if (JSON.stringify(fast) !== JSON.stringify(reference)) expect({ seed, fast }).toEqual({ seed, fast: reference });
      if (reference.ok) valid += 1;
    }
    // Both verdicts occur often enough for the comparison to mean something.
    expect(valid).toBeGreaterThan(1000);
    expect(valid).toBeLessThan(4500);
  });
});
