import { alarmForDeviceCode, isUnknownAlarmCode } from '@voltfleet/domain/alarms';
import { describe, expect, test } from 'vitest';
import { SIM_FAULTS, backgroundFault, faultState, simFault, type SimFaultKey } from './faults.js';

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);

describe('SIM_FAULTS', () => {
  test.each([
    ['gridOvervoltage', 7, 'grid.voltageHigh'],
    ['gridUndervoltage', 8, 'grid.voltageLow'],
    ['gridOverfrequency', 9, 'grid.frequencyHigh'],
    ['gridUnderfrequency', 10, 'grid.frequencyLow'],
    ['gridPhaseLockFailure', 5, 'grid.phaseLockFailure'],
    ['pv1Overvoltage', 27, 'pv.pv1Overvoltage'],
    ['pv2Overvoltage', 29, 'pv.pv2Overvoltage'],
    ['acOverload', 1, 'ac.overload'],
    ['busUndervoltage', 20, 'bus.primaryUndervoltage'],
    ['insulationLow', 63, 'insulation.positiveBus'],
    ['igbtOvertemperature', 67, 'hardware.igbtOvertemperature'],
    ['relayCheckFailure', 49, 'hardware.relayCheckFailure'],
    ['batteryOvercurrent', 37, 'battery.overcurrent'],
    ['meterCommunication', 47, 'communication.meter'],
    ['gridSwitchover', 75, 'grid.switchover'],
    ['bmsHighTemperature', 756, 'battery.bmsHighTemperature'],
    ['gridAbnormal', 1001, 'grid.abnormal'],
    ['bmsCommunicationLost', 1002, 'communication.bmsLost'],
  ] as const)('%s is device code %i, catalogue alarm %s', (key: SimFaultKey, code, alarm) => {
    expect(simFault(key)?.code).toBe(code);
    expect(simFault(code)?.key).toBe(key);
    expect(alarmForDeviceCode(code).code).toBe(alarm);
  });

  test('every simulated fault is a distinct, known device code', () => {
    expect(new Set(SIM_FAULTS.map((f) => f.key)).size).toBe(SIM_FAULTS.length);
    expect(new Set(SIM_FAULTS.map((f) => f.code)).size).toBe(SIM_FAULTS.length);
    for (const f of SIM_FAULTS) expect(isUnknownAlarmCode(alarmForDeviceCode(f.code).code), f.key).toBe(false);
  });
});

describe('faultState', () => {
  test.each([
    ['nothing', [], { stopped: false, gridLost: false }],
    ['a trip stops the inverter', [63], { stopped: true }],
    [
      'a grid loss keeps the backup port running through its undervoltage',
      [8, 1001],
      { stopped: false, gridLost: true },
    ],
    ['but not through a fault of its own', [8, 49, 1001], { stopped: true, gridLost: true }],
    ['a grid trip with the grid present stops it', [8], { stopped: true, gridLost: false }],
    ['a hot IGBT derates', [67], { stopped: false, derated: true }],
    ['a string in overvoltage is cut off', [27, 29], { pv1Off: true, pv2Off: true }],
    ['a silent BMS takes the battery out', [1002], { batteryOff: true, stopped: false }],
    ['meter communication changes nothing', [47], { stopped: false, batteryOff: false, derated: false }],
  ])('%s', (_name, codes, expected) => {
    const state = faultState(codes);
    expect(state).toMatchObject(expected);
    expect(state.codes).toEqual([...codes].sort((a, b) => a - b));
  });
});

describe('backgroundFault', () => {
  test('occurs at about the configured rate, in bad weeks of one cause, 10 to 90 minutes each, the same on every call', () => {
    const windows = new Map<number, { code: number; fromMs: number; untilMs: number }>();
    const hours = 52 * 7 * 24 * 4;
    for (let ms = START; ms < START + hours * HOUR; ms += 5 * 60_000) {
      const w = backgroundFault(7, 'VF5K2400101', 1 / 200, ms);
      if (!w) continue;
      expect(backgroundFault(7, 'VF5K2400101', 1 / 200, ms)).toEqual(w);
      expect(ms >= w.fromMs && ms < w.untilMs).toBe(true);
      expect(simFault(w.code)).toBeDefined();
      windows.set(w.fromMs, w);
    }
    // 1 in 200 hours over four years: about 175 faults.
    expect(windows.size).toBeGreaterThan(175 * 0.6);
    expect(windows.size).toBeLessThan(175 * 1.4);
    const weeks = new Map<number, Set<number>>();
    for (const w of windows.values()) {
      expect(w.untilMs - w.fromMs).toBeGreaterThanOrEqual(10 * 60_000);
      expect(w.untilMs - w.fromMs).toBeLessThanOrEqual(90 * 60_000);
      const week = Math.floor((Math.floor(w.fromMs / (24 * HOUR)) + 3) / 7);
      weeks.set(week, (weeks.get(week) ?? new Set()).add(w.code));
    }
    // Clustered: several faults per bad week, each week one cause, most weeks none.
    expect(windows.size / weeks.size).toBeGreaterThan(2.5);
    for (const codes of weeks.values()) expect(codes.size).toBe(1);
    expect(weeks.size).toBeLessThan(hours / (7 * 24) / 3);
  });

  test('depends on seed and device; rate 0 never faults; no battery faults without a battery', () => {
    const times = (seed: number, sn: string) =>
      Array.from(
        { length: 500 },
        (_, h) => backgroundFault(seed, sn, 0.1, START + h * HOUR + 30 * 60_000)?.fromMs ?? 0,
      );
    expect(times(1, 'A1234567')).not.toEqual(times(2, 'A1234567'));
    expect(times(1, 'A1234567')).not.toEqual(times(1, 'B1234567'));
    expect(backgroundFault(1, 'A1234567', 0, START)).toBeUndefined();
    const codes = new Set<number>();
    for (let h = 0; h < 5000; h += 1) {
      const w = backgroundFault(3, 'A1234567', 0.5, START + h * HOUR + 59 * 60_000, false);
      if (w) codes.add(w.code);
    }
    expect(codes.size).toBeGreaterThan(5);
    for (const code of codes) expect(simFault(code)?.needsBattery, String(code)).toBe(false);
  });
});
