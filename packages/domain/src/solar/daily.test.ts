import { describe, expect, test } from 'vitest';
import { localDayStart } from '../telemetry/local-time.js';
import { clearSkyDailyPoaKwhM2, integrateLocalDay, localDaySpan, type ArraySite } from './daily.js';
import { clearSkyIrradiance, solarPosition } from './sun.js';

const PRAHA = { latitude: 50.0755, longitude: 14.4378 };
const south35: ArraySite = { ...PRAHA, tiltDeg: 35, azimuthDeg: 180 };
const flat: ArraySite = { ...PRAHA, tiltDeg: 0, azimuthDeg: 180 };

/** The clear-sky GHI of a local day, summed minute by minute (an independent, finer sum). */
function ghiByMinute(site: { latitude: number; longitude: number }, day: string, timeZone: string): number {
  const { startMs, endMs } = localDaySpan(day, timeZone);
  let wh = 0;
  for (let t = startMs + 30_000; t < endMs; t += 60_000)
    wh += clearSkyIrradiance(solarPosition(site.latitude, site.longitude, t).elevationDeg).ghi / 60;
  return wh / 1000;
}

describe('clearSkyDailyPoaKwhM2', () => {
  // The bands are those of the Meinel clear sky (sun.ts): about PVGIS's clear-sky days at a high sun (Praha at 35°
  // south about 8.5 kWh/m² in June), and below them at a low one, where its air-mass attenuation is the stronger
  // (2.6 against PVGIS's 3–4 in a Praha December).
  test.each([
    ['a south-facing 35° array at Praha in June', south35, '2026-06-21', 'Europe/Prague', 8, 10],
    ['the same array in December', south35, '2026-12-21', 'Europe/Prague', 2.2, 3.5],
    ['a flat panel at Praha in June', flat, '2026-06-21', 'Europe/Prague', 8, 10],
    ['a flat panel at Praha in December', flat, '2026-12-21', 'Europe/Prague', 0.8, 1.5],
    [
      'a north-facing 20° array at São Paulo in June (their winter)',
      {
        latitude: -23.566,
        longitude: -46.691,
        tiltDeg: 20,
        azimuthDeg: 0,
      },
      '2026-06-21',
      'America/Sao_Paulo',
      5.5,
      7.5,
    ],
    [
      'a 10° array at Lagos on the equinox',
      {
        latitude: 6.4474,
        longitude: 3.472,
        tiltDeg: 10,
        azimuthDeg: 180,
      },
      '2026-03-20',
      'Africa/Lagos',
      7,
      9,
    ],
  ] as const)('%s', (_name, site, day, zone, lo, hi) => {
    const kwh = clearSkyDailyPoaKwhM2(site, day, zone);
    expect(kwh).toBeGreaterThan(lo);
    expect(kwh).toBeLessThan(hi);
  });

  test('a steep south array gains in winter and loses in summer against a flat one', () => {
    expect(clearSkyDailyPoaKwhM2(south35, '2026-12-21', 'Europe/Prague')).toBeGreaterThan(
      2 * clearSkyDailyPoaKwhM2(flat, '2026-12-21', 'Europe/Prague'),
    );
    const steep = { ...south35, tiltDeg: 60 };
    expect(clearSkyDailyPoaKwhM2(steep, '2026-06-21', 'Europe/Prague')).toBeLessThan(
      clearSkyDailyPoaKwhM2(flat, '2026-06-21', 'Europe/Prague'),
    );
  });

  test.each(['2026-06-21', '2026-12-21', '2026-03-29', '2026-10-25'])(
    'a flat panel receives the day’s clear-sky GHI (%s)',
    (day) => {
      expect(clearSkyDailyPoaKwhM2(flat, day, 'Europe/Prague')).toBeCloseTo(
        ghiByMinute(PRAHA, day, 'Europe/Prague'),
        2,
      );
    },
  );

  test('a DST day is summed over its 23 or 25 hours: nothing of the daylight is lost or counted twice', () => {
    const spring = localDaySpan('2026-03-29', 'Europe/Prague');
    const autumn = localDaySpan('2026-10-25', 'Europe/Prague');
    expect((spring.endMs - spring.startMs) / 3_600_000).toBe(23);
    expect((autumn.endMs - autumn.startMs) / 3_600_000).toBe(25);
    // The daylight changes by a few minutes a day: a DST day's sum lies between its neighbours'.
    for (const [before, dst, after] of [
      ['2026-03-28', '2026-03-29', '2026-03-30'],
      ['2026-10-24', '2026-10-25', '2026-10-26'],
    ] as const) {
      const [a, b, c] = [before, dst, after].map((d) => clearSkyDailyPoaKwhM2(south35, d, 'Europe/Prague')) as [
        number,
        number,
        number,
      ];
      expect(b).toBeGreaterThan(Math.min(a, c) - 0.01);
      expect(b).toBeLessThan(Math.max(a, c) + 0.01);
    }
  });

  test('the local day of a zone far from the place still holds the whole daylight (it is the same sun)', () => {
    // Praha's daylight lies within one UTC day as within one Prague day.
    expect(clearSkyDailyPoaKwhM2(south35, '2026-06-21', 'UTC')).toBeCloseTo(
      clearSkyDailyPoaKwhM2(south35, '2026-06-21', 'Europe/Prague'),
      2,
    );
  });

  test('east- and west-facing arrays receive the same (the day is symmetric about solar noon)', () => {
    for (const day of ['2026-06-21', '2026-09-22', '2026-12-21']) {
      const east = clearSkyDailyPoaKwhM2({ ...south35, azimuthDeg: 90 }, day, 'Europe/Prague');
      const west = clearSkyDailyPoaKwhM2({ ...south35, azimuthDeg: 270 }, day, 'Europe/Prague');
      expect(Math.abs(east - west) / east, day).toBeLessThan(0.01);
      expect(east).toBeLessThan(clearSkyDailyPoaKwhM2(south35, day, 'Europe/Prague'));
    }
  });

  test('the polar night gives nothing', () => {
    const tromso = { latitude: 69.65, longitude: 18.96, tiltDeg: 40, azimuthDeg: 180 };
    expect(clearSkyDailyPoaKwhM2(tromso, '2026-12-21', 'Europe/Oslo')).toBe(0);
  });

  test('a day that does not exist is refused', () => {
    expect(() => clearSkyDailyPoaKwhM2(south35, '2026-02-30', 'Europe/Prague')).toThrow(RangeError);
    expect(() => clearSkyDailyPoaKwhM2(south35, '26-6-1', 'Europe/Prague')).toThrow(RangeError);
  });

  test('one call is fast enough for every plant-day of a fleet (well under a millisecond)', () => {
    clearSkyDailyPoaKwhM2(south35, '2026-06-01', 'Europe/Prague');
    const days = Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const started = performance.now();
    for (const day of days) clearSkyDailyPoaKwhM2(south35, day, 'Europe/Prague');
    const perCall = (performance.now() - started) / days.length;
    expect(perCall).toBeLessThan(2);
  });
});

describe('integrateLocalDay', () => {
  test('a constant 1000 W/m² over a day gives 24 kWh/m², 23 and 25 on the DST days', () => {
    expect(integrateLocalDay('2026-06-21', 'Europe/Prague', () => 1000)).toBeCloseTo(24, 9);
    expect(integrateLocalDay('2026-03-29', 'Europe/Prague', () => 1000)).toBeCloseTo(23, 9);
    expect(integrateLocalDay('2026-10-25', 'Europe/Prague', () => 1000)).toBeCloseTo(25, 9);
  });

  test('samples the middle of each step, from the local midnight', () => {
    const samples: number[] = [];
    integrateLocalDay('2026-06-21', 'Europe/Prague', (t) => (samples.push(t), 0));
    const start = localDayStart('2026-06-21', 'Europe/Prague')!;
    expect(samples).toHaveLength(144);
    expect(samples[0]).toBe(start + 5 * 60_000);
    expect(samples[143]).toBe(start + 24 * 3_600_000 - 5 * 60_000);
  });
});
