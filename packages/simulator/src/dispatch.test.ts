import { describe, expect, test } from 'vitest';
import { dispatch, type DispatchInput, type PowerFlow } from './dispatch.js';
import { Rng } from './random.js';

const BASE: DispatchInput = {
  mode: 1,
  running: true,
  pvW: 0,
  loadW: 0,
  ratedW: 5000,
  exportCapW: 5000,
  chargeMaxW: 3000,
  dischargeMaxW: 3000,
  tariff: 3,
  supplyOrder: 0,
  efficiency: 0.97,
};
const run = (patch: Partial<DispatchInput>) => dispatch({ ...BASE, ...patch });

/** pv + import + discharge = load + export + charge + loss, and the two node equations. */
function expectBalanced(f: PowerFlow): void {
  const imp = Math.max(0, f.gridW);
  const exp = Math.max(0, -f.gridW);
  const dis = Math.max(0, f.batW);
  const chg = Math.max(0, -f.batW);
  expect(f.pvW + imp + dis).toBeCloseTo(f.loadW + exp + chg + f.lossW, 6);
  expect(f.pvW + f.batW - f.lossW).toBeCloseTo(f.acW, 6);
  expect(f.acW + f.gridW).toBeCloseTo(f.loadW, 6);
  expect(f.lossW).toBeGreaterThanOrEqual(-1e-9);
}

describe('dispatch', () => {
  test.each<[string, Partial<DispatchInput>, Partial<PowerFlow>]>([
    [
      'switched off: the grid carries the load',
      { running: false, pvW: 3000, loadW: 800 },
      { pvW: 0, batW: 0, gridW: 800, loadW: 800 },
    ],
    ['switched off off-grid: nothing is served', { running: false, mode: 3, loadW: 800 }, { gridW: 0, loadW: 0 }],
    ['night, self-use: the battery covers the load', { loadW: 970 }, { batW: 1000, gridW: 0 }],
    [
      'night, battery limited: the grid tops up',
      { loadW: 3880, dischargeMaxW: 2000 },
      { batW: 2000, gridW: 3880 - 1940 },
    ],
    ['night, PV > Grid > Battery: the grid first', { loadW: 970, supplyOrder: 1 }, { batW: 0, gridW: 970 }],
    ['sunny, self-use: surplus charges the battery', { pvW: 3000, loadW: 970 }, { batW: -2000, gridW: 0 }],
    [
      'sunny, battery full: surplus is exported',
      { pvW: 3000, loadW: 970, chargeMaxW: 0 },
      { batW: 0, gridW: -(2910 - 970) },
    ],
    [
      'export capped at 500 W: PV is curtailed',
      { pvW: 4000, loadW: 970, chargeMaxW: 0, exportCapW: 500 },
      { gridW: -500, exportLimited: true },
    ],
    [
      'anti-backflow: no export at all',
      { pvW: 4000, loadW: 970, chargeMaxW: 0, exportCapW: 0 },
      { gridW: 0, acW: 970 },
    ],
    ['energy storage: PV fills the battery first', { mode: 2, pvW: 2000, loadW: 1000 }, { batW: -2000, gridW: 1000 }],
    ['energy storage: no discharge', { mode: 2, pvW: 0, loadW: 1000 }, { batW: 0, gridW: 1000 }],
    [
      'peak-valley, valley: charge at full rate from the grid',
      { mode: 4, tariff: 4, loadW: 500 },
      { batW: -3000, forcedCharge: true },
    ],
    ['peak-valley, peak: discharge to cover the load', { mode: 4, tariff: 2, loadW: 970 }, { batW: 1000, gridW: 0 }],
    ['peak-valley, sharp: discharge to cover the load', { mode: 4, tariff: 1, loadW: 970 }, { batW: 1000, gridW: 0 }],
    ['peak-valley, flat: hold the battery', { mode: 4, tariff: 3, loadW: 970 }, { batW: 0, gridW: 970 }],
    [
      'micro-grid: no grid, the battery balances',
      { mode: 3, pvW: 500, loadW: 1455 },
      { gridW: 0, batW: 1000, loadW: 1455 },
    ],
    [
      'micro-grid, empty battery: load is shed',
      { mode: 3, pvW: 500, loadW: 1455, dischargeMaxW: 0 },
      { gridW: 0, batW: 0, loadW: 485 },
    ],
    [
      'micro-grid, full battery: PV is curtailed to the load',
      { mode: 3, pvW: 4000, loadW: 970, chargeMaxW: 0 },
      { gridW: 0, pvW: 1000, acW: 970 },
    ],
    [
      'rated power caps the AC side',
      { pvW: 5000, loadW: 0, dischargeMaxW: 0, chargeMaxW: 0, ratedW: 3000 },
      { acW: 3000, gridW: -3000 },
    ],
    [
      'rated power caps grid charging',
      { mode: 4, tariff: 4, chargeMaxW: 8000, ratedW: 5000 },
      { acW: -5000, batW: -4850 },
    ],
  ])('%s', (_label, patch, expected) => {
    const flow = run(patch);
    for (const [key, value] of Object.entries(expected)) {
      if (typeof value === 'number') expect(flow[key as keyof PowerFlow], key).toBeCloseTo(value, 6);
      else expect(flow[key as keyof PowerFlow], key).toBe(value);
    }
    expectBalanced(flow);
  });

  test('every mode balances and respects its limits on random inputs', () => {
    const rng = new Rng(123);
    for (let i = 0; i < 5000; i++) {
      const input: DispatchInput = {
        ...BASE,
        mode: rng.pick([0, 1, 2, 3, 4, 6] as const),
        running: rng.next() > 0.1,
        pvW: rng.range(0, 6000),
        loadW: rng.range(0, 9000),
        ratedW: rng.pick([5000, 6000, 10000]),
        exportCapW: rng.pick([0, 1000, 10000]),
        chargeMaxW: rng.range(0, 6000),
        dischargeMaxW: rng.range(0, 6000),
        tariff: rng.pick([1, 2, 3, 4, undefined] as const),
        supplyOrder: rng.pick([0, 1] as const),
      };
      input.pvW = Math.min(input.pvW, input.ratedW);
      const f = dispatch(input);
      expectBalanced(f);
      expect(f.pvW).toBeGreaterThanOrEqual(-1e-9);
      expect(f.pvW).toBeLessThanOrEqual(input.pvW + 1e-9);
      expect(Math.abs(f.acW)).toBeLessThanOrEqual(input.ratedW + 1e-6);
      expect(-f.batW).toBeLessThanOrEqual(input.chargeMaxW + 1e-6);
      expect(f.batW).toBeLessThanOrEqual(input.dischargeMaxW + 1e-6);
      if (input.mode === 3) expect(f.gridW).toBe(0);
      else expect(-f.gridW).toBeLessThanOrEqual(input.exportCapW + 1e-6);
      if (!input.running) expect([f.pvW, f.batW, f.acW]).toEqual([0, 0, 0]);
    }
  });
});
