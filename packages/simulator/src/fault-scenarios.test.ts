import { localParts } from '@voltfleet/domain/time';
import { describe, expect, test } from 'vitest';
import { FaultSchedule, morningRainMm, type FaultScenario, type FaultSite } from './fault-scenarios.js';
import type { FaultWindow } from './faults.js';
import { solarPosition } from '@voltfleet/domain/solar';
import { DAY, HOUR, MINUTE } from './test-support.js';

const SEED = 20_240_601;
const START = Date.UTC(2025, 0, 1);

function site(sn: string, plantId = 'cz-praha-home', timeZone = 'Europe/Prague'): FaultSite {
  return { sn, plantId, timeZone, latitude: 50.08, longitude: 14.44, hasBattery: true };
}

/** Every distinct window a schedule shows over [from, to), sampled each minute. */
function windowsOver(schedule: FaultSchedule, from: number, to: number): FaultWindow[] {
  const seen = new Map<string, FaultWindow>();
  for (let t = from; t < to; t += MINUTE) for (const w of schedule.windowsAt(t)) seen.set(`${w.code}@${w.fromMs}`, w);
  return [...seen.values()].sort((a, b) => a.fromMs - b.fromMs || a.code - b.code);
}

const local = (ms: number, zone = 'Europe/Prague') => localParts(ms, zone).minuteOfDay / 60;

