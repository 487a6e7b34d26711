// Performance analytics (issue 42, docs/performance.md): expected energy and performance ratio from the irradiance
// on a plant's plane of array, and the rules that tell an under-performing plant, inverter or battery. Pure: the
// server's job and routes, the pages and the tests all use these, so a figure is computed one way everywhere.

/**
 * Where a day's plane-of-array irradiation came from: the weather service's modelled irradiance for the plant's tilt
 * and azimuth (Open-Meteo), the demo world's own sky (the simulator's, which the demo's plants were produced under),
 * or, with neither, a clear-sky model: an upper bound that knows no clouds, so a day's ratio against it says little.
 */
export const IRRADIANCE_SOURCES = ['openMeteo', 'demoSky', 'clearSky'] as const;
export type IrradianceSource = (typeof IRRADIANCE_SOURCES)[number];

export const PERFORMANCE_GRANULARITIES = ['day', 'month', 'year'] as const;
export type PerformanceGranularity = (typeof PERFORMANCE_GRANULARITIES)[number];

/** The longest span a request may cover, in days, per granularity (a day chart of a year, months of ten years). */
export const PERFORMANCE_MAX_SPAN_DAYS: Readonly<Record<PerformanceGranularity, number>> = {
  day: 366,
  month: 3700,
  year: 36_600,
};

/** Sources that saw the day's clouds; only their days can be sunny, so only they can raise an alarm. */
export function isMeasuredSource(source: IrradianceSource): boolean {
  return source !== 'clearSky';
}

/**
 * A day is sunny when its plane irradiation reached this share of the clear-sky model's (the clear-sky index on the
 * plane). On such days a healthy array's ratio is steady; on grey days weak-light losses lower it by several percent,
 * so grey days are left out of baselines and alarms.
 */
export const SUNNY_CLEARNESS = 0.6;

/**
 * The ratio a sound, clean system reaches (IEC 61724-1 typical 0.75–0.85: temperature, wiring, inverter and weak-light
 * losses); expected energy = installed kWp × plane irradiation (kWh/m²) ÷ 1 kW/m² × this.
 */
export const DESIGN_PERFORMANCE_RATIO = 0.8;

/** The under-performance rules' settings (PERFORMANCE_* environment variables, docs/configuration.md). */
export interface PerformanceSettings {
  /** A sunny day's ratio below the baseline by more than this share (%) counts as under-performing. */
  marginPct: number;
  /** Sunny days in a row under the margin that raise the alarm (one sunny day back within it recovers it). */
  sunnyDays: number;
  /** Calendar days before the recent sunny days whose sunny days make the plant's baseline (their median ratio). */
  baselineDays: number;
  /** Fewest sunny days a baseline needs; with fewer the plant is not judged. */
  minBaselineDays: number;
  /** An inverter producing less than its same-model siblings' median by more than this share (%) on a sunny day. */
  deviceMarginPct: number;
  /** A battery whose state of health falls faster than this many percentage points per 30 days raises its alarm. */
  batterySohFallPerMonthPct: number;
  /** The span (days) over which a battery's health trend is fitted. */
  batteryTrendDays: number;
}

export const DEFAULT_PERFORMANCE_SETTINGS: PerformanceSettings = {
  marginPct: 15,
  sunnyDays: 3,
  baselineDays: 30,
  minBaselineDays: 5,
  deviceMarginPct: 25,
  batterySohFallPerMonthPct: 0.5,
  batteryTrendDays: 90,
};

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Performance ratio (IEC 61724-1): actual energy ÷ (installed kWp × plane irradiation ÷ 1 kW/m²), to three decimals.
 * Null without an installed power or irradiation (night-long days, a plant without power set).
 */
export function performanceRatio(actualKwh: number, kwp: number | null, poaKwhM2: number | null): number | null {
  if (kwp === null || !(kwp > 0) || poaKwhM2 === null || !(poaKwhM2 > 0.05)) return null;
  return round(actualKwh / (kwp * poaKwhM2), 3);
}

