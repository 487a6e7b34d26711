import { describe, expect, test } from 'vitest';
import { SIM_FAULTS, faultWordOf, scheduledFault } from './faults.js';

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);

describe('scheduledFault', () => {
  test('fault bits and codes are unique', () => {
    expect(new Set(SIM_FAULTS.map((f) => f.bit)).size).toBe(SIM_FAULTS.length);
    expect(new Set(SIM_FAULTS.map((f) => f.code)).size).toBe(SIM_FAULTS.length);
    expect(faultWordOf(undefined)).toBe(0);
    expect(faultWordOf(SIM_FAULTS[3])).toBe(8);
  });

  test('occurs at about the configured rate, lasts 5 to 50 minutes, and is the same on every call', () => {
    const windows = new Map<number, { fromMs: number; untilMs: number }>();
    for (let ms = START; ms < START + 2000 * HOUR; ms += 60_000) {
      const w = scheduledFault(7, 'VF5K2400101', 1 / 20, ms);
      if (!w) continue;
      expect(scheduledFault(7, 'VF5K2400101', 1 / 20, ms)).toEqual(w);
      expect(ms >= w.fromMs && ms < w.untilMs).toBe(true);
      windows.set(w.fromMs, w);
    }
    expect(windows.size).toBeGreaterThan(60);
    expect(windows.size).toBeLessThan(140);
    for (const w of windows.values()) {
      expect(w.untilMs - w.fromMs).toBeGreaterThanOrEqual(5 * 60_000);
      expect(w.untilMs - w.fromMs).toBeLessThanOrEqual(50 * 60_000);
    }
  });

  test('depends on seed and device; rate 0 never faults', () => {
    const times = (seed: number, sn: string) =>
      Array.from({ length: 500 }, (_, h) => scheduledFault(seed, sn, 0.1, START + h * HOUR + 30 * 60_000)?.fromMs ?? 0);
    expect(times(1, 'A1234567')).not.toEqual(times(2, 'A1234567'));
    expect(times(1, 'A1234567')).not.toEqual(times(1, 'B1234567'));
    expect(scheduledFault(1, 'A1234567', 0, START)).toBeUndefined();
  });
});
