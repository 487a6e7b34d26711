import { describe, expect, it } from 'vitest';
import {
  axisText,
  extent,
  labelWidth,
  linearScale,
  niceAxis,
  niceStep,
  slotAt,
  tickDecimals,
  tickSlots,
} from './scale';

describe('niceStep', () => {
  it.each([
    [0.7, 1],
    [1, 1],
    [1.1, 2],
    [2.2, 2.5],
    [3, 5],
    [6, 10],
    [0.013, 0.02],
    [430, 500],
    [1200, 2000],
    [0, 1],
    [-5, 1],
    [Infinity, 1],
  ])('%d → %d', (raw, step) => {
    expect(niceStep(raw)).toBeCloseTo(step, 10);
  });
});

describe('niceAxis', () => {
  it.each([
    // data min, data max, count → axis min, max, step
    [0, 9.3, 5, 0, 10, 2],
    [3, 47, 5, 0, 50, 10],
    [0, 1, 5, 0, 1, 0.2],
    [0, 0, 5, 0, 1, 0.2],
    [-1900, 5000, 5, -2000, 6000, 2000],
    [0, 0.37, 4, 0, 0.4, 0.1],
    [12, 12, 5, 0, 12.5, 2.5],
    [-3, -1, 4, -3, 0, 1],
    [0, 250, 5, 0, 250, 50],
  ])('[%d, %d] in %d steps → %d…%d by %d', (lo, hi, count, min, max, step) => {
    const axis = niceAxis(lo, hi, count);
    expect([axis.min, axis.max, axis.step]).toEqual([min, max, step]);
  });

  it('lists every tick from min to max without float noise', () => {
    expect(niceAxis(0, 0.9, 3).ticks).toEqual([0, 0.5, 1]);
    expect(niceAxis(0, 0.55, 5).ticks).toEqual([0, 0.2, 0.4, 0.6]);
    expect(niceAxis(-1900, 5000).ticks).toEqual([-2000, 0, 2000, 4000, 6000]);
  });

  it('always contains the data and zero', () => {
    for (const [lo, hi] of [
      [0.001, 0.002],
      [5, 1234567],
      [-0.4, 0.2],
    ] as const) {
      const axis = niceAxis(lo, hi);
      expect(axis.min).toBeLessThanOrEqual(Math.min(0, lo));
      expect(axis.max).toBeGreaterThanOrEqual(hi);
      expect(axis.ticks).toContain(0);
    }
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, reversed for a y axis', () => {
    const y = linearScale([0, 10], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(10)).toBe(0);
    expect(y(2.5)).toBe(150);
    expect(linearScale([5, 5], [0, 100])(5)).toBe(0);
  });
});

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
/** The axis texts of days of slots `minutes` long: a day's first slot shows its date, the others their time. */
const days = (count: number, minutes: number) =>
  Array.from({ length: (count * 24 * 60) / minutes }, (_, i) =>
    (i * minutes) % 1440 === 0 ? `03-${pad(1 + (i * minutes) / 1440)}` : hhmm(i * minutes),
  );
const monthNames = (lang: string) =>
  Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, m, 15)),
  );

/** Every chart period the pages draw, as its axis texts and slot span. */
const PERIODS: [string, string[], number | undefined][] = [
  ['a day of 5-minute slots', days(1, 5), 5],
  ['3 days of 15-minute slots', days(3, 15), 15],
  ['7 days of 30-minute slots', days(7, 30), 30],
  ['7 days of hours', days(7, 60), 60],
  ['30 days of hours', days(30, 60), 60],
  ['a month of days', Array.from({ length: 31 }, (_, d) => `2026-03-${pad(d + 1)}`), 1440],
  ['a year of months', Array.from({ length: 12 }, (_, m) => `2026-${pad(m + 1)}`), undefined],
  ['years', Array.from({ length: 12 }, (_, y) => String(2015 + y)), undefined],
  ...['zh', 'en', 'cs', 'de'].map((lang): [string, string[], undefined] => [
    `months named in ${lang}`,
    monthNames(lang),
    undefined,
  ]),
];

/** Plot width of a chart `width` wide (its margins: 64 left, 12 right). */
const plotOf = (width: number) => width - 76;

