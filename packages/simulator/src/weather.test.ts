import { describe, expect, test } from 'vitest';
import { ambientTempC, clearSkyIndex, cloudCover, rainMmPerHour, relativeHumidityPct } from './weather.js';

const DAY = 86_400_000;
const START = Date.UTC(2024, 5, 1);

describe('cloudCover', () => {
  test('is within [0, 1], smooth minute to minute, and a pure function of its inputs', () => {
    for (let ms = START; ms < START + 10 * DAY; ms += 60_000) {
      const c = cloudCover(1, 'cz-praha-home', ms);
      expect(c >= 0 && c <= 1).toBe(true);
      expect(Math.abs(cloudCover(1, 'cz-praha-home', ms + 60_000) - c)).toBeLessThan(0.02);
    }
    expect(cloudCover(1, 'x', START + 1234)).toBe(cloudCover(1, 'x', START + 1234));
  });

  test('differs between plants and seeds, and has both clear and overcast spells over a month', () => {
    const series = (seed: number, plant: string) =>
      Array.from({ length: 30 * 24 }, (_, h) => cloudCover(seed, plant, START + h * 3_600_000));
    const a = series(1, 'a');
    expect(series(1, 'b')).not.toEqual(a);
    expect(series(2, 'a')).not.toEqual(a);
    expect(Math.min(...a)).toBeLessThan(0.2);
    expect(Math.max(...a)).toBeGreaterThan(0.6);
  });
});

describe('clearSkyIndex and ambientTempC', () => {
  test.each([
    [0, 1],
    [1, 0.25],
  ])('cover %f → index %f', (cover, index) => {
    expect(clearSkyIndex(cover)).toBeCloseTo(index, 6);
  });

  test('clouds only reduce irradiance', () => {
    for (let c = 0; c <= 1; c += 0.05) expect(clearSkyIndex(c)).toBeLessThanOrEqual(1);
  });

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
    [0.8, 0],
    [0.9, 2],
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
