import { describe, expect, it } from 'vitest';
import { plantTime } from './plant-time';

describe('plantTime', () => {
  it.each([
    ['2026-11-22T04:05:06Z', 'Asia/Shanghai', '2026-11-22 12:05:06 UTC+8'],
    ['2026-11-22T04:05:06Z', 'Etc/GMT+8', '2026-11-21 20:05:06 UTC-8'],
    ['2026-07-01T00:00:00Z', 'Europe/Prague', '2026-07-01 02:00:00 UTC+2'],
    ['2026-01-01T00:00:00Z', 'Asia/Kolkata', '2026-01-01 05:30:00 UTC+5:30'],
    [null, 'UTC', '—'],
    ['not a time', 'UTC', '—'],
  ])('%s in %s → %s', (iso, zone, expected) => {
    expect(plantTime(iso, zone)).toBe(expected);
  });
});
