import {
  DEFAULT_ALARM_RULES,
  isUnknownAlarmCode,
  raiseReopens,
  readingFaults,
  stepFaults,
  trackerRaised,
  type FaultTracker,
} from '@voltfleet/domain/alarms';
import { validateReading, type Reading } from '@voltfleet/domain/telemetry';
import { describe, expect, test } from 'vitest';
import { demoFleetConfig } from './demo-fleet.js';
import { createFleet, type Fleet } from './fleet.js';
import type { SimInverter } from './inverter.js';
import { Rng } from './random.js';
import { solarPosition } from '@voltfleet/domain/solar';
import { DAY, HOUR, MINUTE } from './test-support.js';

const START = Date.UTC(2025, 2, 1);

/** The demo fleet, or the part of it on these plants (the demo's fault scenarios included). */
function demoFleet(startMs: number, plantIds?: readonly string[]): Fleet {
  const demo = demoFleetConfig({ startMs });
  if (!plantIds) return createFleet(demo);
  const ids = new Set(plantIds);
  return createFleet({
    ...demo,
    plants: demo.plants.filter((p) => ids.has(p.id)),
    devices: demo.devices.filter((d) => ids.has(d.plantId)),
  });
}

/** The device codes a reading states (faultWord bits and extra.faultCodes). */
function readingCodes(reading: Reading): number[] {
  const stated = readingFaults(reading.values.faultWord, reading.extra?.faultCodes);
  return (stated?.faults ?? []).map((f) => f.deviceCode).sort((a, b) => a - b);
}

/** The codes active on an inverter at an instant. */
function activeCodes(inverter: SimInverter, t: number): number[] {
  return [...new Set(inverter.faultsAt(t).map((w) => w.code))].sort((a, b) => a - b);
}

/** First window of `code` on `inverter` from `from` on whose whole span passes `accept`. */
function findWindow(
  inverter: SimInverter,
  code: number,
  from: number,
  accept: (fromMs: number, untilMs: number) => boolean,
) {
  for (let t = from; t < from + 400 * DAY; t += 5 * MINUTE) {
    const w = inverter.faultsAt(t).find((x) => x.code === code);
    if (w && w.fromMs > t - 5 * MINUTE && accept(w.fromMs, w.untilMs)) return w;
  }
  throw new Error(`no window of ${code} on ${inverter.sn}`);
}

/** The alarm rules of packages/domain applied to one device's readings, as the server's engine applies them. */
function alarmsOf(readings: readonly { ts: number; codes: readonly number[] }[]) {
  const rules = DEFAULT_ALARM_RULES;
  const trackers = new Map<string, FaultTracker>();
  const raised: { code: string; raisedAt: number; flapping: boolean }[] = [];
  const recovered: { code: string; at: number }[] = [];
  for (const r of readings) {
    const faults = readingFaults(
      r.codes.filter((c) => c <= 32).reduce((word, c) => word + 2 ** (c - 1), 0),
      r.codes.filter((c) => c > 32).join(','),
    )!.faults;
    for (const action of stepFaults(trackers, r.ts, faults, rules)) {
      if (action.kind === 'raise') {
        const inWindow = raised.filter((a) => a.code === action.code && a.raisedAt >= action.at - rules.flapWindowMs);
        const flapping = raiseReopens(inWindow.length, rules);
        if (!flapping) raised.push({ code: action.code, raisedAt: action.raisedAt, flapping });
        else inWindow.at(-1)!.flapping = true;
        trackerRaised(trackers, action.code, raised.length, flapping);
      } else if (action.kind === 'recover') recovered.push({ code: action.code, at: action.at });
    }
  }
  return { raised, recovered };
}

