import { describe, expect, test } from 'vitest';
import { FIELDS } from './fields.js';
import { isMessageKey } from '../messages.js';
import { READING_MAX_AGE_MS, READING_MAX_FUTURE_MS, validateReading } from './reading.js';

const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);
const valid = {
  sn: 'VF10K2400101',
  ts: NOW - 5_000,
  seq: 42,
  values: { pvPowerW: 3120, gridPowerW: -850, batPowerW: -1500, batSocPct: 63, gridFrequencyHz: 50.01, pcsState: 1 },
};
const withValues = (values: Record<string, unknown>) => ({ ...valid, values });

describe('validateReading accepts', () => {
  test.each([
    ['a typical reading', valid],
    ['no seq', { sn: valid.sn, ts: valid.ts, values: valid.values }],
    ['seq 0', { ...valid, seq: 0 }],
    ['one value', withValues({ loadPowerW: 0 })],
    ['range edges', withValues({ batSocPct: 100, gridPowerFactor: -1, gridFrequencyHz: 0 })],
    ['negative signed power', withValues({ gridPowerW: -200_000, batPowerW: -100_000 })],
    ['a 32-bit fault word', withValues({ faultWord: 0xffffffff, warningWord: 0 })],
    ['a defined state code', withValues({ pcsWorkMode: 6, batCdState: 2 })],
    ['extra numbers and texts', { ...valid, extra: { vendorTemp: 21.5, vendorNote: 'ok' } }],
    ['64 extra keys', { ...valid, extra: Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`k${i}`, i])) }],
    ['ts 35 days old exactly', { ...valid, ts: NOW - READING_MAX_AGE_MS }],
    ['ts 10 minutes ahead exactly', { ...valid, ts: NOW + READING_MAX_FUTURE_MS }],
    ['a 32-character serial number', { ...valid, sn: 'A'.repeat(32) }],
  ])('%s', (_label, payload) => {
    const result = validateReading(payload, NOW);
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.reading.values).toEqual(payload.values);
  });

  test('every field at its min and max', () => {
    const atMin = Object.fromEntries(FIELDS.map((f) => [f.key, f.min]));
    const atMax = Object.fromEntries(FIELDS.map((f) => [f.key, f.max]));
    expect(validateReading(withValues(atMin), NOW).ok).toBe(true);
    expect(validateReading(withValues(atMax), NOW).ok).toBe(true);
  });
});

