import { validateReading } from '@voltfleet/domain/telemetry';
import { describe, expect, test } from 'vitest';
import { DAY, HOUR, MINUTE, runInverter, testInverter } from './test-support.js';

const NOON = Date.UTC(2024, 5, 10, 10, 30);

describe('parameters, on/off, faults', () => {
  test('applyParameter returns the read-back value and refuses bad writes without changing anything', () => {
    const inv = testInverter();
    expect(inv.applyParameter('workMode', 4)).toEqual({ ok: true, key: 'workMode', value: 4 });
    expect(inv.parameters.workMode).toBe(4);
    expect(inv.applyParameter('workMode', 5)).toEqual({ ok: false, reason: 'notAllowed' });
    expect(inv.applyParameter('socLowerLimitPct', 5)).toEqual({ ok: false, reason: 'outOfRange' });
    expect(inv.applyParameter('gridConnectionLimitW', 10_001)).toEqual({ ok: false, reason: 'outOfRange' });
    expect(inv.applyParameter('antiBackflow', 1)).toEqual({ ok: false, reason: 'inverterMustBeOff' });
    expect(inv.parameters).toMatchObject({ workMode: 4, socLowerLimitPct: 20, gridConnectionLimitW: 10_000 });
    expect(inv.applyParameter('onOff', 0)).toMatchObject({ ok: true, value: 0 });
    expect(inv.applyParameter('antiBackflow', 1)).toMatchObject({ ok: true, value: 1 });
  });

  test('switched off, no power flows through the inverter and the grid carries the load', () => {
    const inv = testInverter({ startMs: NOON - HOUR });
    inv.applyParameter('onOff', 0);
    runInverter(inv, NOON, 60);
    expect(inv.flow).toMatchObject({ pvW: 0, batW: 0, acW: 0 });
    const v = inv.reading(NOON).values;
    expect(v.pcsState).toBe(8);
    expect(v.pcsOnOff).toBe(0);
    expect(v.gridPowerW).toBe(v.loadPowerW);
    expect(v.gridPowerW).toBeGreaterThan(0);
  });

  test('a grid-connection limit of 0 stops export on a sunny day', () => {
    const inv = testInverter({ parameters: { gridConnectionLimitW: 0 } });
    runInverter(inv, inv.now + 2 * DAY, 60, () => expect(inv.flow.gridW).toBeGreaterThanOrEqual(-1e-6));
    expect(inv.counters.total.gridExport).toBeLessThan(1e-6);
  });

  test('injected faults are reported in faultWord and extra.faultCodes, stop the inverter, then clear', () => {
    const inv = testInverter({ startMs: NOON - HOUR });
    inv.injectFault('relayCheckFailure', NOON - 10 * MINUTE, NOON + 10 * MINUTE);
    inv.injectFault('gridOvervoltage', NOON - 5 * MINUTE, NOON + 5 * MINUTE);
    runInverter(inv, NOON, 60);
    const during = inv.reading(NOON);
    expect(during.values.faultWord).toBe(2 ** 6);
    expect(during.extra).toEqual({ faultCodes: '49' });
    expect(during.values.pcsState).toBe(7);
    expect(during.values.gridVoltageAV).toBeGreaterThan(250);
    expect(inv.flow.pvW).toBe(0);
    expect(validateReading(during, NOON).ok).toBe(true);
    runInverter(inv, NOON + 20 * MINUTE, 60);
    const after = inv.reading(NOON + 20 * MINUTE);
    expect(after.values.faultWord).toBe(0);
    expect(after.extra).toBeUndefined();
    expect(after.values.pcsState).toBe(1);
  });

  test('seeded faults happen now and then over a month when a rate is set', () => {
    const inv = testInverter({ config: { faultRatePerHour: 1 / 50 } });
    let faultedMinutes = 0;
    runInverter(inv, inv.now + 30 * DAY, 300, (now) => {
      const reading = inv.reading(now);
      if ((reading.values.faultWord ?? 0) > 0 || reading.extra?.faultCodes !== undefined) faultedMinutes += 5;
    });
    expect(faultedMinutes).toBeGreaterThan(60);
    expect(faultedMinutes).toBeLessThan(30 * 24 * 60 * 0.05);
  });

  test('AC coupling uses the PV strings the PV source parameter selects', () => {
    const values = (source: 0 | 1 | 2 | 3) => {
      const inv = testInverter({
        startMs: NOON - 10 * MINUTE,
        parameters: { workMode: 6, acCouplingPvSource: source },
      });
      runInverter(inv, NOON, 60);
      return inv.reading(NOON).values;
    };
    const both = values(0);
    expect(both.pv1PowerW).toBeGreaterThan(0);
    expect(both.pv2PowerW).toBeGreaterThan(0);
    expect(values(1).pvPowerW).toBe(0);
    expect(values(2)).toMatchObject({ pv2PowerW: 0 });
    expect(values(2).pv1PowerW).toBeGreaterThan(0);
    expect(values(3)).toMatchObject({ pv1PowerW: 0 });
  });
});

describe('readings', () => {
  test('a household reading has about 60–80 values and passes the domain schema', () => {
    const inv = testInverter({ startMs: NOON - HOUR });
    runInverter(inv, NOON, 60);
    const reading = inv.reading(NOON);
    expect(Object.keys(reading.values).length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(reading.values).length).toBeLessThanOrEqual(80);
    expect(reading.values.tmeterPowerW).toBeUndefined();
    expect(validateReading(reading, NOON)).toMatchObject({ ok: true });
    expect(inv.reading(NOON).seq).toBe((reading.seq ?? 0) + 1);
  });

  test('a cabinet installation adds meter, gate meter and cooling values; without a battery there is no BMS group', () => {
    const inv = testInverter({ startMs: NOON - HOUR, site: { hasCabinet: true }, battery: false });
    runInverter(inv, NOON, 60);
    const values = inv.reading(NOON).values;
    expect(values.tmeterPowerW).toBe(values.gridPowerW);
    expect(values.gmeterChargeTodayKwh).toBe(0);
    expect(values.coolingState).toBeDefined();
    expect(values.batSocPct).toBeUndefined();
    expect(validateReading(inv.reading(NOON), NOON)).toMatchObject({ ok: true });
  });

  test('values are rounded to each field’s decimals', () => {
    const inv = testInverter({ startMs: NOON - HOUR });
    runInverter(inv, NOON, 60);
    const v = inv.reading(NOON).values;
    expect(Number.isInteger(v.pvPowerW)).toBe(true);
    expect(Math.round((v.gridFrequencyHz ?? 0) * 100)).toBeCloseTo((v.gridFrequencyHz ?? 0) * 100, 9);
    expect(Math.round((v.pvEnergyTotalKwh ?? 0) * 10)).toBeCloseTo((v.pvEnergyTotalKwh ?? 0) * 10, 9);
  });
});
