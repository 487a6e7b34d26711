import { describe, expect, test } from 'vitest';
import { coversDay, flatTariff, tariffAt, type TariffPeriod } from './tariff.js';

const TOU: TariffPeriod[] = [
  { type: 4, start: '00:00', end: '07:59', price: 0.3 },
  { type: 2, start: '08:00', end: '18:59', price: 1.0 },
  { type: 1, start: '19:00', end: '20:59', price: 1.3 },
  { type: 3, start: '21:00', end: '23:59', price: 0.6 },
];

describe('tariffAt', () => {
  test.each([
    [0, 4],
    [479.9, 4],
    [480, 2],
    [19 * 60 + 30, 1],
    [1439.99, 3],
  ])('minute %f is in a period of type %i', (minute, type) => {
    expect(tariffAt(TOU, minute)?.type).toBe(type);
  });

  test('a gap has no period', () => {
    expect(tariffAt([{ type: 3, start: '00:00', end: '11:59', price: 1 }], 13 * 60)).toBeUndefined();
  });
});

describe('coversDay', () => {
  test.each([
    ['a time-of-use tariff', TOU, true],
    ['a flat tariff', flatTariff(1), true],
    ['a gap', [TOU[0], TOU[2], TOU[3]], false],
    ['not starting at midnight', TOU.slice(1), false],
    ['not ending at 23:59', TOU.slice(0, 3), false],
    [
      'an overlap',
      [
        { type: 4, start: '00:00', end: '12:00', price: 1 },
        { type: 3, start: '12:00', end: '23:59', price: 1 },
      ],
      false,
    ],
  ] as const)('%s → %s', (_label, periods, covers) => {
    expect(coversDay(periods as TariffPeriod[])).toBe(covers);
  });
});
