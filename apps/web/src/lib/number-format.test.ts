import { describe, expect, it } from 'vitest';
import {
  formatFixed,
  formatMoney,
  formatNumber,
  formatPercent,
  pickUnit,
  scaleEnergy,
  scaleMass,
  scalePower,
  scaleTogether,
} from './number-format';

const NBSP = '\u00a0';

describe('pickUnit', () => {
  it.each<[string, (number | null)[], string, number]>([
    ['W', [], 'W', 1],
    ['W', [9999, 6981, null], 'W', 1],
    ['W', [12_290, 6981], 'kW', 1e3],
    ['W', [-10_000, 5], 'kW', 1e3],
    ['W', [9_999_999], 'kW', 1e3],
    ['W', [10_000_000, 3], 'MW', 1e6],
    ['W', [25e9], 'GW', 1e9],
    // GW is the largest unit: beyond it the figure grows.
    ['W', [25e13], 'GW', 1e9],
    ['kWh', [9999.99], 'kWh', 1],
    ['kWh', [10_000], 'MWh', 1e3],
    ['kWh', [9_999_999], 'MWh', 1e3],
    ['kWh', [10_000_000], 'GWh', 1e6],
    ['Wh', [12_000], 'kWh', 1e3],
    ['kW', [12_000], 'MW', 1e3],
    ['VA', [12_000], 'kVA', 1e3],
    ['var', [-12_000], 'kvar', 1e3],
    // Units without SI prefixes keep theirs, and numbers that are not figures count for nothing.
    ['V', [12_000], 'V', 1],
    ['%', [12_000], '%', 1],
    ['', [12_000], '', 1],
    ['W', [Number.NaN, Number.POSITIVE_INFINITY, 50], 'W', 1],
  ])('%s for %j → %s', (base, values, unit, factor) => {
    expect(pickUnit(base, values)).toEqual({ unit, factor });
  });
});

describe('scaleTogether', () => {
  it.each<[string, string, number, (number | null)[], string[]]>([
    // The power flow: one unit for all, chosen by the largest, in every language.
    ['en', 'W', 0, [12_290, 6981, null], ['12.29 kW', '6.98 kW', '—']],
    ['zh', 'W', 0, [12_290, 6981, null], ['12.29 kW', '6.98 kW', '—']],
    ['de', 'W', 0, [12_290, 6981, null], ['12,29 kW', '6,98 kW', '—']],
    ['cs', 'W', 0, [12_290, 6981, null], ['12,29 kW', '6,98 kW', '—']],
    ['en', 'W', 0, [9999, 6981.4], ['9,999 W', '6,981 W']],
    ['de', 'W', 0, [9999, 6981.4], ['9.999 W', '6.981 W']],
    ['cs', 'W', 0, [9999, 6981.4], [`9${NBSP}999 W`, `6${NBSP}981 W`]],
    ['zh', 'W', 0, [9999, 6981.4], ['9,999 W', '6,981 W']],
    ['cs', 'W', 0, [12_345_678_900, 1_234_567], [`12,35 GW`, '0 GW']],
    ['en', 'kWh', 2, [9876.543, 0.5], ['9,876.54 kWh', '0.5 kWh']],
    ['de', 'kWh', 2, [1_234_567, 987], ['1.234,57 MWh', '0,99 MWh']],
    ['cs', 'kWh', 2, [12_345_678, 12_345], ['12,35 GWh', '0,01 GWh']],
    ['zh', 'kWh', 2, [12_345, -2_500], ['12.35 MWh', '-2.5 MWh']],
    ['en', '%', 1, [42.25, Number.NaN], ['42.3 %', '—']],
    ['de', '', 0, [12_345], ['12.345']],
  ])('in %s, %s values %j read %j', (lang, base, decimals, values, texts) => {
    const scale = scaleTogether(base, values, lang, decimals);
    expect(values.map((v) => scale.text(v))).toEqual(texts);
  });

  it('gives the figure without the unit, in the chosen unit', () => {
    const scale = scaleTogether('W', [12_290, 6981], 'de', 0);
    expect([scale.unit, scale.factor, scale.figure(6981), scale.figure(undefined)]).toEqual(['kW', 1e3, '6,98', '—']);
  });
});

describe('scaleEnergy', () => {
  it.each([
    [0, '0', 'kWh'],
    [9.876, '9.88', 'kWh'],
    [9999, '9,999', 'kWh'],
    [12_345, '12.35', 'MWh'],
    [-20_000, '-20', 'MWh'],
    [25_000_000, '25', 'GWh'],
  ])('%d kWh → %s %s', (kwh, value, unit) => {
    expect(scaleEnergy(kwh, 'en')).toEqual({ value, unit });
  });
});

describe('scalePower', () => {
  it.each<[number | null, string, string, string | undefined]>([
    [null, 'en', '—', undefined],
    [0, 'en', '0', 'W'],
    [4321.6, 'en', '4,322', 'W'],
    [9999, 'de', '9.999', 'W'],
    [10_000, 'en', '10', 'kW'],
    [12_345, 'de', '12,35', 'kW'],
    [-15_000, 'en', '-15', 'kW'],
    [12_345_678, 'en', '12.35', 'MW'],
    [Number.NaN, 'en', '—', 'W'],
  ])('%s W in %s → %s %s', (w, lang, value, unit) => {
    expect(scalePower(w, lang)).toEqual({ value, unit });
  });
});

describe('formatNumber and formatMoney', () => {
  it('follow the UI language', () => {
    expect(formatNumber(1234.5678, 'en', 3)).toBe('1,234.568');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatMoney(1.5, 'EUR', 'en')).toBe('€1.50');
    expect(formatMoney(2, 'CNY', 'zh')).toBe('¥2.00');
  });

  it('shows an unknown currency code beside the number', () => {
    expect(formatMoney(3, 'XYZW', 'en')).toBe('3 XYZW');
  });
});

describe('scaleMass', () => {
  it.each([
    [0, '0', 'kg'],
    [999.994, '999.99', 'kg'],
    [1250, '1.25', 't'],
  ])('%d kg → %s %s', (kg, value, unit) => {
    expect(scaleMass(kg, 'en')).toEqual({ value, unit });
  });
});

describe('formatPercent', () => {
  it.each([
    [42, 'en', 0, '42%'],
    [42.5, 'de', 1, '42,5\u00a0%'],
    [7, 'cs', 0, '7\u00a0%'],
    [100, 'zh', 0, '100%'],
  ])('%d in %s with %d decimals reads %s', (percent, lang, decimals, text) => {
    expect(formatPercent(percent, lang, decimals)).toBe(text);
  });
});

describe('formatFixed', () => {
  it.each([
    [2345, 'en', 0, '2,345'],
    [3.2, 'en', 2, '3.20'],
    [3.214, 'cs', 2, '3,21'],
    [2345.5, 'de', 1, '2.345,5'],
  ])('%d in %s with %d decimals reads %s', (value, lang, decimals, text) => {
    expect(formatFixed(value, lang, decimals)).toBe(text);
  });
});
