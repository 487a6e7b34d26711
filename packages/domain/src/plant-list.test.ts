import { describe, expect, test } from 'vitest';
import {
  matchesStatusFilter,
  plantDeleteQuerySchema,
  plantListQuerySchema,
  specificYieldKwhPerKwp,
} from './plant-list.js';
import type { PlantStatus, PlantStatusFilter } from './plants.js';

describe('matchesStatusFilter', () => {
  test.each<[PlantStatus, PlantStatusFilter, boolean]>([
    ['normal', 'all', true],
    ['alarm', 'all', true],
    ['offline', 'all', true],
    ['normal', 'online', true],
    ['alarm', 'online', true],
    ['offline', 'online', false],
    ['normal', 'normal', true],
    ['alarm', 'normal', false],
    ['alarm', 'alarm', true],
    ['offline', 'alarm', false],
    ['offline', 'offline', true],
    ['normal', 'offline', false],
  ])('%s passes %s: %s', (status, filter, expected) => {
    expect(matchesStatusFilter(status, filter)).toBe(expected);
  });
});

describe('plantListQuerySchema', () => {
  test('defaults to every status and no narrowing', () => {
    expect(plantListQuerySchema.parse({})).toEqual({ status: 'all' });
  });

  test.each([
    [
      { status: 'online', type: '2', q: 'Praha' },
      { status: 'online', type: 2, q: 'Praha' },
    ],
    [{ type: '3' }, { status: 'all', type: 3 }],
  ])('reads %o', (query, expected) => {
    expect(plantListQuerySchema.parse(query)).toEqual(expected);
  });

  test.each([
    [{ status: 'broken' }, 'validation.invalidValue'],
    [{ type: '4' }, 'plant.typeNotFound'],
    [{ type: 'roof' }, 'plant.typeNotFound'],
    [{ q: 'x'.repeat(101) }, 'validation.tooLong'],
  ])('rejects %o with %s', (query, message) => {
    expect(plantListQuerySchema.safeParse(query).error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('plantDeleteQuerySchema', () => {
  test.each([
    [{}, true],
    [{ confirmDevices: '3' }, true],
    [{ confirmDevices: '0' }, true],
    [{ confirmDevices: '-1' }, false],
    [{ confirmDevices: 'all' }, false],
  ])('%o valid: %s', (query, valid) => {
    expect(plantDeleteQuerySchema.safeParse(query).success).toBe(valid);
  });
});

describe('specificYieldKwhPerKwp', () => {
  test.each<[number, number, number | null]>([
    [25, 10, 2.5],
    [0, 10, 0],
    [10, 3, 3.33],
    [12.345, 1, 12.35],
    [5, 0, null],
    [5, -1, null],
    [5, Number.NaN, null],
  ])('%s kWh on %s kWp → %s kWh/kWp', (kwh, kwp, expected) => {
    expect(specificYieldKwhPerKwp(kwh, kwp)).toBe(expected);
  });
});
