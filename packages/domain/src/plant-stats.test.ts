import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar-date.js';
import { fleetTrendQuerySchema, plantTrendQuerySchema } from './plant-stats-schemas.js';

describe('isCalendarDate', () => {
  it.each([
    ['2026-12-31', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['31.12.2026', false],
    ['', false],
  ])('%s → %s', (s, ok) => {
    expect(isCalendarDate(s)).toBe(ok);
  });
});

describe('plantTrendQuerySchema', () => {
  it.each([
    [{}, { quantities: ['pv', 'load'], range: 'day' }],
    [
      { quantities: 'gridImport, batCharge', range: 'year' },
      { quantities: ['gridImport', 'batCharge'], range: 'year' },
    ],
    [
      { quantities: 'pv', date: '2026-05-01' },
      { quantities: ['pv'], range: 'day', date: '2026-05-01' },
    ],
  ])('reads %j', (query, expected) => {
    expect(plantTrendQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([
    [{ quantities: 'pv,sunshine' }, 'validation.invalidValue'],
    [{ quantities: 'pv,pv' }, 'validation.invalidValue'],
    [{ quantities: '' }, 'validation.invalidValue'],
    [{ range: 'total' }, 'validation.invalidValue'],
    [{ date: '2026-02-30' }, 'validation.invalidValue'],
    [{ date: '1999-12-31' }, 'validation.dateOutOfRange'],
    [{ plantId: '1' }, undefined],
  ])('refuses %j', (query, message) => {
    const result = plantTrendQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('fleetTrendQuerySchema', () => {
  it('defaults to the day and takes every range', () => {
    expect(fleetTrendQuerySchema.parse({})).toEqual({ range: 'day' });
    for (const range of ['day', 'month', 'year', 'total'])
      expect(fleetTrendQuerySchema.parse({ range }).range).toBe(range);
    expect(fleetTrendQuerySchema.safeParse({ range: 'week' }).success).toBe(false);
  });
});
