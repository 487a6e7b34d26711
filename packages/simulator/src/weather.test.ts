import { describe, expect, test } from 'vitest';
import { CLIMATE } from './climate.js';
import {
  ambientTempC,
  clearSkyDailyGhi,
  cloudCover,
  dayClearness,
  monthlyClearness,
  rainMmPerHour,
  relativeHumidityPct,
  skyAt,
} from './weather.js';

const DAY = 86_400_000;
const START = Date.UTC(2024, 5, 1);
const PRAHA = { id: 'cz-praha-home', latitude: 50.08, longitude: 14.44, climate: CLIMATE.praha.ghi };

describe('skyAt', () => {
  test('is within its bounds, smooth minute to minute (also across midnight), and a pure function of its inputs', () => {
    for (let ms = START; ms < START + 10 * DAY; ms += 60_000) {
      const { clearness, cover } = skyAt(1, PRAHA, ms);
      expect(clearness >= 0.05 && clearness <= 1).toBe(true);
      expect(cover >= 0 && cover <= 1).toBe(true);
      expect(Math.abs(cloudCover(1, PRAHA, ms + 60_000) - cover)).toBeLessThan(0.03);
    }
    expect(skyAt(1, PRAHA, START + 1234)).toEqual(skyAt(1, PRAHA, START + 1234));
  });

  test('differs between plants and seeds, and has both bright and grey spells over a month', () => {
    const series = (seed: number, id: string) =>
      Array.from({ length: 30 }, (_, d) => dayClearness(seed, { ...PRAHA, id }, Math.floor(START / DAY) + d));
    const a = series(1, 'a');
    expect(series(1, 'b')).not.toEqual(a);
    expect(series(2, 'a')).not.toEqual(a);
    expect(Math.min(...a)).toBeLessThan(0.4);
    expect(Math.max(...a)).toBeGreaterThan(0.75);
  });
});

describe('the climate sets the month', () => {
  test.each([
    ['December', 11, 0.45, 0.65],
    ['June', 5, 0.55, 0.7],
  ])('Praha in %s lets its climate’s share of the clear sky through', (_name, month, low, high) => {
    const mid = Date.UTC(2025, month, 15);
    const k = monthlyClearness(PRAHA, mid);
    expect(k).toBeCloseTo(CLIMATE.praha.ghi[month]! / clearSkyDailyGhi(50.08, 14.44, 2025, month), 6);
    expect(k).toBeGreaterThan(low);
    expect(k).toBeLessThan(high);
  });

  test('a place without a climate averages the default share', () => {
    expect(monthlyClearness({ id: 'x', latitude: 10, longitude: 0 }, START)).toBe(0.6);
  });
});

describe('ambientTempC', () => {
  test('summer is warmer than winter in Prague and the reverse in São Paulo; afternoons beat nights', () => {
    const july = Date.UTC(2024, 6, 15);
    const january = Date.UTC(2024, 0, 15);
    expect(ambientTempC(50, july, 15, 0)).toBeGreaterThan(ambientTempC(50, january, 15, 0) + 15);
    expect(ambientTempC(-23.5, january, 15, 0)).toBeGreaterThan(ambientTempC(-23.5, july, 15, 0));
    expect(ambientTempC(50, july, 15, 0)).toBeGreaterThan(ambientTempC(50, july, 3, 0));
  });
});

describe('rain and humidity', () => {
  test.each([
    [0, 0],
    [0.7, 0],
    [0.85, 2],
    [1, 4],
  ])('cover %f rains %f mm/h', (cover, mm) => {
    expect(rainMmPerHour(cover)).toBeCloseTo(mm, 6);
  });

  test('humid at dawn, drier in the afternoon, wetter under cloud, saturated in rain', () => {
    expect(relativeHumidityPct(0.2, 5)).toBeGreaterThan(relativeHumidityPct(0.2, 15) + 20);
    expect(relativeHumidityPct(0.7, 12)).toBeGreaterThan(relativeHumidityPct(0.1, 12));
    expect(relativeHumidityPct(0.95, 15)).toBe(100);
    for (let h = 0; h < 24; h += 1)
      for (let c = 0; c <= 1; c += 0.1) expect(relativeHumidityPct(c, h)).toBeLessThanOrEqual(100);
  });
});
