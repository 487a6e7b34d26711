import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { translate } from '../messages.js';
import { FIELD_GROUPS, FIELD_KINDS, FIELD_UNITS } from './field-types.js';
import {
  FIELDS,
  FIELDS_BY_GROUP,
  FIELD_GROUP_NAMES,
  FIELD_KEYS,
  fieldByKey,
  isFieldKey,
  roundToField,
} from './fields.js';

/** The suffix a key must end with for its unit ("units live in names"). */
const UNIT_SUFFIX: Record<string, RegExp | null> = {
  W: /W$/,
  V: /V$/,
  A: /A$/,
  Hz: /Hz$/,
  '%': /Pct$/,
  '°C': /C$/,
  kWh: /Kwh$/,
  kΩ: /Kohm$/,
  bar: /Bar$/,
  currency: null,
  '': null,
};

describe('field catalogue', () => {
  test('has roughly 60 to 120 fields with unique keys', () => {
    expect(FIELDS.length).toBeGreaterThanOrEqual(60);
    expect(FIELDS.length).toBeLessThanOrEqual(120);
    expect(new Set(FIELD_KEYS).size).toBe(FIELDS.length);
  });

  test('keys are unique ignoring case (they become database columns)', () => {
    expect(new Set(FIELD_KEYS.map((k) => k.toLowerCase())).size).toBe(FIELD_KEYS.length);
  });

  test.each(FIELDS.map((f) => [f.key, f] as const))('%s is well formed', (key, field) => {
    expect(key).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(key.length).toBeLessThanOrEqual(40);
    expect(FIELD_GROUPS).toContain(field.group);
    expect(FIELD_UNITS).toContain(field.unit);
    expect(FIELD_KINDS).toContain(field.kind);
    expect(Number.isInteger(field.decimals) && field.decimals >= 0 && field.decimals <= 3).toBe(true);
    expect(field.min).toBeLessThan(field.max);
    const suffix = UNIT_SUFFIX[field.unit];
    if (suffix) expect(key, `unit ${field.unit}`).toMatch(suffix);
    if (field.kind === 'counter') expect(field.min).toBe(0);
    if (field.kind === 'state') {
      expect(field.options?.length).toBeGreaterThan(1);
      for (const o of field.options ?? []) expect(Number.isInteger(o.value)).toBe(true);
    } else {
      expect(field.options).toBeUndefined();
    }
  });

  test.each(FIELDS.map((f) => [f.key, f] as const))('%s has its label in zh, en, cs and de', (key, field) => {
    expect(field.label).toBe(`field.${key}`);
    // translate answers a key the catalogue lacks with the key itself
    for (const lang of LANGUAGES) expect(translate(field.label, lang), `${key} ${lang}`).not.toBe(field.label);
    expect(translate(field.label, 'zh')).toMatch(/[\u4e00-\u9fff]/);
    for (const option of field.options ?? [])
      for (const lang of LANGUAGES)
        expect(translate(option.label, lang), `${key}=${option.value} ${lang}`).not.toBe(option.label);
  });

  test('English names are unique so pickers can tell fields apart', () => {
    expect(new Set(FIELDS.map((f) => translate(f.label, 'en'))).size).toBe(FIELDS.length);
  });

  test('contains the rollup counters, the flow gauges and the fault words', () => {
    for (const key of [
      'pvEnergyTodayKwh',
      'pvEnergyTotalKwh',
      'loadEnergyTodayKwh',
      'loadEnergyTotalKwh',
      'gridImportTodayKwh',
      'gridImportTotalKwh',
      'gridExportTodayKwh',
      'gridExportTotalKwh',
      'batChargeTodayKwh',
      'batChargeTotalKwh',
      'batDischargeTodayKwh',
      'batDischargeTotalKwh',
    ]) {
      expect(fieldByKey(key)).toMatchObject({ unit: 'kWh', kind: 'counter' });
    }
    for (const key of ['pvPowerW', 'loadPowerW', 'gridPowerW', 'batPowerW']) expect(fieldByKey(key)?.unit).toBe('W');
    expect(fieldByKey('gridPowerW')?.min).toBeLessThan(0);
    expect(fieldByKey('batPowerW')?.min).toBeLessThan(0);
    expect(fieldByKey('batSocPct')).toMatchObject({ min: 0, max: 100, unit: '%' });
    expect(fieldByKey('batSohPct')).toMatchObject({ min: 0, max: 100, unit: '%' });
    expect(fieldByKey('faultWord')).toMatchObject({ kind: 'code', max: 0xffffffff });
    expect(fieldByKey('warningWord')).toMatchObject({ kind: 'code', max: 0xffffffff });
  });

  test('every group has fields and a heading; FIELDS_BY_GROUP partitions the catalogue', () => {
    let count = 0;
    for (const group of FIELD_GROUPS) {
      expect(FIELDS_BY_GROUP[group].length, group).toBeGreaterThan(0);
      expect(translate(FIELD_GROUP_NAMES[group], 'en')).not.toBe(FIELD_GROUP_NAMES[group]);
      for (const f of FIELDS_BY_GROUP[group]) expect(f.group).toBe(group);
      count += FIELDS_BY_GROUP[group].length;
    }
    expect(count).toBe(FIELDS.length);
  });

  test.each([
    ['gridPowerW', true],
    ['batCdState', true],
    ['gridpowerw', false],
    ['toString', false],
    ['', false],
  ])('isFieldKey(%j) is %s', (key, known) => {
    expect(isFieldKey(key)).toBe(known);
    expect(fieldByKey(key) !== undefined).toBe(known);
  });

  test.each([
    ['gridFrequencyHz', 50.0149, 50.01],
    ['gridPowerW', 1234.5, 1235],
    ['gridPowerFactor', -0.98765, -0.988],
    ['pvEnergyTotalKwh', 1234.56, 1234.6],
    ['pvEnergyTodayKwh', 12.345678, 12.35],
  ] as const)('roundToField(%s, %f) = %f', (key, value, rounded) => {
    expect(roundToField(key, value)).toBe(rounded);
  });
});