/** Energy the array should have given: installed kWp × plane irradiation × the design ratio, kWh to two decimals. */
export function expectedEnergyKwh(kwp: number | null, poaKwhM2: number | null): number | null {
  if (kwp === null || !(kwp > 0) || poaKwhM2 === null) return null;
  return round(kwp * poaKwhM2 * DESIGN_PERFORMANCE_RATIO, 2);
}

/** Sunny by the clear-sky index on the plane; null when the source did not see the clouds or the day had no sun. */
export function isSunnyDay(source: IrradianceSource, poaKwhM2: number, clearSkyPoaKwhM2: number): boolean | null {
  if (!isMeasuredSource(source) || !(clearSkyPoaKwhM2 > 0)) return null;
  return poaKwhM2 / clearSkyPoaKwhM2 >= SUNNY_CLEARNESS;
}

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One plant-day as the plant rule reads it. */
export interface PlantDay {
  day: string;
  pr: number | null;
  sunny: boolean | null;
}

export interface PlantVerdict {
  /** under: the last sunny days all below the margin; unknown: too few sunny days to judge. */
  state: 'under' | 'normal' | 'unknown';
  /** The median ratio of the baseline's sunny days. */
  baselinePr: number | null;
  /** The recent sunny days judged, oldest first. */
  recent: PlantDay[];
  /** When under: the first of the sunny days in a row, up to the last, below the margin (when the loss began). */
  since?: string;
}

