import { hash32, hashString, unitHash } from './random.js';

/**
 * What a fault does to the simulated inverter, kept simple:
 * - `trip`: it disconnects and stops (no PV, no battery, no AC power; the grid carries the load). During a grid loss
 *   the inverter keeps its backup port running instead (`gridLoss` wins).
 * - `gridLoss`: the grid is gone: nothing is imported or exported; PV and the battery serve the load through the
 *   backup port, PV curtailed to what the load and the battery take.
 * - `pv1Off`, `pv2Off`: that string is disconnected (no power from it).
 * - `derate`: the output is limited to half the rated power.
 * - `batteryOff`: the battery neither charges nor discharges.
 * - `none`: reported, nothing else changes.
 */
export type FaultEffect = 'trip' | 'gridLoss' | 'pv1Off' | 'pv2Off' | 'derate' | 'batteryOff' | 'none';

export interface SimFault {
  /** Name used by tests and demos (`injectFault`). */
  readonly key: SimFaultKey;
  /** Device fault code (packages/domain alarms: OSIM 1–848, Voltfleet's own from 1001). */
  readonly code: number;
  readonly effect: FaultEffect;
  /** Only an inverter with a battery can have it. */
  readonly needsBattery: boolean;
}

/**
 * The faults the simulator raises, each a device fault code of the domain tables (osim-system-codes.ts,
 * osim-bms-codes.ts, VOLTFLEET_FAULT_CODES), so readings decode to catalogue alarms on both links.
 */
const FAULT_TABLE = {
  acOverload: [1, 'none'],
  gridPhaseLockFailure: [5, 'trip'],
  gridOvervoltage: [7, 'trip'],
  gridUndervoltage: [8, 'trip'],
  gridOverfrequency: [9, 'trip'],
  gridUnderfrequency: [10, 'trip'],
  busUndervoltage: [20, 'trip'],
  pv1Overvoltage: [27, 'pv1Off'],
  pv2Overvoltage: [29, 'pv2Off'],
  batteryOvercurrent: [37, 'batteryOff', 'battery'],
  meterCommunication: [47, 'none'],
  relayCheckFailure: [49, 'trip'],
  insulationLow: [63, 'trip'],
  igbtOvertemperature: [67, 'derate'],
  gridSwitchover: [75, 'none'],
  // 0x1E bmsWarn1 bit 3 of the generic block ("Battery High Temperature Warning").
  bmsHighTemperature: [756, 'none', 'battery'],
  gridAbnormal: [1001, 'gridLoss'],
  bmsCommunicationLost: [1002, 'batteryOff', 'battery'],
} as const satisfies Record<string, readonly [number, FaultEffect] | readonly [number, FaultEffect, 'battery']>;
export type SimFaultKey = keyof typeof FAULT_TABLE;

export const SIM_FAULTS: readonly SimFault[] = Object.entries(FAULT_TABLE).map(([key, row]) => ({
  key: key as SimFaultKey,
  code: row[0],
  effect: row[1],
  needsBattery: row.length === 3,
}));

const BY_KEY = new Map(SIM_FAULTS.map((fault) => [fault.key, fault]));
const BY_CODE = new Map(SIM_FAULTS.map((fault) => [fault.code, fault]));

/** The simulated fault with this name or device code. */
export function simFault(keyOrCode: SimFaultKey | number): SimFault | undefined {
  return typeof keyOrCode === 'number' ? BY_CODE.get(keyOrCode) : BY_KEY.get(keyOrCode);
}

/** Warning bits of warningWord. */
export const SIM_WARNINGS = { socAtLowerLimit: 0, exportLimited: 1, highTemperature: 2 } as const;

/** A fault code in force over a time window [fromMs, untilMs). */
export interface FaultWindow {
  code: number;
  fromMs: number;
  untilMs: number;
}

/** What the active faults do together. */
export interface FaultState {
  /** Active device fault codes, ascending. */
  readonly codes: readonly number[];
  /** The grid is gone (grid loss): no import or export. */
  readonly gridLost: boolean;
  /** The inverter has stopped (a trip, not ridden through on the backup port). */
  readonly stopped: boolean;
  readonly pv1Off: boolean;
  readonly pv2Off: boolean;
  readonly derated: boolean;
  readonly batteryOff: boolean;
}

export const NO_FAULTS: FaultState = Object.freeze({
  codes: Object.freeze([]),
  gridLost: false,
  stopped: false,
  pv1Off: false,
  pv2Off: false,
  derated: false,
  batteryOff: false,
});

/** Grid-side trips: during a grid loss the inverter rides them out on its backup port. */
const GRID_TRIPS = new Set([5, 7, 8, 9, 10]);

