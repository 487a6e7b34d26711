import { fieldByKey, type FieldKey } from './fields.js';
import { localDay, startOfLocalDay } from './local-time.js';

/** The energy quantities rolled up per device and plant (5-minute, daily, monthly). */
export const ENERGY_QUANTITIES = ['pv', 'load', 'gridImport', 'gridExport', 'batCharge', 'batDischarge'] as const;
export type EnergyQuantity = (typeof ENERGY_QUANTITIES)[number];

/** The daily and lifetime counter fields (kWh) behind each quantity. */
export const ENERGY_COUNTERS = {
  pv: { today: 'pvEnergyTodayKwh', total: 'pvEnergyTotalKwh' },
  load: { today: 'loadEnergyTodayKwh', total: 'loadEnergyTotalKwh' },
  gridImport: { today: 'gridImportTodayKwh', total: 'gridImportTotalKwh' },
  gridExport: { today: 'gridExportTodayKwh', total: 'gridExportTotalKwh' },
  batCharge: { today: 'batChargeTodayKwh', total: 'batChargeTotalKwh' },
  batDischarge: { today: 'batDischargeTodayKwh', total: 'batDischargeTotalKwh' },
} as const satisfies Record<EnergyQuantity, { today: FieldKey; total: FieldKey }>;

/** A counter may grow at most this multiple of the power limit (absorbs overload and timestamp jitter). */
export const ENERGY_JUMP_FACTOR = 1.5;

/** The part of a reading the delta needs. */
export interface CounterSample {
  ts: number;
  values: Partial<Record<FieldKey, number>>;
}

export interface EnergyDeltaOptions {
  /** The plant's IANA zone: devices reset their daily counters at its local midnight. */
  timeZone: string;
  /** Rated power of the device in W: bounds every quantity unless `maxPowerW` gives that quantity its own bound. */
  ratedPowerW: number;
  /** Per-quantity power bounds in W, e.g. the grid connection for load and grid import, which the grid can exceed. */
  maxPowerW?: Partial<Record<EnergyQuantity, number>>;
}

/** Which counter the energy came from. */
export type DeltaSource = 'today' | 'total' | 'todaySinceMidnight' | 'none';
/** Why nothing, or only a part, was counted. */
export type DeltaNote = 'notAfter' | 'missing' | 'negative' | 'jump' | 'beforeMidnightUnknown';

export interface EnergyDelta {
  /** Energy in kWh over (prev.ts, next.ts]. */
  kwh: number;
  /** The part of `kwh` after the local midnight that starts next's day; equals `kwh` when both share a day. */
  nextDayKwh: number;
  source: DeltaSource;
  note?: DeltaNote;
}

type Check = 'ok' | 'missing' | 'negative' | 'jump';
const EPSILON = 1e-9;
/** Rounds to 1 Wh / 1000 so float noise of counter subtraction does not leak into rollups. */
export const roundEnergyKwh = (x: number) => Math.round(x * 1e6) / 1e6;

/** kWh a device can deliver at `powerW` over `ms`, times the jump factor. */
function maxKwh(powerW: number, ms: number): number {
  return (powerW * ENERGY_JUMP_FACTOR * ms) / 3.6e9;
}

/** maxKwh plus one step of the counter's resolution, so a legitimate step of a rounded counter always passes. */
function allowance(powerW: number, ms: number, key: FieldKey): number {
  return maxKwh(powerW, ms) + 10 ** -fieldByKey(key).decimals + EPSILON;
}

function check(delta: number | undefined, limit: number): Check {
  if (delta === undefined) return 'missing';
  if (delta < -EPSILON) return 'negative';
  return delta > limit ? 'jump' : 'ok';
}

function diff(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : b - a;
}