/** The first day of the trailing run of `days` (oldest first) that `low` holds for; undefined when the last is not. */
function trailingRunStart<T extends { day: string }>(days: readonly T[], low: (d: T) => boolean): string | undefined {
  let start: string | undefined;
  for (let i = days.length - 1; i >= 0 && low(days[i]!); i -= 1) start = days[i]!.day;
  return start;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The plant rule: the last `sunnyDays` sunny days with a ratio are compared with the median ratio of the sunny days in
 * the `baselineDays` before the first of them. All below baseline × (1 − margin): under. Cloudy days are skipped, so
 * a grey week neither raises nor recovers the alarm. `days` in any order.
 */
export function judgePlant(days: readonly PlantDay[], settings: PerformanceSettings): PlantVerdict {
  const sunny = days
    .filter((d): d is PlantDay & { pr: number } => d.sunny === true && d.pr !== null)
    .sort((a, b) => (a.day < b.day ? -1 : 1));
  const recent = sunny.slice(-settings.sunnyDays);
  if (recent.length < settings.sunnyDays) return { state: 'unknown', baselinePr: null, recent };
  const start = dayMs(recent[0]!.day);
  const from = start - settings.baselineDays * 86_400_000;
  const base = sunny.filter((d) => dayMs(d.day) >= from && dayMs(d.day) < start).map((d) => d.pr);
  const baselinePr = base.length >= settings.minBaselineDays ? median(base) : null;
  if (baselinePr === null) return { state: 'unknown', baselinePr: null, recent };
  const limit = baselinePr * (1 - settings.marginPct / 100);
  if (!recent.every((d) => d.pr < limit)) return { state: 'normal', baselinePr: round(baselinePr, 3), recent };
  const since = trailingRunStart(sunny, (d) => d.pr < limit)!;
  return { state: 'under', baselinePr: round(baselinePr, 3), recent, since };
}

/** One inverter-day as the sibling rule reads it: its PV energy and that of its plant's other inverters of its model. */
export interface SiblingDay {
  day: string;
  sunny: boolean | null;
  ownKwh: number;
  siblingsKwh: readonly number[];
}

/**
 * What an inverter is compared with: the median energy of its plant's inverters of its model, itself included, so
 * that one broken inverter among three moves neither healthy one; with a single sibling, that sibling.
 */
export function siblingReferenceKwh(day: Pick<SiblingDay, 'ownKwh' | 'siblingsKwh'>): number | null {
  if (day.siblingsKwh.length === 0) return null;
  return day.siblingsKwh.length === 1 ? day.siblingsKwh[0]! : median([day.ownKwh, ...day.siblingsKwh]);
}

/** The inverter's share of its reference (siblingReferenceKwh); null without siblings or when they produced nothing. */
export function siblingRatio(day: Pick<SiblingDay, 'ownKwh' | 'siblingsKwh'>): number | null {
  const m = siblingReferenceKwh(day);
  return m === null || !(m > 0.1) ? null : round(day.ownKwh / m, 3);
}

/**
 * The sibling rule: the last `sunnyDays` sunny days with a ratio all below 1 − deviceMargin: under, since the first low
 * sunny day of the run. Needs at least one sibling of the same model in the plant (the others' median is the reference, so one sibling is compared directly).
 */
export function judgeDevice(
  days: readonly SiblingDay[],
  settings: PerformanceSettings,
): { state: 'under' | 'normal' | 'unknown'; since?: string } {
  const sunny = days
    .filter((d) => d.sunny === true && siblingRatio(d) !== null)
    .sort((a, b) => (a.day < b.day ? -1 : 1));
  const judged = sunny.slice(-settings.sunnyDays);
  if (judged.length < settings.sunnyDays) return { state: 'unknown' };
  const limit = 1 - settings.deviceMarginPct / 100;
  const low = (d: SiblingDay) => siblingRatio(d)! < limit;
  if (!judged.every(low)) return { state: 'normal' };
  return { state: 'under', since: trailingRunStart(sunny, low)! };
}

/** A battery's state of health on a day. */
export interface SohPoint {
  day: string;
  sohPct: number;
}

/**
 * How fast health falls: the least-squares slope of the points of the last `trendDays`, in percentage points per 30
 * days, positive when falling, to two decimals. Null with fewer than 14 days of points or a span under 30 days
 * (a BMS moves its estimate in steps; a shorter fit would mostly see a step).
 */
export function sohFallPerMonthPct(points: readonly SohPoint[], trendDays: number): number | null {
  if (points.length === 0) return null;
  const last = Math.max(...points.map((p) => dayMs(p.day)));
  const used = points.filter((p) => dayMs(p.day) > last - trendDays * 86_400_000);
  if (used.length < 14) return null;
  const xs = used.map((p) => (dayMs(p.day) - last) / 86_400_000);
  if (Math.max(...xs) - Math.min(...xs) < 30) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = used.reduce((a, p) => a + p.sohPct, 0) / used.length;
  let num = 0;
  let den = 0;
  for (const [i, x] of xs.entries()) {
    num += (x - mx) * (used[i]!.sohPct - my);
    den += (x - mx) ** 2;
  }
  const fall = round((-num / den) * 30, 2);
  // A flat line gives -0; shown as a rate it must read 0.
  return fall === 0 ? 0 : fall;
}

/** True when the battery's health falls faster than the setting allows. */
export function batteryHealthFalling(fallPerMonthPct: number | null, settings: PerformanceSettings): boolean {
  return fallPerMonthPct !== null && fallPerMonthPct > settings.batterySohFallPerMonthPct;
}

/**
 * Round-trip efficiency of a month: energy discharged ÷ energy charged at the terminals, to three decimals. Null when
 * less than one kWh was charged (the state of charge at the month's ends would dominate).
 */
export function roundTripEfficiency(chargeKwh: number, dischargeKwh: number): number | null {
  if (!(chargeKwh >= 1)) return null;
  return round(dischargeKwh / chargeKwh, 3);
}

/** Equivalent full cycles: energy discharged over the pack's life ÷ its nameplate capacity, to one decimal. */
export function equivalentFullCycles(dischargedKwh: number, capacityKwh: number | null): number | null {
  if (capacityKwh === null || !(capacityKwh > 0)) return null;
  return round(dischargedKwh / capacityKwh, 1);
}
