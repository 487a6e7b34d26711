import { describe, expect, it } from 'vitest';
import { checkDerived, checkIndicators, dayTotals } from './script-result.js';

const row = (over: Record<string, unknown> = {}) => ({
  pv_kwh: 1,
  load_kwh: 0.5,
  grid_import_kwh: 0.1,
  grid_export_kwh: 0.6,
  bat_charge_kwh: 0,
  bat_discharge_kwh: 0,
  ...over,
});

describe('checkDerived', () => {
  it.each([
    ['a list of the right length', [row(), row()], 2, null],
    ['earnings per bucket', [row({ earnings: -0.5 }), row({ earnings: null })], 2, null],
    ['not a list', { a: 1 }, 2, { key: 'script.resultNotList', params: { expected: 2 } }],
    ['too short', [row()], 2, { key: 'script.resultLength', params: { expected: 2, actual: 1 } }],
    ['an entry that is not a dict', [row(), 3], 2, { key: 'script.resultEntry', params: { index: 1 } }],
    ['a missing figure', [row({ pv_kwh: undefined })], 1, { key: 'script.resultNumber' }],
    [
      'NaN (sent as text)',
      [row({ load_kwh: 'nan' })],
      1,
      { key: 'script.resultNumber', params: { field: 'load_kwh' } },
    ],
    ['a boolean', [row({ bat_charge_kwh: true })], 1, { key: 'script.resultNumber' }],
    ['a negative energy', [row({ grid_import_kwh: -0.1 })], 1, { key: 'script.resultBounds' }],
    ['an absurd energy', [row({ pv_kwh: 1e6 })], 1, { key: 'script.resultBounds', params: { max: 1000 } }],
    ['absurd earnings', [row({ earnings: 1e9 })], 1, { key: 'script.resultEarnings' }],
    ['earnings as text', [row({ earnings: 'inf' })], 1, { key: 'script.resultEarnings' }],
  ])('%s', (_, result, count, failure) => {
    const checked = checkDerived(result, count);
    if (failure === null) expect(checked.ok).toBe(true);
    else expect(checked).toMatchObject({ ok: false, failure: { ...failure, line: null } });
  });
});

describe('checkIndicators', () => {
  it.each([
    ['none', null, []],
    ['plain numbers', { Ratio: 0.5 }, [{ name: 'Ratio', value: 0.5, unit: '' }]],
    ['value and unit', { ' Self use ': { value: 80, unit: '%' } }, [{ name: 'Self use', value: 80, unit: '%' }]],
  ])('accepts %s', (_, result, expected) => {
    expect(checkIndicators(result)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['a list', [1, 2], 'script.indicatorsInvalid'],
    ['too many', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`n${i}`, i])), 'script.indicatorsTooMany'],
    ['a long name', { ['x'.repeat(41)]: 1 }, 'script.indicatorName'],
    ['an empty name', { '  ': 1 }, 'script.indicatorName'],
    ['a long unit', { a: { value: 1, unit: 'u'.repeat(17) } }, 'script.indicatorName'],
    ['a unit that is not text', { a: { value: 1, unit: 5 } }, 'script.indicatorsInvalid'],
    ['a value that is not a number', { a: 'high' }, 'script.indicatorValue'],
    ['a non-finite value', { a: { value: 'inf' } }, 'script.indicatorValue'],
  ])('rejects %s', (_, result, key) => {
    expect(checkIndicators(result)).toMatchObject({ ok: false, failure: { key } });
  });
});

describe('dayTotals', () => {
  it('sums each figure; earnings only when the script gave some', () => {
    const rows = [row(), row({ pv_kwh: 2 })].map((r) => checkDerived([r], 1)).map((c) => (c.ok ? c.value[0]! : null)!);
    expect(dayTotals(rows)).toMatchObject({ pv_kwh: 3, load_kwh: 1, earnings: null });
    const earned = checkDerived([row({ earnings: 0.25 }), row()], 2);
    expect(earned.ok && dayTotals(earned.value).earnings).toBe(0.25);
  });
});