describe('demo fleet faults', () => {
  const rng = new Rng(42);
  const wallClockTimes = Array.from({ length: 12 }, () =>
    Math.round(rng.range(Date.UTC(2024, 0, 1), Date.UTC(2027, 11, 31))),
  );

  test.each(wallClockTimes.map((t) => [new Date(t).toISOString(), t]))(
    'at %s: at least one fault active, and some fault comes or goes within 90 minutes',
    (_iso, t) => {
      const fleet = demoFleet(t);
      const windows = fleet.inverters.flatMap((inv) => inv.faultsAt(t));
      expect(windows.length).toBeGreaterThanOrEqual(1);
      const later = fleet.inverters.flatMap((inv) =>
        Array.from({ length: 91 }, (_, m) => inv.faultsAt(t + m * MINUTE)).flat(),
      );
      expect(later.some((w) => w.untilMs > t && w.untilMs <= t + 90 * MINUTE)).toBe(true);
    },
  );

  test(
    'raises a few alarms a week, every month alike, as the live rules see 5-minute readings',
    { timeout: 60_000 },
    () => {
      // Half a year: the whole 13 months take three times as long and say the same.
      const SPAN_DAYS = 184;
      const fleet = demoFleet(START);
      const byMonth = new Map<string, number>();
      const byCode = new Map<string, number>();
      for (const inv of fleet.inverters) {
        const readings = [];
        for (let ts = START; ts < START + SPAN_DAYS * DAY; ts += 5 * MINUTE)
          readings.push({ ts, codes: activeCodes(inv, ts) });
        for (const alarm of alarmsOf(readings).raised) {
          const month = new Date(alarm.raisedAt).toISOString().slice(0, 7);
          byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
          byCode.set(alarm.code, (byCode.get(alarm.code) ?? 0) + 1);
        }
      }
      const months = [...byMonth.values()];
      const perWeek = months.reduce((a, b) => a + b, 0) / (SPAN_DAYS / 7);
      // "A real fleet of that size has a few alarms a week" (22 inverters): between 2 and 10.
      expect(perWeek).toBeGreaterThan(2);
      expect(perWeek).toBeLessThan(10);
      // Faults come in spells, so months differ, but not tenfold.
      expect(Math.max(...months)).toBeLessThan(5 * Math.min(...months));
      // The brief meter dropouts and switchovers stay under the minor debounce: only the standing meter fault raises.
      expect(byCode.get('grid.switchover') ?? 0).toBe(0);
      expect(byCode.get('communication.meter')).toBeLessThan(40);
    },
  );

  test('every reading over a day states its whole fault set as known catalogue alarms', { timeout: 30_000 }, () => {
    const fleet = demoFleet(START);
    let withFaults = 0;
    const codes = new Set<number>();
    fleet.advance(START + DAY, 60, (reading, inverter) => {
      expect(validateReading(reading, reading.ts).ok).toBe(true);
      expect(reading.values.faultWord).toBeTypeOf('number');
      const stated = readingCodes(reading);
      expect(stated).toEqual(activeCodes(inverter, reading.ts));
      for (const f of readingFaults(reading.values.faultWord, reading.extra?.faultCodes)!.faults)
        expect(isUnknownAlarmCode(f.code), `${f.deviceCode}`).toBe(false);
      if (reading.extra?.faultCodes !== undefined) expect(stated.some((c) => c > 32)).toBe(true);
      if (stated.length > 0) withFaults += 1;
      for (const c of stated) codes.add(c);
    });
    expect(withFaults).toBeGreaterThan(50);
    expect(codes.has(47) && codes.has(75)).toBe(true);
  });

  test('over 13 months every scenario happens, at step-independent times', { timeout: 30_000 }, () => {
    const fleet = demoFleet(START);
    const seen = new Map<number, Set<string>>();
    for (let t = START; t < START + 395 * DAY; t += 10 * MINUTE)
      for (const inv of fleet.inverters)
        for (const w of inv.faultsAt(t)) (seen.get(w.code) ?? seen.set(w.code, new Set()).get(w.code)!).add(inv.sn);
    expect([...(seen.get(1001) ?? [])].sort()).toEqual(
      ['VF10K2400401', 'VF10K2400501', 'VF10K2400502', 'VF10K2400701', 'VF10K2400702', 'VF10K2400703']
        .concat(['VF10K2401101', 'VF10K2401102', 'VF5K2400901', 'VF6K2400601'])
        .sort(),
    );
    expect(seen.get(63)?.has('VF5K2400801')).toBe(true);
    expect(seen.get(1002)?.has('VF6K2400601')).toBe(true);
    expect(seen.get(1)?.has('VF10K2401302')).toBe(true);
    expect(seen.get(47)?.size).toBeGreaterThanOrEqual(10);
    expect(seen.get(75)?.size).toBeGreaterThanOrEqual(8);

    // The same readings' fault fields whether the fleet steps 10 s or 5 minutes at a time.
    const fine = new Map<string, Reading>();
    demoFleet(START).advance(START + 6 * HOUR, 10, (r) => fine.set(`${r.sn}@${r.ts}`, r));
    let compared = 0;
    demoFleet(START).advance(START + 6 * HOUR, 300, (r) => {
      const twin = fine.get(`${r.sn}@${r.ts}`)!;
      expect([r.values.faultWord, r.extra]).toEqual([twin.values.faultWord, twin.extra]);
      compared += 1;
    });
    expect(compared).toBe(22 * 72);
  });
});