describe('tickSlots', () => {
  const widths = Array.from({ length: (1440 - 320) / 8 + 1 }, (_, i) => 320 + i * 8);

  it.each(PERIODS)('%s: no two labels overlap at any width from 320 to 1440 px', (_, labels, span) => {
    for (const width of widths) {
      const plot = plotOf(width);
      const slot = plot / labels.length;
      const ticks = tickSlots(labels, plot, span, 12);
      expect(ticks.length, `${width} px`).toBeGreaterThanOrEqual(2);
      for (let k = 1; k < ticks.length; k++) {
        const [a, b] = [ticks[k - 1]!, ticks[k]!];
        const room = (b - a) * slot - (labelWidth(labels[a]!) + labelWidth(labels[b]!)) / 2;
        expect(room, `${width} px: ${labels[a]} / ${labels[b]}`).toBeGreaterThanOrEqual(8);
      }
      const last = ticks.at(-1)!;
      expect(slot * (last + 0.5) + labelWidth(labels[last]!) / 2, `${width} px`).toBeLessThanOrEqual(plot + 12);
    }
  });

  it('ticks fall on whole units of the period and get denser as the chart widens', () => {
    const week = days(7, 60);
    const narrow = tickSlots(week, plotOf(320), 60);
    const wide = tickSlots(week, plotOf(1440), 60);
    expect(narrow[1]).toBe(48);
    expect(wide[1]).toBe(6);
    // A week of hours at full width: every 6 h, each day's first tick its date.
    expect(wide.slice(0, 5).map((i) => week[i])).toEqual(['03-01', '06:00', '12:00', '18:00', '03-02']);
    expect(tickSlots(days(1, 5), plotOf(1440), 5)[1]).toBe(12);
    expect(tickSlots(days(7, 30), plotOf(1440), 30)[1]).toBe(12);
  });

  it('prints every label when they fit, none when there is nothing to draw', () => {
    expect(tickSlots(['2024', '2025', '2026'], 600)).toEqual([0, 1, 2]);
    expect(tickSlots([], 600)).toEqual([]);
    expect(tickSlots(['a', 'b'], 0)).toEqual([]);
  });
});

describe('labelWidth', () => {
  it('is never narrower than the glyphs it counts', () => {
    expect(labelWidth('12:00')).toBe(35);
    expect(labelWidth('Mai')).toBe(9.5 + 7 + 7);
    expect(labelWidth('九月')).toBe(22);
  });
});

describe('slotAt', () => {
  it.each([
    [0, 100, 4, 0],
    [24.9, 100, 4, 0],
    [25, 100, 4, 1],
    [99.9, 100, 4, 3],
    [150, 100, 4, 3],
    [-5, 100, 4, 0],
    [10, 100, 0, -1],
  ])('x=%d of %d px with %i slots → %i', (x, width, count, slot) => {
    expect(slotAt(x, width, count)).toBe(slot);
  });
});

describe('extent and tickDecimals', () => {
  it('ignores gaps and gives [0, 0] for none', () => {
    expect(extent([3, null, -1, 7])).toEqual([-1, 7]);
    expect(extent([null, null])).toEqual([0, 0]);
    expect(extent([])).toEqual([0, 0]);
  });

  it.each([
    [5, 0],
    [2000, 0],
    [0.5, 1],
    [0.25, 2],
    [0.02, 2],
  ])('step %d needs %i decimals', (step, decimals) => {
    expect(tickDecimals(step)).toBe(decimals);
  });
});

describe('axisText', () => {
  const NBSP = '\u00a0';
  const k = (n: number, sep: string) => (n === 0 ? '0' : `${n}${sep}000`);
  it.each<[string, number, number, string, number, string, string[], string]>([
    // lang, data min, data max, unit, tooltip decimals → unit, tick labels, tooltip of the data max
    ['en', 0, 9300, 'kWh', 3, 'kWh', [0, 2, 4, 6, 8, 10].map((n) => k(n, ',')), '9,300'],
    ['zh', 0, 9300, 'kWh', 3, 'kWh', [0, 2, 4, 6, 8, 10].map((n) => k(n, ',')), '9,300'],
    ['de', 0, 9300, 'kWh', 3, 'kWh', [0, 2, 4, 6, 8, 10].map((n) => k(n, '.')), '9.300'],
    ['cs', 0, 9300, 'kWh', 3, 'kWh', [0, 2, 4, 6, 8, 10].map((n) => k(n, NBSP)), `9${NBSP}300`],
    ['en', 0, 12_345, 'kWh', 3, 'MWh', ['0.0', '2.5', '5.0', '7.5', '10.0', '12.5'], '12.35'],
    ['de', 0, 12_345, 'kWh', 3, 'MWh', ['0,0', '2,5', '5,0', '7,5', '10,0', '12,5'], '12,35'],
    [
      'cs',
      -1900,
      5_000_000,
      'kWh',
      3,
      'MWh',
      [-2, 0, 2, 4, 6].map((n) => (n < 0 ? `-${k(-n, NBSP)}` : k(n, NBSP))),
      `5${NBSP}000`,
    ],
    ['zh', 0, 25_000_000, 'kWh', 3, 'GWh', ['0', '5', '10', '15', '20', '25'], '25'],
    ['en', -1900, 5000, 'W', 0, 'W', ['-2,000', '0', '2,000', '4,000', '6,000'], '5,000'],
    ['de', 0, 4_200_000, 'W', 0, 'kW', [0, 1, 2, 3, 4, 5].map((n) => k(n, '.')), '4.200'],
    ['cs', 0, 12_500, 'W', 0, 'kW', ['0,0', '2,5', '5,0', '7,5', '10,0', '12,5'], '12,5'],
    ['en', 0, 47, '%', 1, '%', ['0', '10', '20', '30', '40', '50'], '47'],
  ])('%s: %d to %d %s (tooltip decimals %d) reads %s', (lang, lo, hi, unit, decimals, shownUnit, ticks, tooltip) => {
    const text = axisText(niceAxis(lo, hi, 5), [lo, hi], unit, lang, decimals);
    expect(text.unit).toBe(shownUnit);
    expect(text.ticks).toEqual(ticks);
    expect(text.value(hi)).toBe(tooltip);
    expect(text.value(null)).toBe('—');
  });
});
