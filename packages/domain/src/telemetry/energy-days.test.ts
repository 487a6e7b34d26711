import { describe, expect, test } from 'vitest';
import { attributeToDays } from './energy-days.js';
import type { EnergyDelta } from './energy.js';

const TZ = 'Europe/Prague';

describe('attributeToDays', () => {
  const share = (prevIso: string, nextIso: string, delta: EnergyDelta) =>
    attributeToDays(Date.parse(prevIso), Date.parse(nextIso), delta, TZ);

  test.each([
    [
      'same day',
      '2024-06-01T08:00:00Z',
      '2024-06-01T08:05:00Z',
      { kwh: 0.3, nextDayKwh: 0.3, source: 'today' },
      [{ day: '2024-06-01', kwh: 0.3 }],
    ],
    ['nothing counted', '2024-06-01T08:00:00Z', '2024-06-01T08:05:00Z', { kwh: 0, nextDayKwh: 0, source: 'none' }, []],
    [
      'across midnight',
      '2024-06-01T21:55:00Z',
      '2024-06-01T22:05:00Z',
      { kwh: 0.6, nextDayKwh: 0.2, source: 'total' },
      [
        { day: '2024-06-01', kwh: 0.4 },
        { day: '2024-06-02', kwh: 0.2 },
      ],
    ],
    [
      'three-day gap: the earlier part spread by time',
      '2024-06-01T10:00:00Z',
      '2024-06-04T10:00:00Z',
      { kwh: 100, nextDayKwh: 12, source: 'total' },
      // 10:00Z is 12:00 local: 12 h left of June 1, then two full days: 88 kWh over 60 h.
      [
        { day: '2024-06-01', kwh: 17.6 },
        { day: '2024-06-02', kwh: 35.2 },
        { day: '2024-06-03', kwh: 35.2 },
        { day: '2024-06-04', kwh: 12 },
      ],
    ],
  ] as const)('%s', (_label, prevIso, nextIso, delta, expected) => {
    const shares = share(prevIso, nextIso, delta as EnergyDelta);
    expect(shares).toEqual(expected);
    expect(shares.reduce((sum, s) => sum + s.kwh, 0)).toBeCloseTo(delta.kwh, 6);
  });
});
