import { formatFixed, scaleTogether } from '@/lib/number-format';

/** The value axis of a chart: its ends, the step between ticks, and the ticks themselves. */
export interface NiceAxis {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

const NICE_STEPS = [1, 2, 2.5, 5, 10];

/** The smallest "nice" step (1, 2, 2.5 or 5 × 10ⁿ) of at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const nice = NICE_STEPS.find((s) => s * magnitude >= raw * (1 - 1e-9)) ?? 10;
  return nice * magnitude;
}

/** Rounds away float noise (0.30000000000000004 → 0.3) at the step's precision. */
const clean = (value: number, step: number) => {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(value.toFixed(decimals));
};

/**
 * An axis covering [dataMin, dataMax] and zero (bars and energies grow from zero), with about `count` intervals
 * of a nice step. A flat or empty range gets the axis 0…1 (or around the single value).
 */
export function niceAxis(dataMin: number, dataMax: number, count = 5): NiceAxis {
  let lo = Math.min(0, Number.isFinite(dataMin) ? dataMin : 0);
  let hi = Math.max(0, Number.isFinite(dataMax) ? dataMax : 0);
  if (hi === lo) hi = lo + 1;
  const step = niceStep((hi - lo) / Math.max(1, count));
  lo = clean(Math.floor(lo / step + 1e-9) * step, step);
  hi = clean(Math.ceil(hi / step - 1e-9) * step, step);
  const ticks: number[] = [];
  for (let i = 0; lo + i * step <= hi + step * 1e-9; i++) ticks.push(clean(lo + i * step, step));
  return { min: lo, max: hi, step, ticks };
}

/** A linear map from a domain onto a pixel range (either may be reversed). */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value: number) => r0 + ((value - d0) / span) * (r1 - r0);
}

/** Tick intervals in minutes for slots of fixed length: 5, 15, 30 min, 1, 2, 3, 6, 12 h, 1, 2, 7 days. */
const INTERVALS = [5, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080];

/**
 * Width of a label in the charts' 11 px font, never narrower than the text drawn: 7 px a character (the widest
 * digits and letters but M and W), 9.5 for M and W, 11 for CJK.
 */
export const labelWidth = (text: string) =>
  [...text].reduce((width, ch) => width + (ch > '\u2e7f' ? 11 : /[MWmw]/.test(ch) ? 9.5 : 7), 0);

/**
 * The slots whose labels a chart prints under a plot `width` wide: every n-th from the first, n the smallest stride
 * that keeps the widest label 8 px clear of the next and, for slots `slotMinutes` long, ticks on whole quarter hours,
 * hours, days or weeks (else every 1, 2, 3, 6 or 12 slots: months, years); past those, strides double. A last label
 * that would stick out more than `right` pixels past the plot is left out.
 */
export function tickSlots(labels: readonly string[], width: number, slotMinutes?: number, right = 0): number[] {
  const slot = width / labels.length;
  const room = Math.max(0, ...labels.map(labelWidth)) + 8;
  const strides = slotMinutes ? INTERVALS.map((m) => m / slotMinutes).filter(Number.isInteger) : [1, 2, 3, 6, 12];
  let stride = strides.find((s) => s * slot >= room) ?? strides.at(-1)!;
  while (stride * slot < room && stride < labels.length) stride *= 2;
  return labels.flatMap((label, i) =>
    i % stride || slot * (i + 0.5) + labelWidth(label) / 2 > width + right ? [] : [i],
  );
}

/** The slot index under pixel `x` of a plot `width` wide holding `count` equal slots (clamped to the slots). */
export function slotAt(x: number, width: number, count: number): number {
  if (count <= 0 || width <= 0) return -1;
  return Math.min(count - 1, Math.max(0, Math.floor((x / width) * count)));
}

/** Minimum and maximum of the values that are numbers; [0, 0] when there are none. */
export function extent(values: Iterable<number | null>): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min === Infinity ? [0, 0] : [min, max];
}

/** Decimals a tick label needs at this step (0 for 5, 1 for 0.5, 2 for 0.25). */
export function tickDecimals(step: number): number {
  for (let d = 0; d < 6; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-6) return d;
  return 6;
}

/** A value axis as the reader sees it: its unit, each tick's text, and the tooltip's text of a value. */
export interface AxisText {
  /** The unit the axis is labelled in: the chart's, stepped up by the largest value shown ('kWh' → 'MWh'). */
  unit: string;
  /** The text of each tick of the axis, in that unit ("12.5", "12,5", "12 500"). */
  ticks: string[];
  /** A value of the chart in the axis's unit, for the tooltip beside the same unit; '—' for a gap. */
  value(v: number | null | undefined): string;
}

/**
 * The text of a value axis in the UI language: in the unit of the largest value it shows, `data` (scaleTogether:
 * W → kW → MW, kWh → MWh from 10,000 kWh → GWh, as everywhere else a figure is shown; an axis of 9,300 kWh whose
 * top tick is 10,000 stays in kWh), tick labels with the locale's separators and as many decimals as the step needs,
 * and the tooltip's values in the same unit, with at most `decimals` decimals in the chart's own unit and two in a
 * stepped-up one.
 */
export function axisText(
  axis: NiceAxis,
  data: readonly [number, number],
  unit: string,
  lang: string,
  decimals: number,
): AxisText {
  const scale = scaleTogether(unit, data, lang, decimals);
  const tickPlaces = tickDecimals(axis.step / scale.factor);
  return {
    unit: scale.unit,
    // `|| 0`: a zero tick reads "0", never "-0".
    ticks: axis.ticks.map((tick) => formatFixed(tick / scale.factor || 0, lang, tickPlaces)),
    value: scale.figure,
  };
}
