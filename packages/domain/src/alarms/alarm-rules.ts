import type { AlarmSeverity } from './alarm-types.js';
import { alarmOfStoredCode } from './catalogue.js';

/**
 * The alarm rules (issue 13) as a pure state machine, one device at a time: what the engine knows of each fault the
 * device reports (a tracker), how one reading changes it, and which alarm actions follow. The server's alarm engine
 * loads the trackers, applies these steps to each committed reading in time order and writes the actions.
 *
 * - Debounce: a fault raises an alarm only once it has been reported for `debounceMs` (from its first report to a
 *   later report; 0 raises at the first report). A fault that goes away before that leaves nothing.
 * - Hysteresis: a raised alarm recovers only after the fault has been absent for `recoverMs` (measured by reading
 *   times). A fault that comes back before that is the same alarm, "seen again".
 * - Flapping: when the fault of a recovered alarm is raised again and `flapCount` alarms of the same device and code
 *   were raised within `flapWindowMs`, the newest of them is reopened and marked flapping instead of a new one; a
 *   flapping alarm recovers only after the fault has been absent for the whole window.
 * - Debounce and recovery times may differ by the fault's severity (its catalogue entry): by default a minor fault
 *   must last 5 minutes and a warning 15 before they raise anything, so short blips of a meter or a switchover are
 *   not alarms (docs/alarms.md).
 * All times are the readings' own times (device clock, UTC ms), so a replay of history raises the same alarms.
 */

export interface AlarmTiming {
  debounceMs: number;
  recoverMs: number;
}

export interface AlarmRuleOptions extends AlarmTiming {
  /** Debounce and recovery of the severities that differ from `debounceMs` and `recoverMs`. */
  bySeverity?: Partial<Record<AlarmSeverity, AlarmTiming>>;
  flapCount: number;
  flapWindowMs: number;
}

/**
 * How much longer than the base (critical and major) times a minor fault and a warning must last to raise an alarm,
 * and stay away to recover it: scaled, so a base of 0 (tests that want every fault at once) is 0 for all.
 */
export const SEVERITY_TIMING_FACTORS: Readonly<Record<AlarmSeverity, AlarmTiming>> = {
  critical: { debounceMs: 1, recoverMs: 1 },
  major: { debounceMs: 1, recoverMs: 1 },
  minor: { debounceMs: 5, recoverMs: 2.5 },
  warning: { debounceMs: 15, recoverMs: 5 },
};

/** The timing of every severity from the base times and SEVERITY_TIMING_FACTORS. */
export function timingBySeverity(base: AlarmTiming): Record<AlarmSeverity, AlarmTiming> {
  const scaled = (f: AlarmTiming): AlarmTiming => ({
    debounceMs: base.debounceMs * f.debounceMs,
    recoverMs: base.recoverMs * f.recoverMs,
  });
  return {
    critical: scaled(SEVERITY_TIMING_FACTORS.critical),
    major: scaled(SEVERITY_TIMING_FACTORS.major),
    minor: scaled(SEVERITY_TIMING_FACTORS.minor),
    warning: scaled(SEVERITY_TIMING_FACTORS.warning),
  };
}

const BASE_TIMING: AlarmTiming = { debounceMs: 60_000, recoverMs: 120_000 };

export const DEFAULT_ALARM_RULES: AlarmRuleOptions = {
  ...BASE_TIMING,
  bySeverity: timingBySeverity(BASE_TIMING),
  flapCount: 3,
  flapWindowMs: 3_600_000,
};

/** The debounce and recovery of a fault by its catalogue code (an unknown code counts as major). */
export function timingOf(code: string, rules: AlarmRuleOptions): AlarmTiming {
  if (!rules.bySeverity) return rules;
  return rules.bySeverity[alarmOfStoredCode(code)?.severity ?? 'major'] ?? rules;
}

/** What the engine remembers of one fault of one device between readings. */
export interface FaultTracker {
  /** Catalogue code ('grid.voltageHigh', 'unknown.77'). */
  code: string;
  /** The device fault code behind it. */
  deviceCode: number | null;
  presentSince: number;
  lastSeenAt: number;
  absentSince: number | null;
  /** The active alarm this fault raised, once debounced. */
  alarmId: number | null;
  /** That alarm is flapping (it recovers only after a whole flapping window without the fault). */
  flapping: boolean;
}