/**
 * Energy of one quantity between two consecutive readings of one device.
 *
 * 1. next not after prev (duplicate or out of order): nothing.
 * 2. Same local day and the daily counter grew by 0 … allowance: the daily delta (finest resolution).
 * 3. Otherwise, the total counter grew by 0 … allowance: the total delta. It spans gaps and midnights. Across a
 *    midnight, next's daily counter (if plausible) is the part after midnight and the rest of the total delta, capped
 *    at limit × 1.5 × (midnight − prev.ts), the part before; without a plausible daily counter the delta is split by
 *    time. Rounding of the total counter then shifts at most one counter step between the two days.
 * 4. Otherwise, across a midnight with next's daily counter plausible for the time since midnight: that counter
 *    alone (the energy before midnight is unknown and lost).
 * 5. Otherwise nothing: a negative delta (counter reset, e.g. firmware change) or a jump above
 *    limit × elapsed × 1.5 (+ one counter step) is never counted.
 * The allowance is ENERGY_JUMP_FACTOR × power limit × elapsed time + the counter's resolution (10^-decimals), so a
 * legitimate step of a rounded counter is never refused. Summing deltas telescopes, so rounding errors do not grow.
 */
export function counterDelta(
  prev: CounterSample,
  next: CounterSample,
  quantity: EnergyQuantity,
  options: EnergyDeltaOptions,
): EnergyDelta {
  const { today, total } = ENERGY_COUNTERS[quantity];
  const elapsedMs = next.ts - prev.ts;
  if (!(elapsedMs > 0)) return { kwh: 0, nextDayKwh: 0, source: 'none', note: 'notAfter' };
  const limitW = options.maxPowerW?.[quantity] ?? options.ratedPowerW;
  const sameDay = localDay(prev.ts, options.timeZone) === localDay(next.ts, options.timeZone);

  const dToday = diff(prev.values[today], next.values[today]);
  const todayCheck = check(dToday, allowance(limitW, elapsedMs, today));
  if (sameDay && todayCheck === 'ok' && dToday !== undefined) {
    const kwh = roundEnergyKwh(Math.max(0, dToday));
    return { kwh, nextDayKwh: kwh, source: 'today' };
  }

  const dTotal = diff(prev.values[total], next.values[total]);
  const totalCheck = check(dTotal, allowance(limitW, elapsedMs, total));
  const sinceMidnight = sameDay ? undefined : plausibleSinceMidnight(next, today, limitW, options.timeZone);
  if (totalCheck === 'ok' && dTotal !== undefined) {
    const kwh = roundEnergyKwh(Math.max(0, dTotal));
    if (sameDay) return { kwh, nextDayKwh: kwh, source: 'total' };
    const midnight = startOfLocalDay(next.ts, options.timeZone);
    if (sinceMidnight === undefined) {
      return { kwh, nextDayKwh: roundEnergyKwh((kwh * (next.ts - midnight)) / elapsedMs), source: 'total' };
    }
    // The part before midnight cannot exceed what the device could deliver before midnight: with frequent readings
    // that cap is finer than the total counter's resolution.
    const before = Math.min(Math.max(0, kwh - sinceMidnight), maxKwh(limitW, midnight - prev.ts));
    return { kwh: roundEnergyKwh(before + sinceMidnight), nextDayKwh: roundEnergyKwh(sinceMidnight), source: 'total' };
  }

  if (sinceMidnight !== undefined) {
    const kwh = roundEnergyKwh(sinceMidnight);
    return { kwh, nextDayKwh: kwh, source: 'todaySinceMidnight', note: 'beforeMidnightUnknown' };
  }
  const failed = [sameDay ? todayCheck : 'missing', totalCheck].find((c) => c === 'negative' || c === 'jump');
  return {
    kwh: 0,
    nextDayKwh: 0,
    source: 'none',
    note: failed === 'negative' || failed === 'jump' ? failed : 'missing',
  };
}

/** next's daily counter when it is plausible for the time since its local midnight; undefined otherwise. */
function plausibleSinceMidnight(next: CounterSample, key: FieldKey, limitW: number, timeZone: string) {
  const value = next.values[key];
  const midnight = startOfLocalDay(next.ts, timeZone);
  return check(value, allowance(limitW, next.ts - midnight, key)) === 'ok' ? Math.max(0, value ?? 0) : undefined;
}

/** Energy deltas of every quantity between two consecutive readings of one device. */
export function energyDeltas(
  prev: CounterSample,
  next: CounterSample,
  options: EnergyDeltaOptions,
): Record<EnergyQuantity, EnergyDelta> {
  const entries = ENERGY_QUANTITIES.map((q) => [q, counterDelta(prev, next, q, options)] as const);
  return Object.fromEntries(entries) as Record<EnergyQuantity, EnergyDelta>;
}
