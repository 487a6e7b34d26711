import { localParts } from '@voltfleet/domain/time';
import { describe, expect, test } from 'vitest';
import { LOAD_PROFILES, loadPowerW, profileFactor } from './load.js';

const HOUR = 3_600_000;

describe('profileFactor', () => {
  const dayMean = (profile: (typeof LOAD_PROFILES)[number], weekday: number) => {
    let sum = 0;
    for (let minute = 0; minute < 1440; minute++) sum += profileFactor(profile, weekday, minute);
    return sum / 1440;
  };

  test.each(LOAD_PROFILES.map((p) => [p]))('%s averages 1 over a weekday', (profile) => {
    for (const weekday of [1, 2, 3, 4, 5]) expect(dayMean(profile, weekday)).toBeCloseTo(1, 2);
  });

  test.each([
    ['household', 1, 1.2],
    ['commercial', 0.3, 0.5],
    ['microGrid', 0.95, 1.1],
  ] as const)('a %s weekend day uses %f to %f of a weekday', (profile, low, high) => {
    for (const weekday of [0, 6]) {
      expect(dayMean(profile, weekday)).toBeGreaterThan(low);
      expect(dayMean(profile, weekday)).toBeLessThan(high);
    }
  });

  test('households peak in the evening, businesses on weekday middays', () => {
    expect(profileFactor('household', 3, 19 * 60)).toBeGreaterThan(2 * profileFactor('household', 3, 3 * 60));
    expect(profileFactor('commercial', 3, 11 * 60)).toBeGreaterThan(4 * profileFactor('commercial', 3, 2 * 60));
    expect(profileFactor('commercial', 3, 11 * 60)).toBeGreaterThan(2 * profileFactor('commercial', 6, 11 * 60));
  });
});

describe('loadPowerW', () => {
  const config = { profile: 'household' as const, dailyKwh: 12 };

  test('five weekdays of load add up to about the daily figure per day', () => {
    // 2024-06-03 is a Monday; 00:00 in Prague is 22:00 UTC the day before.
    const start = Date.UTC(2024, 5, 2, 22);
    let kwh = 0;
    for (let ms = start; ms < start + 5 * 24 * HOUR; ms += 60_000)
      kwh += loadPowerW(config, 'Europe/Prague', 1, 'x', ms) / 60_000;
    expect(kwh / 5).toBeGreaterThan(12 * 0.9);
    expect(kwh / 5).toBeLessThan(12 * 1.1);
  });

  test('follows local time: the evening peak moves with DST in Prague', () => {
    // 19:00 local is 17:00 UTC in summer and 18:00 UTC in winter.
    const noise = (ms: number) =>
      loadPowerW(config, 'Europe/Prague', 1, 'x', ms) /
      profileFactor('household', localParts(ms, 'Europe/Prague').weekday, localParts(ms, 'Europe/Prague').minuteOfDay);
    const summer = Date.UTC(2024, 6, 10, 17);
    const winter = Date.UTC(2024, 0, 10, 18);
    expect(localParts(summer, 'Europe/Prague').hour).toBe(19);
    expect(localParts(winter, 'Europe/Prague').hour).toBe(19);
    for (const ms of [summer, winter]) expect(noise(ms)).toBeGreaterThanOrEqual(500 * 0.85 - 1e-9);
    expect(loadPowerW(config, 'Europe/Prague', 1, 'x', summer)).toBeGreaterThan(
      loadPowerW(config, 'Europe/Prague', 1, 'x', summer - 14 * HOUR),
    );
  });

  test('is the same in Shanghai at the same local time, whatever the UTC instant', () => {
    const shanghai = loadPowerW(config, 'Asia/Shanghai', 1, 'x', Date.UTC(2024, 6, 10, 11)); // 19:00 local
    const prague = loadPowerW(config, 'Europe/Prague', 1, 'x', Date.UTC(2024, 6, 10, 11)); // 13:00 local
    expect(shanghai).toBeGreaterThan(prague);
  });
});
