import { describe, expect, test } from 'vitest';
import { airMass, clearSkyIrradiance, incidenceAngleDeg, planeOfArrayIrradiance, solarPosition } from './sun.js';

const MINUTE = 60_000;

/** Highest elevation of a day (scanned minute by minute) and when it occurs. */
function solarNoon(lat: number, lon: number, dayUtc: number) {
  let best = { elevationDeg: -90, ms: dayUtc, azimuthDeg: 0 };
  for (let ms = dayUtc - 12 * 60 * MINUTE; ms < dayUtc + 36 * 60 * MINUTE; ms += MINUTE) {
    const p = solarPosition(lat, lon, ms);
    const localNoonWindow = Math.abs(((ms - dayUtc) / MINUTE + lon * 4) / 60 - 12) < 12;
    if (localNoonWindow && p.elevationDeg > best.elevationDeg)
      best = { elevationDeg: p.elevationDeg, ms, azimuthDeg: p.azimuthDeg };
  }
  return best;
}

describe('solarPosition', () => {
  test.each([0, 14.4378, -23.566, 31.299, 50.0755, 60, -45])(
    'at the March equinox the noon elevation at latitude %f is 90° − |lat|',
    (lat) => {
      const noon = solarNoon(lat, 0, Date.UTC(2024, 2, 20));
      expect(Math.abs(noon.elevationDeg - (90 - Math.abs(lat)))).toBeLessThan(0.6);
    },
  );

  test('at the June solstice Prague sees the sun at 90 − 50.08 + 23.44 ≈ 63.4° and due south at noon', () => {
    const noon = solarNoon(50.0755, 14.4378, Date.UTC(2024, 5, 20));
    expect(noon.elevationDeg).toBeCloseTo(63.36, 0);
    expect(noon.azimuthDeg).toBeGreaterThan(178);
    expect(noon.azimuthDeg).toBeLessThan(182);
  });

  test('south of the sun the noon sun is in the north', () => {
    expect(solarNoon(-23.566, -46.691, Date.UTC(2024, 5, 20)).azimuthDeg).toBeLessThan(3);
  });

  test.each([
    // Equinox 2024-03-20 03:06 UTC: nine hours later the sun is 0.15° north.
    ['March equinox', Date.UTC(2024, 2, 20, 12), 0.15],
    ['June solstice', Date.UTC(2024, 5, 20, 21), 23.44],
    ['September equinox', Date.UTC(2024, 8, 22, 12, 44), 0],
    ['December solstice', Date.UTC(2024, 11, 21, 9, 20), -23.44],
  ])('declination at the %s ≈ %f°', (_label, ms, declination) => {
    expect(Math.abs(solarPosition(0, 0, ms).declinationDeg - declination)).toBeLessThan(0.02);
  });

  test.each([
    ['mid February', Date.UTC(2024, 1, 11, 12), -14.2],
    ['early November', Date.UTC(2024, 10, 3, 12), 16.4],
    ['mid April', Date.UTC(2024, 3, 15, 12), 0],
  ])('equation of time in %s ≈ %f min', (_label, ms, minutes) => {
    expect(Math.abs(solarPosition(0, 0, ms).equationOfTimeMin - minutes)).toBeLessThan(0.3);
  });

  test('the sun rises in the east and sets in the west; it is below the horizon at local midnight', () => {
    // Prague, 21 June: about 05:00 and 19:00 UTC+2 local → 03:00 and 19:00 UTC.
    const morning = solarPosition(50.0755, 14.4378, Date.UTC(2024, 5, 21, 4));
    const evening = solarPosition(50.0755, 14.4378, Date.UTC(2024, 5, 21, 18));
    expect(morning.azimuthDeg).toBeGreaterThan(45);
    expect(morning.azimuthDeg).toBeLessThan(90);
    expect(evening.azimuthDeg).toBeGreaterThan(270);
    expect(evening.azimuthDeg).toBeLessThan(315);
    // Solar midnight in Prague is about 23:00 UTC (longitude 14.44° E = 58 minutes ahead of UTC).
    const midnight = solarPosition(50.0755, 14.4378, Date.UTC(2024, 5, 21, 23));
    expect(midnight.elevationDeg).toBeLessThan(0);
    expect(Math.abs(midnight.hourAngleDeg)).toBeGreaterThan(175);
  });
});

describe('irradiance', () => {
  test('no light at or below the horizon', () => {
    expect(clearSkyIrradiance(0)).toEqual({ dni: 0, dhi: 0, ghi: 0 });
    expect(clearSkyIrradiance(-10)).toEqual({ dni: 0, dhi: 0, ghi: 0 });
    const night = solarPosition(50, 14, Date.UTC(2024, 5, 21, 23));
    expect(planeOfArrayIrradiance(night, clearSkyIrradiance(night.elevationDeg), 180, 35)).toBe(0);
    expect(airMass(-1)).toBe(Infinity);
  });

  test('air mass is 1 at the zenith and about 2 at 30° elevation', () => {
    expect(airMass(90)).toBeCloseTo(1, 2);
    expect(airMass(30)).toBeCloseTo(1.995, 1);
  });

  test('overhead clear sky gives about 1 kW/m² global, less when the sun is low', () => {
    const high = clearSkyIrradiance(90);
    expect(high.dni).toBeGreaterThan(900);
    expect(high.ghi).toBeGreaterThan(950);
    expect(high.ghi).toBeLessThan(1150);
    expect(clearSkyIrradiance(10).ghi).toBeLessThan(high.ghi / 3);
  });

  test('a flat panel receives the global horizontal irradiance', () => {
    const sun = solarPosition(50, 14, Date.UTC(2024, 5, 21, 10));
    const irr = clearSkyIrradiance(sun.elevationDeg);
    expect(planeOfArrayIrradiance(sun, irr, 180, 0)).toBeCloseTo(irr.ghi, 6);
  });

  test('a panel facing the sun gets the most; one facing away gets only diffuse light', () => {
    const sun = solarPosition(50, 14, Date.UTC(2024, 2, 20, 11));
    const irr = clearSkyIrradiance(sun.elevationDeg);
    const facing = planeOfArrayIrradiance(sun, irr, sun.azimuthDeg, 90 - sun.elevationDeg);
    expect(incidenceAngleDeg(sun, sun.azimuthDeg, 90 - sun.elevationDeg)).toBeCloseTo(0, 3);
    expect(facing).toBeGreaterThan(planeOfArrayIrradiance(sun, irr, 180, 10));
    const away = planeOfArrayIrradiance(sun, irr, (sun.azimuthDeg + 180) % 360, 80);
    expect(away).toBeLessThan(irr.dhi + irr.ghi * 0.2);
  });
});
