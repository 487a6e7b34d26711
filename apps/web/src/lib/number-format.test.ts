import { describe, expect, it } from 'vitest';
import {
  formatFixed,
  formatMoney,
  formatNumber,
  formatPercent,
  scaleEnergy,
  scaleMass,
  scalePower,
} from './number-format';

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
