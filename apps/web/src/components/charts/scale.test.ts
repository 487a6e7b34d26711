import { describe, expect, it } from 'vitest';
import { extent, labelStride, linearScale, niceAxis, niceStep, slotAt, tickDecimals } from './scale';

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

describe('labelStride', () => {
  it.each([
    [24, 960, 40, 1],
    [288, 960, 40, 12],
    [31, 300, 40, 5],
    [0, 300, 40, 1],
    [12, 0, 40, 1],
  ])('%i labels in %i px at %i px apart → every %i', (count, width, gap, stride) => {
    expect(labelStride(count, width, gap)).toBe(stride);
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
