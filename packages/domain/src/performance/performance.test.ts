import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERFORMANCE_SETTINGS as S,
  equivalentFullCycles,
  expectedEnergyKwh,
  isSunnyDay,
  judgeDevice,
  judgePlant,
  median,
  performanceRatio,
  roundTripEfficiency,
  siblingRatio,
  sohFallPerMonthPct,
  type PlantDay,
} from './performance.js';
import { plantPerformanceQuerySchema, performanceRankingQuerySchema } from './performance-schemas.js';

const day = (i: number) => new Date(Date.UTC(2026, 5, 1) + i * 86_400_000).toISOString().slice(0, 10);

describe('performanceRatio and expected energy (IEC 61724-1)', () => {
  it.each([
    // actual kWh, kWp, plane kWh/m², ratio
    [40, 10, 5, 0.8],
    [10, 10, 1.25, 0.8],
    [33.3, 7.4, 6.1, 0.738],
    [0, 10, 5, 0],
    [40, null, 5, null],
    [40, 0, 5, null],
    [40, 10, null, null],
    [40, 10, 0, null],
  ])('%s kWh from %s kWp under %s kWh/m² → %s', (actual, kwp, poa, pr) => {
    expect(performanceRatio(actual, kwp, poa)).toBe(pr);
  });

  it('expects kWp × irradiation × 0.8', () => {
    expect(expectedEnergyKwh(10, 5)).toBe(40);
    expect(expectedEnergyKwh(7.4, 6.1)).toBe(36.11);
    expect(expectedEnergyKwh(null, 5)).toBeNull();
  });

  it('calls a day sunny from its clear-sky index, never under the clear-sky model itself', () => {
    expect(isSunnyDay('openMeteo', 6, 8)).toBe(true);
    expect(isSunnyDay('demoSky', 4, 8)).toBe(false);
    expect(isSunnyDay('openMeteo', 4.8, 8)).toBe(true);
    expect(isSunnyDay('clearSky', 8, 8)).toBeNull();
    expect(isSunnyDay('openMeteo', 0, 0)).toBeNull();
  });

  it('takes medians of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

/** 20 sunny days at 0.8, then what follows. */
const history = (...tail: [number | null, boolean][]): PlantDay[] => [
  ...Array.from({ length: 20 }, (_, i) => ({ day: day(i), pr: 0.8, sunny: true })),
  ...tail.map(([pr, sunny], i) => ({ day: day(20 + i), pr, sunny })),
];

describe('judgePlant', () => {
  it.each<[string, PlantDay[], 'under' | 'normal' | 'unknown']>([
    ['steady', history([0.79, true], [0.81, true], [0.8, true]), 'normal'],
    ['a string lost: three sunny days at 0.6', history([0.6, true], [0.6, true], [0.61, true]), 'under'],
    ['two low sunny days are not yet three', history([0.79, true], [0.6, true], [0.6, true]), 'normal'],
    [
      'a grey week in between is skipped',
      history([0.6, true], [0.3, false], [0.2, false], [0.6, true], [0.6, true]),
      'under',
    ],
    [
      'a grey week alone raises nothing',
      history(...Array.from({ length: 7 }, () => [0.4, false] as [number, boolean])),
      'normal',
    ],
    ['exactly at the margin is not under', history([0.68, true], [0.68, true], [0.68, true]), 'normal'],
    [
      'one sunny day back within the margin recovers',
      history([0.6, true], [0.6, true], [0.6, true], [0.79, true]),
      'normal',
    ],
    ['without measured irradiance nothing is judged', history().map((d) => ({ ...d, sunny: null })), 'unknown'],
    ['too short a baseline', history().slice(16), 'unknown'],
  ])('%s', (_, days, state) => {
    expect(judgePlant(days, S).state).toBe(state);
  });

  it('reports the baseline of the days before the recent ones', () => {
    const v = judgePlant(history([0.6, true], [0.6, true], [0.6, true]), S);
    expect(v.baselinePr).toBe(0.8);
    expect(v.recent.map((d) => d.pr)).toEqual([0.6, 0.6, 0.6]);
  });

  it('dates the loss from the first low sunny day of the run, before the three judged', () => {
    const days = history([0.6, true], [0.3, false], [0.6, true], [0.6, true], [0.6, true], [0.6, true]);
    const v = judgePlant(days, S);
    expect(v).toMatchObject({ state: 'under', since: day(20) });
    expect(judgePlant(history([0.6, true], [0.6, true], [0.6, true]), S).since).toBe(day(20));
    expect(judgePlant(history([0.79, true]), S).since).toBeUndefined();
  });
});

describe('judgeDevice', () => {
  const days = (own: number, sunny = true, n = 3) =>
    Array.from({ length: n }, (_, i) => ({ day: day(i), sunny, ownKwh: own, siblingsKwh: [40] }));
  it.each([
    ['half its sibling (a string lost)', days(20), 'under'],
    ['as its sibling', days(39), 'normal'],
    ['low only on grey days', days(20, false), 'unknown'],
    ['not enough days', days(20, true, 2), 'unknown'],
  ])('%s', (_, d, state) => {
    expect(judgeDevice(d, S).state).toBe(state);
  });

  it('dates the loss from the first low sunny day of the run', () => {
    const d = [...days(40, true, 2), ...days(20, true, 5).map((x, i) => ({ ...x, day: day(2 + i) }))];
    expect(judgeDevice(d, S)).toEqual({ state: 'under', since: day(2) });
  });

  it('compares with the median of its model (itself included), one sibling directly, none that gave nothing', () => {
    // A broken one among three: the healthy ones are as the median, the broken one at half.
    expect(siblingRatio({ ownKwh: 40, siblingsKwh: [40, 20] })).toBe(1);
    expect(siblingRatio({ ownKwh: 20, siblingsKwh: [40, 40] })).toBe(0.5);
    expect(siblingRatio({ ownKwh: 30, siblingsKwh: [40, 10, 60] })).toBe(0.857);
    expect(siblingRatio({ ownKwh: 20, siblingsKwh: [40] })).toBe(0.5);
    expect(siblingRatio({ ownKwh: 30, siblingsKwh: [] })).toBeNull();
    expect(siblingRatio({ ownKwh: 30, siblingsKwh: [0] })).toBeNull();
  });
});

describe('battery health', () => {
  const line = (perDay: number, n = 90) =>
    Array.from({ length: n }, (_, i) => ({ day: day(i), sohPct: 99 - perDay * i }));
  it.each([
    ['1 point per 30 days', line(1 / 30), 1],
    ['stable', line(0), 0],
    ['3 points per month', line(0.1), 3],
  ])('%s', (_, points, rate) => {
    expect(sohFallPerMonthPct(points, 90)).toBeCloseTo(rate, 2);
  });
  it('needs a month of points', () => {
    expect(sohFallPerMonthPct(line(0.1, 20), 90)).toBeNull();
    expect(sohFallPerMonthPct([], 90)).toBeNull();
  });
  it('fits only the last trend span', () => {
    const points = [
      ...line(0.3, 200).slice(0, 100),
      ...line(0, 200)
        .slice(100)
        .map((p) => ({ ...p, sohPct: 60 })),
    ];
    expect(sohFallPerMonthPct(points, 90)).toBe(0);
  });
  it('computes efficiency and cycles', () => {
    expect(roundTripEfficiency(100, 91)).toBe(0.91);
    expect(roundTripEfficiency(0.5, 0.4)).toBeNull();
    expect(equivalentFullCycles(1000, 10)).toBe(100);
    expect(equivalentFullCycles(1000, null)).toBeNull();
  });
});

describe('query schemas', () => {
  it('accepts a year of days and refuses reversed or too long ranges', () => {
    expect(plantPerformanceQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    const reversed = plantPerformanceQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.error?.issues[0]?.message).toBe('validation.dateRangeOrder');
    const long = plantPerformanceQuerySchema.safeParse({ from: '2024-01-01', to: '2026-01-01' });
    expect(long.error?.issues[0]?.message).toBe('validation.dateRangeTooLong');
    expect(
      plantPerformanceQuerySchema.safeParse({ granularity: 'month', from: '2020-01-01', to: '2026-01-01' }).success,
    ).toBe(true);
    expect(performanceRankingQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-31', page: '0' }).success).toBe(
      false,
    );
  });
});
