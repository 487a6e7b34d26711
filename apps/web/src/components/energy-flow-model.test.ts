import { describe, expect, it } from 'vitest';
import type { PowerFlow } from '@voltfleet/domain/plants';
import {
  IDLE_WIDTH,
  MAX_WIDTH,
  flowBranch,
  flowPeriod,
  flowSentenceKey,
  flowState,
  flowWidth,
  socArc,
  socBand,
  type FlowNode,
} from './energy-flow-model';

const NONE: PowerFlow = {
  pvPowerW: null,
  loadPowerW: null,
  gridPowerW: null,
  batPowerW: null,
  batSocPct: null,
  readingAt: null,
  devicesReporting: 0,
};

describe('flowBranch', () => {
  it.each<[string, FlowNode, Partial<PowerFlow>, string, string | null, string]>([
    ['PV generating', 'pv', { pvPowerW: 3200 }, 'in', null, 'pvOn'],
    ['PV at night', 'pv', { pvPowerW: 0 }, 'none', null, 'pvIdle'],
    ['PV not reported', 'pv', { pvPowerW: null }, 'none', null, 'pvNone'],
    ['load consuming', 'load', { loadPowerW: 1500 }, 'out', null, 'loadOn'],
    ['grid importing', 'grid', { gridPowerW: 800 }, 'in', 'importing', 'gridImport'],
    ['grid exporting', 'grid', { gridPowerW: -2500 }, 'out', 'exporting', 'gridExport'],
    ['grid zero', 'grid', { gridPowerW: 0 }, 'none', 'idle', 'gridIdle'],
    ['grid not reported', 'grid', { gridPowerW: null }, 'none', null, 'gridNone'],
    ['battery discharging', 'battery', { batPowerW: 1200 }, 'in', 'discharging', 'batteryDischarge'],
    ['battery charging', 'battery', { batPowerW: -900 }, 'out', 'charging', 'batteryCharge'],
    ['battery idle', 'battery', { batPowerW: 0 }, 'none', 'idle', 'batteryIdle'],
    // Below half a watt the figure reads "0 W": the line stays still with it.
    ['battery trickle', 'battery', { batPowerW: -0.4 }, 'none', 'idle', 'batteryIdle'],
    ['grid NaN', 'grid', { gridPowerW: Number.NaN }, 'none', null, 'gridNone'],
    ['grid infinite', 'grid', { gridPowerW: Number.POSITIVE_INFINITY }, 'none', null, 'gridNone'],
    ['huge export', 'grid', { gridPowerW: -5e9 }, 'out', 'exporting', 'gridExport'],
  ])('%s', (_case, node, fields, direction, state, sentence) => {
    const branch = flowBranch(node, { ...NONE, ...fields });
    expect(branch.direction).toBe(direction);
    expect(flowState(branch)).toBe(state);
    expect(flowSentenceKey(branch)).toBe(sentence);
    expect(branch.periodS === null).toBe(direction === 'none');
    if (direction === 'none') expect(branch.widthPx).toBe(IDLE_WIDTH);
  });

  it('keeps a non-finite reading out of the figures', () => {
    expect(flowBranch('pv', { ...NONE, pvPowerW: Number.NaN }).powerW).toBeNull();
  });
});

describe('line width and speed', () => {
  it.each<[number | null, number]>([
    [null, IDLE_WIDTH],
    [0, IDLE_WIDTH],
    [0.3, IDLE_WIDTH],
    [5, IDLE_WIDTH + 1],
    [10, IDLE_WIDTH + 1],
    [1e7, MAX_WIDTH],
    [1e12, MAX_WIDTH],
    [-1e12, MAX_WIDTH],
  ])('%s W is %s wide', (w, width) => {
    expect(flowWidth(w)).toBeCloseTo(width, 6);
  });

  it('grows with the power either way and never past the cap', () => {
    const widths = [1, 100, 1000, 10_000, 100_000, 1e6, 1e7, 1e9].map(flowWidth);
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeGreaterThanOrEqual(widths[i - 1]!);
    expect(widths[3]).toBeGreaterThan(widths[1]!);
    expect(flowWidth(-10_000)).toBe(flowWidth(10_000));
    expect(Math.max(...widths)).toBe(MAX_WIDTH);
  });

  it('moves faster the more power, from 2 s down to a quarter second per dash', () => {
    expect(flowPeriod(null)).toBeNull();
    expect(flowPeriod(0)).toBeNull();
    expect(flowPeriod(5)).toBe(2);
    expect(flowPeriod(1e8)).toBe(0.25);
    expect(flowPeriod(1000)!).toBeLessThan(flowPeriod(100)!);
    expect(flowPeriod(-1000)).toBe(flowPeriod(1000));
  });
});

describe('state of charge ring', () => {
  it.each<[number | null, number, string]>([
    [null, 0, 'none'],
    [Number.NaN, 0, 'none'],
    [0, 0, 'low'],
    [19.9, 19.9, 'low'],
    [20, 20, 'mid'],
    [50, 50, 'high'],
    [100, 100, 'high'],
    [130, 100, 'high'],
    [-5, 0, 'low'],
  ])('%s %% fills %s of 100 and is %s', (soc, arc, band) => {
    expect(socArc(soc, 100)).toBeCloseTo(arc, 6);
    expect(socBand(soc)).toBe(band);
  });
});
