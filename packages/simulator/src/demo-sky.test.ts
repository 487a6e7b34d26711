import { clearSkyDailyPoaKwhM2, integrateLocalDay } from '@voltfleet/domain/solar';
import { describe, expect, test } from 'vitest';
import type { SimInverterConfig } from './config.js';
import { demoFleetConfig } from './demo-fleet.js';
import { demoDailySky, demoSkyForPlant } from './demo-sky.js';
import { environmentAt } from './environment.js';

const config = demoFleetConfig({ startMs: Date.UTC(2025, 10, 1) });
const plant = (id: string) => config.plants.find((p) => p.id === id)!;
const inverterOf = (id: string) =>
  config.devices.find((d): d is SimInverterConfig => d.kind === 'inverter' && d.plantId === id)!;
const praha = plant('cz-praha-home');
const JUNE = Array.from({ length: 30 }, (_, i) => `2026-06-${String(i + 1).padStart(2, '0')}`);

describe('demoDailySky', () => {
  test('is the plane-of-array irradiance the PV model used, summed over the local day', () => {
    const inverter = inverterOf(praha.id);
    const load = { profile: praha.load.profile, dailyKwh: praha.load.dailyKwh };
    for (const day of ['2026-06-03', '2026-12-10', '2026-03-29']) {
      const fromModel = integrateLocalDay(
        day,
        praha.timeZone,
        (t) => environmentAt(praha, inverter, load, config.seed, inverter.sn, t).poaWm2,
      );
      expect(demoDailySky(praha, config.seed, day).poaKwhM2, day).toBeCloseTo(fromModel, 9);
    }
  });

  test('its clear sky is the domain’s clear-sky day of the plant’s array, and the clearness their ratio', () => {
    for (const day of JUNE.slice(0, 5)) {
      const sky = demoDailySky(praha, config.seed, day);
      const clear = clearSkyDailyPoaKwhM2(
        { latitude: praha.latitude, longitude: praha.longitude, tiltDeg: 35, azimuthDeg: 180 },
        day,
        'Europe/Prague',
      );
      expect(sky.clearSkyPoaKwhM2).toBe(clear);
      expect(sky.clearness).toBeCloseTo(sky.poaKwhM2 / clear, 12);
      expect(sky.clearness).toBeGreaterThan(0.05);
      expect(sky.clearness).toBeLessThanOrEqual(1.05);
    }
  });

  test('bright and grey days: a month of Praha’s June ranges from overcast to nearly clear', () => {
    const k = JUNE.map((day) => demoDailySky(praha, config.seed, day).clearness);
    expect(Math.min(...k)).toBeLessThan(0.5);
    expect(Math.max(...k)).toBeGreaterThan(0.8);
  });

  test('the demo inverter’s daily performance ratio against it is believable every day (0.65–0.95)', () => {
    const inverter = inverterOf(praha.id);
    const load = { profile: praha.load.profile, dailyKwh: praha.load.dailyKwh };
    const peakKw = (inverter.pv1PeakW + inverter.pv2PeakW) / 1000;
    for (const day of JUNE) {
      // AC yield per kWp over the same 10-minute steps (the 10K's rating never clips a 11.6 kWp array much).
      const kwhPerKwp = integrateLocalDay(day, praha.timeZone, (t) => {
        const env = environmentAt(praha, inverter, load, config.seed, inverter.sn, t);
        return (Math.min(10_000, env.pv1W + env.pv2W) * 0.97) / peakKw;
      });
      const sky = demoDailySky(praha, config.seed, day);
      const pr = kwhPerKwp / sky.poaKwhM2;
      expect(pr, day).toBeGreaterThan(0.65);
      expect(pr, day).toBeLessThan(0.95);
    }
  });

  test('a DST day is summed over its 23 hours, in the zone asked for', () => {
    const dst = demoDailySky(praha, config.seed, '2026-03-29');
    expect(dst.poaKwhM2).toBeGreaterThan(0);
    expect(demoDailySky(praha, config.seed, '2026-03-29', 'UTC').clearSkyPoaKwhM2).toBeCloseTo(dst.clearSkyPoaKwhM2, 2);
  });

  test('is pure: the same plant, seed and day give the same sky; another seed another', () => {
    const a = demoDailySky(praha, config.seed, '2026-07-14');
    expect(demoDailySky({ ...praha }, config.seed, '2026-07-14')).toEqual(a);
    expect(demoDailySky(praha, config.seed + 1, '2026-07-14').poaKwhM2).not.toBe(a.poaKwhM2);
  });

  test('one call takes well under 5 ms', () => {
    const started = performance.now();
    for (const day of JUNE) demoDailySky(praha, config.seed, day);
    expect((performance.now() - started) / JUNE.length).toBeLessThan(5);
  });
});

describe('demoSkyForPlant', () => {
  test.each([
    ['its name, as the demo stores it', 'Praha_Vinohrady_Střecha'],
    ['the simulation’s id', 'cz-praha-home'],
    ['a device’s serial number', 'VF10K2400401'],
    ['its battery’s serial number', 'VFBAT2400401'],
  ])('finds a demo plant by %s', (_what, key) => {
    expect(demoSkyForPlant(config, key)('2026-06-03')).toEqual(demoDailySky(praha, config.seed, '2026-06-03'));
  });

  test('every demo plant by its name, each with its own sky', () => {
    const skies = config.plants.map((p) => demoSkyForPlant(config, p.name)('2026-06-03')!);
    expect(skies.every((s) => s.poaKwhM2 > 0)).toBe(true);
    expect(new Set(skies.map((s) => s.poaKwhM2)).size).toBe(config.plants.length);
  });

  test('answers undefined for a plant that is not the demo’s and for a day that does not exist', () => {
    expect(demoSkyForPlant(config, 'Somebody’s roof')('2026-06-03')).toBeUndefined();
    expect(demoSkyForPlant(config, 'Praha_Vinohrady_Střecha')('2026-02-30')).toBeUndefined();
  });
});
