import { utcOffsetMinutes } from '@voltfleet/domain/time';
import { backgroundFaultOf, backgroundKey, type FaultWindow } from './faults.js';
import { hash32, hashString, unitHash } from './random.js';
import { solarPosition } from '@voltfleet/domain/solar';
import type { MonthlyGhi } from './climate.js';
import { cloudCover, rainMmPerHour, type SkySite } from './weather.js';

/**
 * Fault scenarios of a fleet: believable patterns on top of the background faults. Each is a pure function of the
 * fleet's seed and the simulated time (hashes of time slots, the seeded weather), never of the step size or of what
 * was simulated before, so a replay of past months raises the same kinds of faults as real time does.
 */
export type FaultScenario =
  GridLossScenario | WetMorningScenario | EpisodeScenario | FlappingScenario | StandingScenario | TransientScenario;

/**
 * The grid of an area fails: every plant of the area at once reports grid voltage low (8) and grid abnormal (1001),
 * at most once a day, with probability `perDay`, for `minMinutes`–`maxMinutes`.
 */
export interface GridLossScenario {
  kind: 'gridLoss';
  area: string;
  plantIds: readonly string[];
  perDay: number;
  minMinutes: number;
  maxMinutes: number;
}

/**
 * Insulation on wet mornings: after rain in the night or morning (0.5 mm or more between local 00:00 and 09:00),
 * with probability `chance`, the inverter's insulation check fails (`code`, e.g. 63) from sunrise until the array
 * has dried, between about 09:00 and 10:40 local depending on how much rain fell.
 */
export interface WetMorningScenario {
  kind: 'wetMorning';
  sn: string;
  code: number;
  chance: number;
}

/** A fault of one inverter, at most once a day with probability `perDay`, lasting `minMinutes`–`maxMinutes`. */
export interface EpisodeScenario {
  kind: 'episodes';
  sn: string;
  code: number;
  perDay: number;
  minMinutes: number;
  maxMinutes: number;
}

/**
 * A flapping fault: on a day (probability `perDay`) an episode starts between local `startHours` and runs `cycles`
 * cycles of `periodMinutes`, the fault present for `onMinutes` at the start of each cycle.
 */
export interface FlappingScenario {
  kind: 'flapping';
  sn: string;
  code: number;
  perDay: number;
  startHours: readonly [number, number];
  cycles: readonly [number, number];
  periodMinutes: number;
  onMinutes: readonly [number, number];
}

/**
 * A standing fault handed from one inverter to the next: inverter i of `sns` has it from i/n of each period on, for
 * 0.1–0.25 of a period longer than 1/n of it, so at every instant at least one of them has it and each clears once
 * a period.
 */
export interface StandingScenario {
  kind: 'standing';
  sns: readonly string[];
  code: number;
  periodDays: number;
}

/**
 * Short faults that come and go: in every slot of `slotMinutes` one inverter of `sns` has one of `codes` for
 * `minMinutes`–`maxMinutes`, wholly inside the slot and ending at least 2.5 minutes before it.
 */
export interface TransientScenario {
  kind: 'transients';
  sns: readonly string[];
  codes: readonly number[];
  slotMinutes: number;
  minMinutes: number;
  maxMinutes: number;
}

/** Device codes of a grid loss: grid voltage low and grid abnormal. */
export const GRID_LOSS_CODES = [8, 1001] as const;