/** One fault a reading reports: catalogue code and device code. */
export interface ReportedFault {
  code: string;
  deviceCode: number | null;
}

export type AlarmAction =
  /** Debounced: raise (or, if flapping, reopen) the alarm of this fault; `raisedAt` is when the fault began. */
  | { kind: 'raise'; code: string; deviceCode: number | null; raisedAt: number; at: number }
  /** The fault came back before its alarm recovered. */
  | { kind: 'seen'; code: string; alarmId: number; at: number }
  /**
   * The fault has been absent long enough: the alarm recovered when the fault went away (`at`); `lastSeenAt` is its
   * last report (the alarm's "last seen", which a fault raised and gone within one batch would otherwise not get).
   */
  | { kind: 'recover'; code: string; alarmId: number; at: number; lastSeenAt: number };

/** The newest time the trackers have taken into account; an older reading changes nothing. */
export function trackersTime(trackers: Iterable<FaultTracker>): number {
  let newest = -Infinity;
  for (const t of trackers) newest = Math.max(newest, t.lastSeenAt, t.absentSince ?? -Infinity);
  return newest;
}

/**
 * Applies one reading (the whole fault set at `ts`) to a device's trackers, in place, and returns the actions.
 * A raise leaves the tracker's alarmId null: the caller sets it (`trackerRaised`) once the alarm row exists.
 */
export function stepFaults(
  trackers: Map<string, FaultTracker>,
  ts: number,
  faults: readonly ReportedFault[],
  rules: AlarmRuleOptions,
): AlarmAction[] {
  if (ts < trackersTime(trackers.values())) return [];
  const actions: AlarmAction[] = [];
  const present = new Set<string>();
  for (const fault of faults) {
    if (present.has(fault.code)) continue;
    present.add(fault.code);
    let t = trackers.get(fault.code);
    if (!t) {
      t = { ...fault, presentSince: ts, lastSeenAt: ts, absentSince: null, alarmId: null, flapping: false };
      trackers.set(fault.code, t);
    } else {
      if (t.absentSince !== null && t.alarmId !== null)
        actions.push({ kind: 'seen', code: t.code, alarmId: t.alarmId, at: ts });
      t.absentSince = null;
      t.lastSeenAt = ts;
    }
    if (t.alarmId === null && ts - t.presentSince >= timingOf(t.code, rules).debounceMs)
      actions.push({ kind: 'raise', code: t.code, deviceCode: t.deviceCode, raisedAt: t.presentSince, at: ts });
  }
  for (const t of [...trackers.values()]) {
    if (present.has(t.code)) continue;
    // Gone before it was debounced (or its raise is still being written): forget it.
    if (t.alarmId === null) {
      trackers.delete(t.code);
      continue;
    }
    t.absentSince ??= ts;
    const { recoverMs } = timingOf(t.code, rules);
    const needed = t.flapping ? Math.max(recoverMs, rules.flapWindowMs) : recoverMs;
    if (ts - t.absentSince >= needed) {
      actions.push({ kind: 'recover', code: t.code, alarmId: t.alarmId, at: t.absentSince, lastSeenAt: t.lastSeenAt });
      trackers.delete(t.code);
    }
  }
  return actions;
}

/** The alarm a raise produced now exists: the tracker carries its id (and whether it was reopened as flapping). */
export function trackerRaised(
  trackers: Map<string, FaultTracker>,
  code: string,
  alarmId: number,
  flapping: boolean,
): void {
  const t = trackers.get(code);
  if (t) {
    t.alarmId = alarmId;
    t.flapping = flapping;
  }
}

/**
 * Flapping decision for a raise: given how many alarms of this device and code were raised within the window
 * before it, the raise reopens the newest of them (true) or creates a new alarm (false).
 */
export function raiseReopens(raisedInWindow: number, rules: AlarmRuleOptions): boolean {
  return raisedInWindow >= rules.flapCount;
}
