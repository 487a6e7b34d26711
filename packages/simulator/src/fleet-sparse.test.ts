import type { Reading } from '@voltfleet/domain/telemetry';
import { describe, expect, test } from 'vitest';
import type { FleetConfig } from './config.js';
import { demoFleetConfig } from './demo-fleet.js';
import { createFleet } from './fleet.js';
import { DAY, HOUR, MINUTE } from './test-support.js';

const START = Date.UTC(2024, 5, 10);
const PLANTS = ['cz-praha-home', 'cn-suzhou-ci'];

/** Two demo plants without background faults or scenarios: only injected faults happen. */
function quietConfig(): FleetConfig {
  const demo = demoFleetConfig({ startMs: START });
  return {
    seed: demo.seed,
    startMs: START,
    plants: demo.plants.filter((p) => PLANTS.includes(p.id)),
    devices: demo.devices
      .filter((d) => PLANTS.includes(d.plantId))
      .map((d) => (d.kind === 'inverter' ? { ...d, faultRatePerHour: 0 } : d)),
  };
}

const bySn = (readings: Reading[], sn: string) => readings.filter((r) => r.sn === sn).map((r) => r.ts);

describe('Fleet.advanceSparse', () => {
  test('reports once a step, and every fine step through a step in which a long enough fault starts or ends', () => {
    const fleet = createFleet(quietConfig());
    const [faulty, quiet] = fleet.inverters;
    // 40 minutes of grid overvoltage from 10:20, and a 3-minute one at 14:10 (too short for 5-minute steps).
    faulty!.injectFault('gridOvervoltage', START + 10 * HOUR + 20 * MINUTE, START + 11 * HOUR);
    faulty!.injectFault('gridOvervoltage', START + 14 * HOUR + 10 * MINUTE, START + 14 * HOUR + 13 * MINUTE);
    const readings: Reading[] = [];
    const emitted = fleet.advanceSparse(START + DAY, {
      stepSeconds: 3600,
      fineStepSeconds: 300,
      onReading: (r) => readings.push(r),
    });
    expect(emitted).toBe(readings.length);
    expect(fleet.now).toBe(START + DAY);
    expect(bySn(readings, quiet!.sn)).toEqual(Array.from({ length: 24 }, (_, h) => START + (h + 1) * HOUR));
    // The hour the fault starts in (10:00–11:00) and the one it ends at (11:00 is its last fine step): 5-minute
    // readings from 10:05 to 11:00; every other hour one reading.
    const faultyTs = bySn(readings, faulty!.sn);
    const fine = Array.from({ length: 12 }, (_, i) => START + 10 * HOUR + (i + 1) * 5 * MINUTE);
    expect(faultyTs.filter((ts) => ts > START + 10 * HOUR && ts <= START + 11 * HOUR)).toEqual(fine);
    expect(faultyTs.length).toBe(24 + 11);
    const faultWords = readings
      .filter((r) => r.sn === faulty!.sn && r.ts > START + 10 * HOUR && r.ts <= START + 11 * HOUR)
      .map((r) => (r.values.faultWord ?? 0) > 0);
    expect(faultWords).toEqual([false, false, false, true, true, true, true, true, true, true, true, false]);
  });

  test('takes the same steps however the span is split, so a replay to a checkpoint is the same fleet', () => {
    const whole = createFleet(quietConfig());
    const split = createFleet(quietConfig());
    for (const f of [whole, split]) f.inverters[0]!.injectFault('insulationLow', START + 5 * HOUR, START + 7 * HOUR);
    const a: Reading[] = [];
    const b: Reading[] = [];
    whole.advanceSparse(START + 2 * DAY, { stepSeconds: 3600, fineStepSeconds: 300, onReading: (r) => a.push(r) });
    for (let t = START + 6 * HOUR; t <= START + 2 * DAY; t += 6 * HOUR)
      split.advanceSparse(t, { stepSeconds: 3600, fineStepSeconds: 300, onReading: (r) => b.push(r) });
    expect(JSON.stringify(b.map((r) => [r.sn, r.ts, r.values]))).toBe(
      JSON.stringify(a.map((r) => [r.sn, r.ts, r.values])),
    );
    expect(whole.inverters[0]!.counters.total).toEqual(split.inverters[0]!.counters.total);
  });

  test('integrates the same energy as small steps, within a few percent', () => {
    const sparse = createFleet(quietConfig());
    const dense = createFleet(quietConfig());
    sparse.advanceSparse(START + 2 * DAY, { stepSeconds: 3600, fineStepSeconds: 300 });
    dense.advance(START + 2 * DAY, 120);
    for (const [i, inverter] of sparse.inverters.entries()) {
      const exact = dense.inverters[i]!.counters.total;
      expect(inverter.counters.total.pv).toBeGreaterThan(exact.pv * 0.95);
      expect(inverter.counters.total.pv).toBeLessThan(exact.pv * 1.05);
      expect(inverter.counters.total.load).toBeGreaterThan(exact.load * 0.95);
      expect(inverter.counters.total.load).toBeLessThan(exact.load * 1.05);
    }
  }, 30_000);
});

describe('Fleet.restoreRegisters', () => {
  test('continues the lifetime counters, today’s on the same local day, and the battery charge', () => {
    const fleet = createFleet(quietConfig());
    const inverter = fleet.inverters[0]!;
    fleet.restoreRegisters(
      inverter.sn,
      { pvEnergyTotalKwh: 1234.5, pvEnergyTodayKwh: 3.2, pcsEnergyTotalKwh: 999, batSocPct: 71 },
      START - 10 * MINUTE,
    );
    expect(inverter.counters.total.pv).toBe(1234.5);
    expect(inverter.counters.pcsTotalKwh).toBe(999);
    expect(inverter.battery?.socPct).toBe(71);
    // START is 02:00 in Prague: ten minutes earlier is the same local day.
    expect(inverter.counters.today.pv).toBe(3.2);
    fleet.advance(START + 12 * HOUR, 60);
    expect(fleet.readings()[0]!.values.pvEnergyTotalKwh).toBeGreaterThan(1234.5);

    const other = createFleet(quietConfig());
    other.restoreRegisters(other.inverters[0]!.sn, { pvEnergyTotalKwh: 10, pvEnergyTodayKwh: 3.2 }, START - DAY);
    expect(other.inverters[0]!.counters.today.pv).toBe(0);
    expect(other.inverters[0]!.counters.total.pv).toBe(10);
    other.restoreRegisters('VFNOPE', { pvEnergyTotalKwh: 10 }, START);
  });
});