/** Where an inverter is, for its fault schedule. */
export interface FaultSite {
  sn: string;
  plantId: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  climate?: MonthlyGhi | undefined;
  hasBattery: boolean;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const TRANSIENT_GAP_MS = 2.5 * MINUTE_MS;

/** Does the scenario concern this inverter? */
export function concerns(scenario: FaultScenario, site: FaultSite): boolean {
  switch (scenario.kind) {
    case 'gridLoss':
      return scenario.plantIds.includes(site.plantId);
    case 'standing':
    case 'transients':
      return scenario.sns.includes(site.sn);
    default:
      return scenario.sn === site.sn;
  }
}

function scenarioKey(seed: number, scenario: FaultScenario): number {
  const name =
    scenario.kind === 'gridLoss'
      ? `gridLoss:${scenario.area}`
      : scenario.kind === 'standing' || scenario.kind === 'transients'
        ? `${scenario.kind}:${scenario.sns.join(',')}`
        : `${scenario.kind}:${scenario.sn}:${scenario.code}`;
  return hash32(seed, hashString(name));
}

/**
 * The event of a slotted schedule in force at `t`: slot k has an event with probability `chance`, starting at a
 * hashed instant of the slot and lasting minMs–maxMs (events may run into later slots).
 */
function slotEvent(
  key: number,
  slotMs: number,
  chance: number,
  minMs: number,
  maxMs: number,
  t: number,
): { fromMs: number; untilMs: number } | undefined {
  const slot = Math.floor(t / slotMs);
  const back = Math.ceil(maxMs / slotMs);
  for (let k = slot; k >= slot - back; k -= 1) {
    if (unitHash(key, k, 1) >= chance) continue;
    const fromMs = k * slotMs + Math.floor(unitHash(key, k, 2) * slotMs);
    const untilMs = fromMs + minMs + Math.floor(unitHash(key, k, 3) * (maxMs - minMs));
    if (t >= fromMs && t < untilMs) return { fromMs, untilMs };
  }
  return undefined;
}

/** Local day number and the UTC instant of its midnight (the offset of `t` is used for the whole day). */
function localDay(t: number, timeZone: string): { day: number; midnightMs: number } {
  const offsetMs = utcOffsetMinutes(timeZone, t) * MINUTE_MS;
  const day = Math.floor((t + offsetMs) / DAY_MS);
  return { day, midnightMs: day * DAY_MS - offsetMs };
}

/** The fault schedule of one inverter: its background faults and the scenarios that concern it. */
export class FaultSchedule {
  private readonly scenarios: { scenario: FaultScenario; key: number }[];
  private readonly backgroundKey: number;
  private wetDay: { day: number; window: FaultWindow | undefined } | undefined;

  constructor(
    private readonly seed: number,
    private readonly site: FaultSite,
    scenarios: readonly FaultScenario[],
    private readonly ratePerHour: number,
  ) {
    this.scenarios = scenarios
      .filter((s) => concerns(s, site))
      .map((scenario) => ({ scenario, key: scenarioKey(seed, scenario) }));
    this.backgroundKey = backgroundKey(seed, site.sn);
  }

  /** The fault windows in force at `t`. */
  windowsAt(t: number): FaultWindow[] {
    const windows: FaultWindow[] = [];
    const background = backgroundFaultOf(this.backgroundKey, this.ratePerHour, t, this.site.hasBattery);
    if (background) windows.push(background);
    for (const { scenario, key } of this.scenarios) {
      switch (scenario.kind) {
        case 'gridLoss': {
          const minMs = scenario.minMinutes * MINUTE_MS;
          const maxMs = scenario.maxMinutes * MINUTE_MS;
          const event = slotEvent(key, DAY_MS, scenario.perDay, minMs, maxMs, t);
          if (event) for (const code of GRID_LOSS_CODES) windows.push({ code, ...event });
          break;
        }
        case 'episodes': {
          const minMs = scenario.minMinutes * MINUTE_MS;
          const maxMs = scenario.maxMinutes * MINUTE_MS;
          const event = slotEvent(key, DAY_MS, scenario.perDay, minMs, maxMs, t);
          if (event) windows.push({ code: scenario.code, ...event });
          break;
        }
        case 'wetMorning': {
          const window = this.wetMorning(scenario, key, t);
          if (window && t >= window.fromMs && t < window.untilMs) windows.push(window);
          break;
        }
        case 'flapping': {
          const window = flappingWindow(scenario, key, this.site.timeZone, t);
          if (window) windows.push(window);
          break;
        }
        case 'standing': {
          const window = standingWindow(scenario, key, this.site.sn, t);
          if (window) windows.push(window);
          break;
        }
        case 'transients': {
          const window = transientWindow(scenario, key, this.site.sn, t);
          if (window) windows.push(window);
          break;
        }
      }
    }
    return windows;
  }

