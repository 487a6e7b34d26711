import { ENERGY_QUANTITIES } from '@voltfleet/domain/telemetry';
import { localDay } from '@voltfleet/domain/time';
import { describe, expect, test } from 'vitest';
import { solarPosition } from '@voltfleet/domain/solar';
import { DAY, HOUR, MINUTE, NIGHT_VALLEY, PRAGUE, runInverter, testInverter } from './test-support.js';

describe('physics sanity', () => {
  test('no PV at night, PV never above the rating, and a summer day reaches most of it', () => {
    const inv = testInverter();
    let maxPv = 0;
    runInverter(inv, inv.now + 3 * DAY, 60, (now) => {
      const sun = solarPosition(PRAGUE.latitude, PRAGUE.longitude, now - 30_000);
      const values = inv.reading(now).values;
      if (sun.elevationDeg < 0) {
        expect(inv.flow.pvW).toBe(0);
        expect([values.pvPowerW, values.pv1VoltageV, values.pv2CurrentA]).toEqual([0, 0, 0]);
      }
      expect(inv.flow.pvW).toBeLessThanOrEqual(inv.ratedW);
      expect(values.pvPowerW ?? 0).toBeLessThanOrEqual(inv.ratedW);
      maxPv = Math.max(maxPv, inv.flow.pvW);
    });
    expect(maxPv).toBeGreaterThan(0.5 * inv.ratedW);
  });

  test.each([0, 1, 2, 3, 4, 6] as const)('work mode %i keeps SOC within [lower limit, 100] for a week', (workMode) => {
    const inv = testInverter({ parameters: { workMode }, site: { tariff: NIGHT_VALLEY } });
    const socs: number[] = [];
    runInverter(inv, inv.now + 7 * DAY, 60, () => socs.push(inv.battery?.socPct ?? NaN));
    expect(Math.min(...socs)).toBeGreaterThanOrEqual(20 - 1e-6);
    expect(Math.max(...socs)).toBeLessThanOrEqual(100);
    // The battery is used: every mode moves SOC by at least a few percent over a week.
    expect(Math.max(...socs) - Math.min(...socs)).toBeGreaterThan(workMode === 2 ? 0 : 5);
  });

  test('every step balances: pv + import + discharge = load + export + charge + conversion loss', () => {
    const inv = testInverter({ parameters: { workMode: 4 }, site: { tariff: NIGHT_VALLEY } });
    let lossKwh = 0;
    runInverter(inv, inv.now + 2 * DAY, 60, () => {
      const f = inv.flow;
      const lhs = f.pvW + Math.max(0, f.gridW) + Math.max(0, f.batW);
      const rhs = f.loadW + Math.max(0, -f.gridW) + Math.max(0, -f.batW) + f.lossW;
      expect(lhs).toBeCloseTo(rhs, 6);
      expect(f.lossW).toBeGreaterThanOrEqual(-1e-9);
      expect(f.lossW).toBeLessThanOrEqual(0.05 * Math.max(lhs, 1));
      lossKwh += f.lossW / 60_000;
    });
    const t = inv.counters.total;
    expect(t.pv + t.gridImport + t.batDischarge).toBeCloseTo(t.load + t.gridExport + t.batCharge + lossKwh, 6);
  });

  test('energy is power × time: the registers equal the integral of the step powers', () => {
    const inv = testInverter();
    const sum = { pv: 0, load: 0 };
    runInverter(inv, inv.now + DAY / 2, 30, () => {
      sum.pv += (inv.flow.pvW * 30) / 3_600_000;
      sum.load += (inv.flow.loadW * 30) / 3_600_000;
    });
    expect(inv.counters.total.pv).toBeCloseTo(sum.pv, 9);
    expect(inv.counters.total.load).toBeCloseTo(sum.load, 9);
  });
});

