import { describe, expect, test } from 'vitest';
import { SOH_LOSS_PER_CYCLE, SimBattery } from './battery.js';

const make = (socPct = 50) =>
  new SimBattery({ sn: 'VFBAT2400101', capacityKwh: 10, maxChargeW: 5000, maxDischargeW: 5000, initialSocPct: socPct });

describe('SimBattery', () => {
  test('charging 1 kWh at the terminals stores 0.96 kWh; discharging 1 kWh takes 1/0.96 kWh', () => {
    const b = make(50);
    b.apply(-1000, 3600);
    expect(b.socPct).toBeCloseTo(50 + 9.6, 9);
    b.apply(1000, 3600);
    expect(b.socPct).toBeCloseTo(59.6 - 10 / 0.96, 9);
  });

  test.each([
    ['rate-limited when there is room', 50, 5000],
    ['limited by the room left near full', 99, (0.01 * 10 * 3_600_000) / (0.96 * 600)],
    ['nothing when full', 100, 0],
  ])('charge limit: %s', (_label, soc, limit) => {
    expect(make(soc).chargeLimitW(600)).toBeCloseTo(limit, 6);
  });

  test.each([
    ['rate-limited above the floor', 50, 20, 5000],
    ['limited by the energy above the floor', 21, 20, (0.01 * 10 * 3_600_000 * 0.96) / 600],
    ['nothing at the floor', 20, 20, 0],
    ['nothing below the floor', 15, 20, 0],
  ])('discharge limit: %s', (_label, soc, floor, limit) => {
    expect(make(soc).dischargeLimitW(600, floor)).toBeCloseTo(limit, 6);
  });

  test('applying the limits lands exactly on 100 % and on the floor', () => {
    const full = make(99);
    full.apply(-full.chargeLimitW(600), 600);
    expect(full.socPct).toBeCloseTo(100, 9);
    const low = make(21);
    low.apply(low.dischargeLimitW(600, 20), 600);
    expect(low.socPct).toBeCloseTo(20, 9);
  });

  test('cycles count discharged capacity and SOH slowly declines', () => {
    const b = make(100);
    for (let i = 0; i < 5; i++) {
      b.apply(-b.chargeLimitW(3600 * 3), 3600 * 3);
      b.apply(5000, 7200);
    }
    expect(b.cycleCount).toBe(5);
    expect(b.sohPct).toBeLessThan(100);
    expect(b.sohPct).toBeGreaterThan(99.9);
  });

  test('a pack ageing faster loses its factor times the SOH per cycle, plus its calendar ageing, and holds less', () => {
    const cycle = (b: SimBattery) => {
      for (let i = 0; i < 20; i++) {
        b.apply(-b.chargeLimitW(3600 * 3), 3600 * 3);
        b.apply(5000, 7200);
        b.apply(0, 13 * 3600);
      }
    };
    const healthy = make(100);
    const weak = new SimBattery({
      sn: 'VFBAT2401201',
      capacityKwh: 10,
      maxChargeW: 5000,
      maxDischargeW: 5000,
      initialSocPct: 100,
      cycleAgeingFactor: 7,
      calendarSohLossPctPerYear: 2,
    });
    cycle(healthy);
    cycle(weak);
    const healthyLoss = 100 - healthy.sohPct;
    // 20 days of 18 hours each: 20 × 18 / 8766 of a year's calendar ageing.
    const calendar = (2 * 20 * 18) / 8766;
    expect(healthyLoss).toBeCloseTo(SOH_LOSS_PER_CYCLE * 20, 3);
    expect(100 - weak.sohPct).toBeCloseTo(7 * healthyLoss + calendar, 2);
    expect(weak.usableKwh).toBeCloseTo((10 * weak.sohPct) / 100, 9);
    expect(weak.usableKwh).toBeLessThan(healthy.usableKwh);
  });

  test('calendar ageing does not depend on the step size', () => {
    const aged = (steps: number) => {
      const b = new SimBattery({
        ...{ sn: 'x', capacityKwh: 10, maxChargeW: 1, maxDischargeW: 1 },
        calendarSohLossPctPerYear: 3,
      });
      for (let i = 0; i < steps; i++) b.apply(0, (365.25 * 86_400) / steps);
      return b.sohPct;
    };
    expect(aged(1)).toBeCloseTo(97, 9);
    expect(aged(8766)).toBeCloseTo(97, 9);
  });

  test('pack voltage follows SOC and sags under discharge', () => {
    const low = make(10);
    const high = make(90);
    expect(high.packVoltageV(0)).toBeGreaterThan(low.packVoltageV(0));
    expect(high.packVoltageV(5000)).toBeLessThan(high.packVoltageV(0));
    expect(high.packVoltageV(-5000)).toBeGreaterThan(high.packVoltageV(0));
    expect(high.cellVoltageV()).toBeGreaterThan(3.1);
    expect(high.cellVoltageV()).toBeLessThan(3.5);
  });
});