/** The combined effect of a set of fault codes (codes the table does not know change nothing). */
export function faultState(codes: Iterable<number>): FaultState {
  const sorted = [...new Set(codes)].sort((a, b) => a - b);
  if (sorted.length === 0) return NO_FAULTS;
  const effects = sorted.map((code) => ({ code, effect: BY_CODE.get(code)?.effect ?? 'none' }));
  const gridLost = effects.some((e) => e.effect === 'gridLoss');
  return {
    codes: sorted,
    gridLost,
    stopped: effects.some((e) => e.effect === 'trip' && !(gridLost && GRID_TRIPS.has(e.code))),
    pv1Off: effects.some((e) => e.effect === 'pv1Off'),
    pv2Off: effects.some((e) => e.effect === 'pv2Off'),
    derated: effects.some((e) => e.effect === 'derate'),
    batteryOff: effects.some((e) => e.effect === 'batteryOff'),
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MIN_FAULT_MS = 10 * 60_000;
const MAX_FAULT_MS = 90 * 60_000;
/**
 * Background faults come in spells, as a failing part or a troubled grid connection makes them: a device has a bad
 * week now and then; each day of it starts one to three faults of that week's one cause with this chance.
 */
const BAD_DAY_CHANCE = 0.4;
const MAX_PER_DAY = 3;
/** Faults a bad week starts on average: 7 days × BAD_DAY_CHANCE × the mean of 1…MAX_PER_DAY. */
const FAULTS_PER_BAD_WEEK = 7 * BAD_DAY_CHANCE * ((1 + MAX_PER_DAY) / 2);

/** The faults background faults are drawn from (the scenario-only ones, grid loss, BMS loss and meter, excluded). */
const BACKGROUND_KEYS: readonly SimFaultKey[] = [
  'acOverload',
  'gridPhaseLockFailure',
  'gridOvervoltage',
  'gridUndervoltage',
  'gridOverfrequency',
  'gridUnderfrequency',
  'busUndervoltage',
  'pv1Overvoltage',
  'pv2Overvoltage',
  'batteryOvercurrent',
  'relayCheckFailure',
  'insulationLow',
  'igbtOvertemperature',
  'bmsHighTemperature',
];
const BACKGROUND = BACKGROUND_KEYS.map((key) => BY_KEY.get(key)!);
const BACKGROUND_NO_BATTERY = BACKGROUND.filter((fault) => !fault.needsBattery);

/** The hash that keys a device's background faults. */
export function backgroundKey(seed: number, sn: string): number {
  return hash32(seed, hashString(sn));
}

/**
 * The seeded background fault of one device: faults start at `ratePerHour` on average, in bad weeks (each week is bad
 * with the chance that gives that rate), one cause per week, 10–90 minutes each. A pure function of (seed, sn,
 * time), so it does not depend on step size.
 */
export function backgroundFault(
  seed: number,
  sn: string,
  ratePerHour: number,
  utcMs: number,
  hasBattery = true,
): FaultWindow | undefined {
  return backgroundFaultOf(backgroundKey(seed, sn), ratePerHour, utcMs, hasBattery);
}

/** backgroundFault by the device's key (backgroundKey), for callers that ask often. */
export function backgroundFaultOf(
  device: number,
  ratePerHour: number,
  utcMs: number,
  hasBattery: boolean,
): FaultWindow | undefined {
  if (!(ratePerHour > 0)) return undefined;
  const pool = hasBattery ? BACKGROUND : BACKGROUND_NO_BATTERY;
  const badWeekChance = Math.min(1, (ratePerHour * 7 * 24) / FAULTS_PER_BAD_WEEK);
  // A fault lasts under two hours and starts before 22:00 UTC, so only the UTC day's own can be in force.
  const day = Math.floor(utcMs / DAY_MS);
  // Weeks start on Monday (1970-01-01 was a Thursday).
  const week = Math.floor((day + 3) / 7);
  if (unitHash(device, week, 11) >= badWeekChance || unitHash(device, day, 12) >= BAD_DAY_CHANCE) return undefined;
  const fault = pool[Math.floor(unitHash(device, week, 14) * pool.length)] ?? pool[0]!;
  const count = 1 + Math.floor(unitHash(device, day, 13) * MAX_PER_DAY);
  for (let i = 0; i < count; i += 1) {
    const fromMs = day * DAY_MS + Math.floor(unitHash(device, day, 20 + i) * (DAY_MS - 2 * HOUR_MS));
    const untilMs = fromMs + MIN_FAULT_MS + Math.floor(unitHash(device, day, 30 + i) * (MAX_FAULT_MS - MIN_FAULT_MS));
    if (utcMs >= fromMs && utcMs < untilMs) return { code: fault.code, fromMs, untilMs };
  }
  return undefined;
}