describe('energy registers', () => {
  test('daily registers only drop at local midnight, totals only when the registers are lost', () => {
    const inv = testInverter();
    const resetAt = inv.now + 36 * HOUR;
    let prev: { ts: number; values: Record<string, number | undefined> } | undefined;
    runInverter(inv, inv.now + 4 * DAY, 60, (now) => {
      if (now === resetAt) inv.counters.resetTotals();
      if (now % (5 * MINUTE) !== 0) return;
      const r = inv.reading(now);
      if (prev) {
        const newDay = localDay(prev.ts, PRAGUE.timeZone) !== localDay(r.ts, PRAGUE.timeZone);
        const crossedReset = prev.ts < resetAt && r.ts >= resetAt;
        for (const key of [
          'pvEnergyTodayKwh',
          'loadEnergyTodayKwh',
          'batChargeTodayKwh',
          'gridExportTodayKwh',
        ] as const)
          if (!newDay) expect(r.values[key], key).toBeGreaterThanOrEqual(prev.values[key] ?? 0);
        for (const key of ['pvEnergyTotalKwh', 'loadEnergyTotalKwh', 'gridImportTotalKwh', 'batCycleCount'] as const)
          if (!crossedReset) expect(r.values[key], key).toBeGreaterThanOrEqual(prev.values[key] ?? 0);
        if (crossedReset) expect(r.values.loadEnergyTotalKwh).toBeLessThan(0.5);
      }
      prev = r;
    });
  });

  test.each([
    // Spring: 31 March has 23 hours; autumn: 27 October has 25.
    ['spring', Date.UTC(2024, 2, 30, 20), ['2024-03-30T23:00:00.000Z', '2024-03-31T22:00:00.000Z'], 23],
    ['autumn', Date.UTC(2024, 9, 26, 20), ['2024-10-26T22:00:00.000Z', '2024-10-27T23:00:00.000Z'], 25],
  ])('daily registers reset at Prague midnight on the %s DST day', (_label, startMs, resets, hours) => {
    const inv = testInverter({ startMs });
    const seen: string[] = [];
    let prevLoad = -1;
    runInverter(inv, startMs + 2 * DAY, 60, (now) => {
      const load = inv.reading(now).values.loadEnergyTodayKwh ?? 0;
      if (load < prevLoad) {
        seen.push(new Date(now).toISOString());
        expect(load).toBe(0);
        expect(prevLoad).toBeGreaterThan(0);
      }
      prevLoad = load;
    });
    expect(seen).toEqual(resets);
    // The whole DST day is in the ground truth: its load is that of `hours` hours.
    const dstDay = localDay(Date.parse(resets[0] as string), PRAGUE.timeZone);
    const dayLoad = inv.counters.daily.get(dstDay)?.load ?? 0;
    expect(dayLoad).toBeGreaterThan(((12 * hours) / 24) * 0.6);
    expect(dayLoad).toBeLessThan(((12 * hours) / 24) * 1.4);
  });

  test('a step across midnight is split: each day gets its part and the new day starts from zero', () => {
    const inv = testInverter({ startMs: Date.UTC(2024, 0, 10, 21, 0) });
    inv.step(Date.UTC(2024, 0, 10, 23, 30), 2.5 * 3600);
    const before = inv.counters.daily.get('2024-01-10')?.load ?? 0;
    const after = inv.counters.daily.get('2024-01-11')?.load ?? 0;
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
    expect(before + after).toBeCloseTo(inv.counters.total.load, 12);
    expect(inv.counters.today.load).toBeCloseTo(after, 12);
  });

  test('ground truth and registers agree per quantity', () => {
    const inv = testInverter();
    runInverter(inv, inv.now + 2 * DAY, 60);
    for (const q of ENERGY_QUANTITIES) {
      const daily = [...inv.counters.daily.values()].reduce((s, t) => s + t[q], 0);
      expect(daily, q).toBeCloseTo(inv.counters.total[q], 9);
      expect(inv.counters.today[q], q).toBeCloseTo(
        inv.counters.daily.get(localDay(inv.now, PRAGUE.timeZone))?.[q] ?? 0,
        9,
      );
    }
  });

  test('time cannot go back', () => {
    const inv = testInverter();
    inv.step(inv.now + MINUTE, 60);
    expect(() => inv.step(inv.now, 120)).toThrow(RangeError);
  });
});