describe('validateReading rejects with a precise reason', () => {
  test.each([
    ['a string', 'hello', 'reading.notObject', undefined],
    ['null', null, 'reading.notObject', undefined],
    ['an array', [valid], 'reading.notObject', undefined],
    ['no sn', { ts: valid.ts, values: valid.values }, 'reading.serialNumber', 'sn'],
    ['lowercase sn', { ...valid, sn: 'vf10k2400101' }, 'reading.serialNumber', 'sn'],
    ['short sn', { ...valid, sn: 'VF10K' }, 'reading.serialNumber', 'sn'],
    ['33-character sn', { ...valid, sn: 'A'.repeat(33) }, 'reading.serialNumber', 'sn'],
    ['ts as ISO text', { ...valid, ts: '2024-06-01T12:00:00Z' }, 'reading.timestamp', 'ts'],
    ['fractional ts', { ...valid, ts: NOW + 0.5 }, 'reading.timestamp', 'ts'],
    ['ts in seconds', { ...valid, ts: Math.floor(NOW / 1000) }, 'reading.tooOld', 'ts'],
    ['ts older than 35 days', { ...valid, ts: NOW - READING_MAX_AGE_MS - 1 }, 'reading.tooOld', 'ts'],
    ['ts over 10 minutes ahead', { ...valid, ts: NOW + READING_MAX_FUTURE_MS + 1 }, 'reading.inFuture', 'ts'],
    ['negative seq', { ...valid, seq: -1 }, 'reading.sequence', 'seq'],
    ['unknown top-level property', { ...valid, device: 'x' }, 'reading.unknownProperty', 'device'],
    ['no values', { sn: valid.sn, ts: valid.ts }, 'reading.noValues', 'values'],
    ['empty values', withValues({}), 'reading.noValues', 'values'],
    ['values as array', withValues([1, 2] as unknown as Record<string, unknown>), 'reading.noValues', 'values'],
    ['unknown key in values', withValues({ pvPowerW: 1, pvPowerKw: 1 }), 'reading.unknownField', 'pvPowerKw'],
    ['NaN', withValues({ gridPowerW: Number.NaN }), 'reading.notANumber', 'gridPowerW'],
    ['Infinity', withValues({ gridPowerW: Number.POSITIVE_INFINITY }), 'reading.notANumber', 'gridPowerW'],
    ['-Infinity', withValues({ batPowerW: Number.NEGATIVE_INFINITY }), 'reading.notANumber', 'batPowerW'],
    ['number as text', withValues({ gridPowerW: '100' }), 'reading.notANumber', 'gridPowerW'],
    ['null value', withValues({ gridPowerW: null }), 'reading.notANumber', 'gridPowerW'],
    ['SoC above 100', withValues({ batSocPct: 100.1 }), 'reading.outOfRange', 'batSocPct'],
    ['negative SoC', withValues({ batSocPct: -1 }), 'reading.outOfRange', 'batSocPct'],
    ['frequency 80 Hz', withValues({ gridFrequencyHz: 80 }), 'reading.outOfRange', 'gridFrequencyHz'],
    ['negative counter', withValues({ pvEnergyTotalKwh: -0.1 }), 'reading.outOfRange', 'pvEnergyTotalKwh'],
    ['power factor 1.2', withValues({ gridPowerFactor: 1.2 }), 'reading.outOfRange', 'gridPowerFactor'],
    ['fault word above 32 bits', withValues({ faultWord: 2 ** 32 }), 'reading.outOfRange', 'faultWord'],
    ['fractional fault word', withValues({ faultWord: 1.5 }), 'reading.notInteger', 'faultWord'],
    ['fractional state', withValues({ pcsState: 1.5 }), 'reading.notInteger', 'pcsState'],
    ['work mode 5 (undefined)', withValues({ pcsWorkMode: 5 }), 'reading.unknownState', 'pcsWorkMode'],
    ['state beyond its codes', withValues({ batCdState: 3 }), 'reading.outOfRange', 'batCdState'],
    ['extra object value', { ...valid, extra: { nested: { a: 1 } } }, 'reading.extraInvalid', 'nested'],
    ['extra boolean value', { ...valid, extra: { flag: true } }, 'reading.extraInvalid', 'flag'],
    ['extra long text', { ...valid, extra: { note: 'x'.repeat(257) } }, 'reading.extraInvalid', 'note'],
    ['extra Infinity', { ...valid, extra: { v: Number.POSITIVE_INFINITY } }, 'reading.extraInvalid', 'v'],
    ['extra known field', { ...valid, extra: { gridPowerW: 5 } }, 'reading.extraKnownField', 'gridPowerW'],
    ['extra long key', { ...valid, extra: { ['k'.repeat(65)]: 1 } }, 'reading.extraTooLarge', 'k'.repeat(65)],
    [
      '65 extra keys',
      { ...valid, extra: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])) },
      'reading.extraTooLarge',
      'extra',
    ],
  ])('%s', (_label, payload, reason, field) => {
    const result = validateReading(payload, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe(reason);
    expect(result.field).toBe(field);
    expect(isMessageKey(result.reason)).toBe(true);
    expect(result.detail.length).toBeGreaterThan(0);
    expect(result.detail.length).toBeLessThan(300);
  });

  test('the detail names the value and the allowed range', () => {
    const result = validateReading(withValues({ gridFrequencyHz: 80 }), NOW);
    expect(result.ok ? '' : result.detail).toContain('gridFrequencyHz = 80 (allowed 0 … 70 Hz)');
  });

  test('the first bad field is reported even when later ones are fine', () => {
    const result = validateReading(withValues({ pvPowerW: 100, batSocPct: 150, loadPowerW: 10 }), NOW);
    expect(result).toMatchObject({ ok: false, field: 'batSocPct' });
  });
});
