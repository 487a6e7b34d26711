import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALARM_RULES,
  raiseReopens,
  stepFaults,
  timingBySeverity,
  trackerRaised,
  type AlarmAction,
  type AlarmRuleOptions,
  type FaultTracker,
  type ReportedFault,
} from './alarm-rules.js';

const RULES = { debounceMs: 60_000, recoverMs: 120_000, flapCount: 3, flapWindowMs: 3_600_000 };
const F = { code: 'grid.voltageHigh', deviceCode: 7 };
const G = { code: 'pv.pv1Overvoltage', deviceCode: 27 };

/** Runs readings (seconds, fault list) through the rules; every raise gets the next alarm id. */
function run(readings: [number, ReportedFault[]][], rules: AlarmRuleOptions = RULES) {
  const trackers = new Map<string, FaultTracker>();
  const actions: (AlarmAction & { t: number })[] = [];
  let nextId = 1;
  for (const [s, faults] of readings) {
    for (const a of stepFaults(trackers, s * 1000, faults, rules)) {
      actions.push({ ...a, t: s });
      if (a.kind === 'raise') trackerRaised(trackers, a.code, nextId++, false);
    }
  }
  return {
    trackers,
    actions: actions.map((a) => `${a.t}:${a.kind}:${a.code}@${(a.kind === 'raise' ? a.raisedAt : a.at) / 1000}`),
  };
}

/** A fault reported every minute from 0 for `minutes`, then absent for an hour. */
const lasting = (fault: ReportedFault, minutes: number): [number, ReportedFault[]][] =>
  Array.from({ length: minutes + 60 }, (_, m) => [m * 60, m < minutes ? [fault] : []]);

describe('debounce and recovery by severity (defaults)', () => {
  const METER = { code: 'communication.meter', deviceCode: 47 }; // minor
  const WEAK = { code: 'pv.weakSource', deviceCode: null }; // warning
  it.each([
    [
      'a major fault of 2 minutes raises, and recovers 2 minutes after it went',
      F,
      2,
      ['60:raise:grid.voltageHigh@0', '240:recover:grid.voltageHigh@120'],
    ],
    ['a minor blip of 4 minutes raises nothing', METER, 4, []],
    [
      'a minor fault of 6 minutes raises after 5, recovers 5 minutes after it went',
      METER,
      6,
      ['300:raise:communication.meter@0', '660:recover:communication.meter@360'],
    ],
    ['a warning of 14 minutes raises nothing', WEAK, 14, []],
    [
      'a warning of 16 minutes raises after 15, recovers 10 minutes after it went',
      WEAK,
      16,
      ['900:raise:pv.weakSource@0', '1560:recover:pv.weakSource@960'],
    ],
  ] as const)('%s', (_name, fault, minutes, expected) => {
    expect(run(lasting(fault, minutes), DEFAULT_ALARM_RULES).actions).toEqual(expected);
  });

  it('scales from the base times, so a base of 0 raises every severity at once', () => {
    expect(timingBySeverity({ debounceMs: 0, recoverMs: 0 }).warning).toEqual({ debounceMs: 0, recoverMs: 0 });
    expect(timingBySeverity({ debounceMs: 60_000, recoverMs: 120_000 })).toEqual({
      critical: { debounceMs: 60_000, recoverMs: 120_000 },
      major: { debounceMs: 60_000, recoverMs: 120_000 },
      minor: { debounceMs: 300_000, recoverMs: 300_000 },
      warning: { debounceMs: 900_000, recoverMs: 600_000 },
    });
  });
});

describe('alarm rules', () => {
  it.each([
    [
      'a fault shorter than the debounce raises nothing',
      [
        [0, [F]],
        [30, [F]],
        [60, []],
      ],
      [],
    ],
    [
      'a fault reported for the debounce time raises once, dated from its first report',
      [
        [0, [F]],
        [30, [F]],
        [60, [F]],
        [90, [F]],
      ],
      ['60:raise:grid.voltageHigh@0'],
    ],
    [
      'a debounce interrupted by one clean reading starts again',
      [
        [0, [F]],
        [30, []],
        [40, [F]],
        [90, [F]],
        [100, [F]],
      ],
      ['100:raise:grid.voltageHigh@40'],
    ],
    [
      'recovers only after being absent for the recovery time, dated when it went away',
      [
        [0, [F]],
        [60, [F]],
        [120, []],
        [180, []],
        [240, []],
      ],
      ['60:raise:grid.voltageHigh@0', '240:recover:grid.voltageHigh@120'],
    ],
    [
      'a fault back within the recovery time is the same alarm, seen again',
      [
        [0, [F]],
        [60, [F]],
        [120, []],
        [180, [F]],
        [240, []],
        [300, []],
        [360, []],
      ],
      ['60:raise:grid.voltageHigh@0', '180:seen:grid.voltageHigh@180', '360:recover:grid.voltageHigh@240'],
    ],
    [
      'two faults of one device are two alarms, each with its own times',
      [
        [0, [F]],
        [60, [F, G]],
        [120, [G]],
        [180, [G]],
        [240, []],
        [300, []],
        [360, []],
      ],
      [
        '60:raise:grid.voltageHigh@0',
        '120:raise:pv.pv1Overvoltage@60',
        '240:recover:grid.voltageHigh@120',
        '360:recover:pv.pv1Overvoltage@240',
      ],
    ],
    [
      'a reading older than what the rules have seen changes nothing',
      [
        [0, [F]],
        [60, [F]],
        [30, []],
        [90, [F]],
      ],
      ['60:raise:grid.voltageHigh@0'],
    ],
    [
      'a fault listed twice in one reading counts once',
      [
        [0, [F, F]],
        [60, [F, F]],
      ],
      ['60:raise:grid.voltageHigh@0'],
    ],
  ] as const)('%s', (_name, readings, expected) => {
    expect(run(readings as unknown as [number, (typeof F)[]][]).actions).toEqual(expected);
  });

  it('raises at the first report with no debounce and recovers at the first clean reading with no hysteresis', () => {
    const { actions } = run(
      [
        [0, [F]],
        [10, []],
      ],
      { ...RULES, debounceMs: 0, recoverMs: 0 },
    );
    expect(actions).toEqual(['0:raise:grid.voltageHigh@0', '10:recover:grid.voltageHigh@10']);
  });

  it('a flapping alarm recovers only after the whole flapping window without the fault', () => {
    const trackers = new Map<string, FaultTracker>();
    stepFaults(trackers, 0, [F], RULES);
    const [raise] = stepFaults(trackers, 60_000, [F], RULES);
    expect(raise?.kind).toBe('raise');
    trackerRaised(trackers, F.code, 9, true);
    expect(stepFaults(trackers, 120_000, [], RULES)).toEqual([]);
    expect(stepFaults(trackers, 120_000 + RULES.recoverMs, [], RULES)).toEqual([]);
    expect(stepFaults(trackers, 120_000 + RULES.flapWindowMs, [], RULES)).toEqual([
      { kind: 'recover', code: F.code, alarmId: 9, at: 120_000, lastSeenAt: 60_000 },
    ]);
    expect(trackers.size).toBe(0);
  });

  it.each([
    [0, false],
    [2, false],
    [3, true],
    [50, true],
  ])('with %i alarms raised in the window, a raise reopens the newest: %s', (count, reopens) => {
    expect(raiseReopens(count, RULES)).toBe(reopens);
  });
});