  /** This local day's wet-morning window, if the morning is wet and the installation gives way (cached per day). */
  private wetMorning(scenario: WetMorningScenario, key: number, t: number): FaultWindow | undefined {
    const { day, midnightMs } = localDay(t, this.site.timeZone);
    if (this.wetDay?.day === day) return this.wetDay.window;
    const window = wetMorningWindow(this.seed, this.site, scenario, key, day, midnightMs);
    this.wetDay = { day, window };
    return window;
  }
}

/** Rain between local 00:00 and 09:00 of a day, mm (hourly samples of the plant's seeded weather). */
export function morningRainMm(seed: number, site: SkySite, midnightMs: number): number {
  let mm = 0;
  for (let h = 0; h < 9; h += 1) mm += rainMmPerHour(cloudCover(seed, site, midnightMs + (h + 0.5) * HOUR_MS));
  return mm;
}

function wetMorningWindow(
  seed: number,
  site: FaultSite,
  scenario: WetMorningScenario,
  key: number,
  day: number,
  midnightMs: number,
): FaultWindow | undefined {
  const rainMm = morningRainMm(seed, { ...site, id: site.plantId }, midnightMs);
  if (rainMm < 0.5 || unitHash(key, day, 1) >= scenario.chance) return undefined;
  // The array dries from 09:00 on: later the more rain fell, by up to 75 minutes, plus up to 20 minutes.
  const untilMs =
    midnightMs + 9 * HOUR_MS + Math.min(1, rainMm / 6) * 75 * MINUTE_MS + unitHash(key, day, 2) * 20 * MINUTE_MS;
  // From sunrise, when the strings wake and the inverter checks the insulation before connecting.
  let fromMs = midnightMs + 3 * HOUR_MS;
  while (fromMs < untilMs - 30 * MINUTE_MS && solarPosition(site.latitude, site.longitude, fromMs).elevationDeg <= 0)
    fromMs += 10 * MINUTE_MS;
  return { code: scenario.code, fromMs: Math.round(fromMs), untilMs: Math.round(untilMs) };
}

function flappingWindow(scenario: FlappingScenario, key: number, timeZone: string, t: number): FaultWindow | undefined {
  const { day, midnightMs } = localDay(t, timeZone);
  if (unitHash(key, day, 1) >= scenario.perDay) return undefined;
  const [firstHour, lastHour] = scenario.startHours;
  const startMs = Math.round(midnightMs + (firstHour + unitHash(key, day, 2) * (lastHour - firstHour)) * HOUR_MS);
  const [fewest, most] = scenario.cycles;
  const cycles = fewest + Math.floor(unitHash(key, day, 3) * (most - fewest + 1));
  const periodMs = scenario.periodMinutes * MINUTE_MS;
  if (t < startMs || t >= startMs + cycles * periodMs) return undefined;
  const cycle = Math.floor((t - startMs) / periodMs);
  const [shortest, longest] = scenario.onMinutes;
  const onMs = (shortest + unitHash(key, day, 10 + cycle) * (longest - shortest)) * MINUTE_MS;
  const fromMs = startMs + cycle * periodMs;
  return t < fromMs + onMs ? { code: scenario.code, fromMs, untilMs: Math.round(fromMs + onMs) } : undefined;
}

function standingWindow(scenario: StandingScenario, key: number, sn: string, t: number): FaultWindow | undefined {
  const i = scenario.sns.indexOf(sn);
  if (i < 0) return undefined;
  const periodMs = scenario.periodDays * DAY_MS;
  const share = 1 / scenario.sns.length;
  const phaseMs = i * share * periodMs;
  const cycle = Math.floor((t - phaseMs) / periodMs);
  const fromMs = cycle * periodMs + phaseMs;
  const onMs = (share + 0.1 + 0.15 * unitHash(key, i, cycle)) * periodMs;
  return t < fromMs + onMs ? { code: scenario.code, fromMs, untilMs: Math.round(fromMs + onMs) } : undefined;
}

function transientWindow(scenario: TransientScenario, key: number, sn: string, t: number): FaultWindow | undefined {
  const slotMs = scenario.slotMinutes * MINUTE_MS;
  const slot = Math.floor(t / slotMs);
  const chosen = scenario.sns[Math.floor(unitHash(key, slot, 1) * scenario.sns.length)];
  if (chosen !== sn) return undefined;
  const durationMs = Math.round(
    (scenario.minMinutes + unitHash(key, slot, 2) * (scenario.maxMinutes - scenario.minMinutes)) * MINUTE_MS,
  );
  const fromMs = slot * slotMs + Math.floor(unitHash(key, slot, 3) * (slotMs - durationMs - TRANSIENT_GAP_MS));
  const code = scenario.codes[Math.floor(unitHash(key, slot, 4) * scenario.codes.length)] ?? scenario.codes[0];
  if (code === undefined || t < fromMs || t >= fromMs + durationMs) return undefined;
  return { code, fromMs, untilMs: fromMs + durationMs };
}