describe('demo fleet faults: physics follow the fault', () => {
  test('a Czech grid loss in daylight: both plants at once, no import or export, PV curtailed, backup running', () => {
    const plants = ['cz-praha-home', 'cz-brno-ci'];
    const sunUp = (ms: number) => solarPosition(50.08, 14.44, ms).elevationDeg > 20;
    const praha = demoFleet(START, plants).inverter('VF10K2400401')!;
    const loss = findWindow(praha, 1001, START, (from, until) => sunUp(from) && sunUp(until));
    // Faults are a function of time alone: a fleet started just before the loss sees the same one.
    const fleet = demoFleet(loss.fromMs - 40 * MINUTE, plants);
    fleet.advance(loss.fromMs - 10 * MINUTE, 60);
    const exportBefore = fleet.inverters.map((inv) => inv.counters.total.gridExport + inv.counters.total.gridImport);
    const during: Reading[] = [];
    fleet.advance(loss.untilMs - MINUTE, 60, (r) => {
      if (r.ts >= loss.fromMs + MINUTE) during.push(r);
    });
    const exportAfter = fleet.inverters.map((inv) => inv.counters.total.gridExport + inv.counters.total.gridImport);
    expect(fleet.inverters).toHaveLength(3);
    expect(during.length).toBeGreaterThan(3 * 15);
    for (const r of during) {
      expect(readingCodes(r)).toEqual(expect.arrayContaining([8, 1001]));
      expect(r.values).toMatchObject({ gridPowerW: 0, gridVoltageAV: 0, gridFrequencyHz: 0, pcsState: 2 });
      // What PV gives is what the load and the battery take: nothing left for export.
      const v = r.values;
      expect(v.pvPowerW! + v.batPowerW!).toBeLessThanOrEqual((v.loadPowerW! + 1) / 0.97 + 1);
    }
    // The grid counters moved only in the ten minutes before the loss.
    fleet.inverters.forEach((_, i) => expect(exportAfter[i]! - exportBefore[i]!).toBeLessThan(2));
    fleet.advance(loss.untilMs + 2 * MINUTE, 60);
    for (const inv of fleet.inverters) {
      const after = inv.reading(fleet.now);
      expect(readingCodes(after)).not.toContain(1001);
      expect(after.values.gridVoltageAV).toBeGreaterThan(200);
    }
  });

  test('insulation on a wet Utrecht morning stops the inverter until the array has dried', () => {
    const sunUp = (ms: number) => solarPosition(52.09, 5.12, ms).elevationDeg > 5;
    const probe = demoFleet(START, ['nl-utrecht-home']).inverter('VF5K2400801')!;
    const wet = findWindow(probe, 63, START, (from, until) => sunUp(from + 30 * MINUTE) && until - from > HOUR);
    const fleet = demoFleet(wet.fromMs - HOUR, ['nl-utrecht-home']);
    const inv = fleet.inverter('VF5K2400801')!;
    fleet.advance(wet.fromMs + 30 * MINUTE, 60);
    const r = inv.reading(fleet.now);
    expect(readingCodes(r)).toContain(63);
    expect(r.values).toMatchObject({ pcsState: 7, pvPowerW: 0, pcsPowerW: 0, pcsInsulationPosKohm: 25 });
    fleet.advance(wet.untilMs + 5 * MINUTE, 60);
    const dry = inv.reading(fleet.now);
    expect(readingCodes(dry)).not.toContain(63);
    expect(dry.values.pcsInsulationPosKohm).toBeGreaterThan(1000);
  });

  test('a silent BMS (1002) in Munich takes the battery out of service while the inverter runs on', () => {
    const probe = demoFleet(START, ['de-muenchen-home']).inverter('VF6K2400601')!;
    const lost = findWindow(probe, 1002, START, (from, until) => until - from > 2 * HOUR);
    const fleet = demoFleet(lost.fromMs - HOUR, ['de-muenchen-home']);
    const inv = fleet.inverter('VF6K2400601')!;
    fleet.advance(lost.fromMs + HOUR, 60);
    const r = inv.reading(fleet.now);
    expect(readingCodes(r)).toContain(1002);
    expect(r.values).toMatchObject({ batPowerW: 0, bmsRunStatus: 0 });
    expect(inv.flow.batW).toBe(0);
  });

  test("Austin's flapping overload trips the alarm engine's flapping rule", () => {
    const fleet = demoFleet(START, ['us-austin-ci']);
    const inv = fleet.inverter('VF10K2401302')!;
    const first = findWindow(inv, 1, START, () => true);
    const readings = [];
    for (let ts = first.fromMs - HOUR; ts < first.fromMs + 3 * HOUR; ts += inv.reportIntervalS * 1000)
      readings.push({ ts, codes: activeCodes(inv, ts) });
    const { raised } = alarmsOf(readings);
    const overloads = raised.filter((a) => a.code === 'ac.overload');
    expect(overloads.length).toBeGreaterThanOrEqual(DEFAULT_ALARM_RULES.flapCount);
    expect(overloads.some((a) => a.flapping)).toBe(true);
  });
});