describe('fault scenarios: the right codes at the right simulated times', () => {
  test('a grid loss hits every plant of its area at once with 8 and 1001, and no other plant', () => {
    const scenario: FaultScenario = {
      kind: 'gridLoss',
      area: 'cz',
      plantIds: ['cz-praha-home', 'cz-brno-ci'],
      perDay: 1 / 2,
      minMinutes: 20,
      maxMinutes: 75,
    };
    const praha = new FaultSchedule(SEED, site('A0000001', 'cz-praha-home'), [scenario], 0);
    const brno = new FaultSchedule(SEED, site('B0000001', 'cz-brno-ci'), [scenario], 0);
    const berlin = new FaultSchedule(SEED, site('C0000001', 'de-muenchen-home'), [scenario], 0);
    const windows = windowsOver(praha, START, START + 60 * DAY);
    expect(windowsOver(brno, START, START + 60 * DAY)).toEqual(windows);
    expect(windowsOver(berlin, START, START + 60 * DAY)).toEqual([]);
    const events = windows.filter((w) => w.code === 1001);
    expect(windows.filter((w) => w.code === 8).map((w) => w.fromMs)).toEqual(events.map((w) => w.fromMs));
    expect(events.length).toBeGreaterThan(15);
    expect(events.length).toBeLessThan(45);
    for (const w of events) {
      expect(w.untilMs - w.fromMs).toBeGreaterThanOrEqual(20 * MINUTE);
      expect(w.untilMs - w.fromMs).toBeLessThanOrEqual(75 * MINUTE);
    }
  });

  test('insulation on wet mornings only: from sunrise, cleared between 09:00 and 10:40 local', () => {
    const scenario: FaultScenario = { kind: 'wetMorning', sn: 'A0000001', code: 63, chance: 1 };
    const s = site('A0000001', 'nl-utrecht-home', 'Europe/Amsterdam');
    const schedule = new FaultSchedule(SEED, s, [scenario], 0);
    // Winter time (UTC+1) all along: 1 January to 20 March.
    const days = 78;
    const windows = windowsOver(schedule, START, START + days * DAY);
    expect(windows.length).toBeGreaterThan(6);
    for (const w of windows) {
      expect(w.code).toBe(63);
      expect(local(w.fromMs, s.timeZone)).toBeGreaterThanOrEqual(3);
      expect(local(w.untilMs, s.timeZone)).toBeGreaterThanOrEqual(9);
      expect(local(w.untilMs, s.timeZone)).toBeLessThan(10 + 40 / 60);
      // The strings wake at sunrise (or half an hour before the array has dried at the latest).
      const sunUp = solarPosition(s.latitude, s.longitude, w.fromMs).elevationDeg > 0;
      expect(sunUp || w.untilMs - w.fromMs <= 30 * MINUTE).toBe(true);
      // A morning after rain: at least 0.5 mm between local midnight and 09:00.
      const midnight = w.fromMs - local(w.fromMs, s.timeZone) * HOUR;
      expect(morningRainMm(SEED, { ...s, id: s.plantId }, midnight)).toBeGreaterThanOrEqual(0.5);
    }
    // Every wet morning gives way with chance 1; dry mornings never do.
    let wetDays = 0;
    for (let day = 0; day < days; day += 1) {
      const at9 = START + day * DAY + 8 * HOUR; // 09:00 CET
      const midnight = START + day * DAY - HOUR;
      const wet = morningRainMm(SEED, { ...s, id: s.plantId }, midnight) >= 0.5;
      if (wet) wetDays += 1;
      expect(schedule.windowsAt(at9).some((w) => w.code === 63)).toBe(wet);
    }
    expect(wetDays).toBe(windows.length);
  });

  test('a BMS loss (1002) lasts its minutes on its inverter only', () => {
    const scenario: FaultScenario = {
      kind: 'episodes',
      sn: 'A0000001',
      code: 1002,
      perDay: 1 / 3,
      minMinutes: 120,
      maxMinutes: 540,
    };
    const windows = windowsOver(new FaultSchedule(SEED, site('A0000001'), [scenario], 0), START, START + 90 * DAY);
    expect(windows.length).toBeGreaterThan(14);
    expect(windows.length).toBeLessThan(46);
    for (const w of windows) {
      expect(w.code).toBe(1002);
      expect((w.untilMs - w.fromMs) / MINUTE).toBeGreaterThanOrEqual(120);
      expect((w.untilMs - w.fromMs) / MINUTE).toBeLessThanOrEqual(540);
    }
    expect(windowsOver(new FaultSchedule(SEED, site('B0000001'), [scenario], 0), START, START + 9 * DAY)).toEqual([]);
  });

  test('a flapping fault comes 3–4 minutes in every 8 for an hour or so, in working hours', () => {
    const scenario: FaultScenario = {
      kind: 'flapping',
      sn: 'A0000001',
      code: 1,
      perDay: 1,
      startHours: [10, 15],
      cycles: [8, 11],
      periodMinutes: 8,
      onMinutes: [3, 4],
    };
    const schedule = new FaultSchedule(SEED, site('A0000001'), [scenario], 0);
    for (let day = 0; day < 5; day += 1) {
      const windows = windowsOver(schedule, START + day * DAY, START + (day + 1) * DAY);
      expect(windows.length).toBeGreaterThanOrEqual(8);
      expect(windows.length).toBeLessThanOrEqual(11);
      expect(local(windows[0]!.fromMs)).toBeGreaterThanOrEqual(10);
      expect(local(windows[0]!.fromMs)).toBeLessThan(15);
      windows.forEach((w, i) => {
        expect(w.code).toBe(1);
        expect(w.fromMs - windows[0]!.fromMs).toBe(i * 8 * MINUTE);
        expect(w.untilMs - w.fromMs).toBeGreaterThanOrEqual(3 * MINUTE);
        expect(w.untilMs - w.fromMs).toBeLessThanOrEqual(4 * MINUTE);
      });
    }
  });

  test('a standing fault is always active on one of its inverters and clears on each once a period', () => {
    const scenario: FaultScenario = {
      kind: 'standing',
      sns: ['A0000001', 'B0000001', 'C0000001'],
      code: 47,
      periodDays: 6,
    };
    const schedules = scenario.sns.map((sn) => new FaultSchedule(SEED, site(sn), [scenario], 0));
    for (let t = START; t < START + 60 * DAY; t += 10 * MINUTE)
      expect(schedules.some((s) => s.windowsAt(t).some((w) => w.code === 47))).toBe(true);
    for (const s of schedules) {
      const windows = windowsOver(s, START, START + 60 * DAY);
      expect(windows.length).toBeGreaterThanOrEqual(9);
      for (const w of windows) {
        expect(w.untilMs - w.fromMs).toBeGreaterThan(2 * DAY);
        expect(w.untilMs - w.fromMs).toBeLessThan(4 * DAY);
      }
    }
  });

  test('transients: one short fault per slot among the pool, so some fault clears in every 30 minutes', () => {
    const sns = ['A0000001', 'B0000001', 'C0000001', 'D0000001'];
    const scenario: FaultScenario = {
      kind: 'transients',
      sns,
      codes: [47, 75],
      slotMinutes: 12,
      minMinutes: 3,
      maxMinutes: 5,
    };
    const outsider = new FaultSchedule(SEED, site('E0000001'), [scenario], 0);
    expect(windowsOver(outsider, START, START + DAY)).toEqual([]);
    const windows = sns
      .flatMap((sn) => windowsOver(new FaultSchedule(SEED, site(sn), [scenario], 0), START, START + 3 * DAY))
      .sort((a, b) => a.fromMs - b.fromMs);
    expect(windows).toHaveLength((3 * DAY) / (12 * MINUTE));
    windows.forEach((w, i) => {
      expect([47, 75]).toContain(w.code);
      expect(Math.floor(w.fromMs / (12 * MINUTE))).toBe(Math.floor(START / (12 * MINUTE)) + i);
      expect(w.untilMs - w.fromMs).toBeGreaterThanOrEqual(3 * MINUTE);
      expect(w.untilMs - w.fromMs).toBeLessThanOrEqual(5 * MINUTE);
    });
    for (let t = START; t < START + 3 * DAY - 30 * MINUTE; t += 7 * MINUTE)
      expect(windows.some((w) => w.untilMs > t && w.untilMs <= t + 30 * MINUTE)).toBe(true);
  });

  test('a schedule is a pure function of seed and time: any query order, any instance, the same windows', () => {
    const scenarios: FaultScenario[] = [
      { kind: 'wetMorning', sn: 'A0000001', code: 63, chance: 0.5 },
      { kind: 'episodes', sn: 'A0000001', code: 1002, perDay: 0.5, minMinutes: 60, maxMinutes: 300 },
      { kind: 'gridLoss', area: 'x', plantIds: ['cz-praha-home'], perDay: 0.5, minMinutes: 20, maxMinutes: 60 },
    ];
    const times = Array.from({ length: 2000 }, (_, i) => START + i * 37 * MINUTE);
    const forwards = new FaultSchedule(SEED, site('A0000001'), scenarios, 0.01);
    const backwards = new FaultSchedule(SEED, site('A0000001'), scenarios, 0.01);
    const a = times.map((t) => forwards.windowsAt(t));
    const b = [...times]
      .reverse()
      .map((t) => backwards.windowsAt(t))
      .reverse();
    expect(b).toEqual(a);
    expect(a.some((w) => w.length > 0)).toBe(true);
    const other = new FaultSchedule(SEED + 1, site('A0000001'), scenarios, 0.01);
    expect(times.map((t) => other.windowsAt(t))).not.toEqual(a);
  });
});
