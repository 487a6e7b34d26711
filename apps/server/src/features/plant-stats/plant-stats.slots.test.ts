import { describe, expect, it } from 'vitest';
import { addTotals, labelsUntil, seriesByLabel, slotLabels, yearLabels, zeroTotals } from './plant-stats.slots.js';

describe('slotLabels', () => {
  it.each([
    ['fiveMinutes', '2026-05-09', 288, '00:00', '23:55'],
    ['hours', '2026-05-09', 24, '00:00', '23:00'],
    ['days', '2026-02-10', 28, '2026-02-01', '2026-02-28'],
    ['days', '2028-02-10', 29, '2028-02-01', '2028-02-29'],
    ['days', '2026-12-31', 31, '2026-12-01', '2026-12-31'],
    ['days', '2026-04-01', 30, '2026-04-01', '2026-04-30'],
    ['months', '2026-07-04', 12, '2026-01', '2026-12'],
  ] as const)('%s around %s: %i labels from %s to %s', (kind, date, count, first, last) => {
    const labels = slotLabels(kind, date);
    expect(labels).toHaveLength(count);
    expect(labels[0]).toBe(first);
    expect(labels.at(-1)).toBe(last);
    expect(new Set(labels).size).toBe(count);
  });

  it('steps five minutes at a time through the day', () => {
    expect(slotLabels('fiveMinutes', '2026-05-09').slice(11, 14)).toEqual(['00:55', '01:00', '01:05']);
  });
});

describe('yearLabels', () => {
  it.each([
    [[], []],
    [['2026'], ['2026']],
    [
      ['2027', '2024'],
      ['2024', '2025', '2026', '2027'],
    ],
  ])('%j → %j', (present, expected) => {
    expect(yearLabels(present)).toEqual(expected);
  });
});

describe('labelsUntil', () => {
  it.each([
    [0, ['00:00']],
    [4.9, ['00:00']],
    [5, ['00:00', '00:05']],
    [12.5, ['00:00', '00:05', '00:10']],
  ])('at minute %d keeps %j', (minute, expected) => {
    expect(labelsUntil(slotLabels('fiveMinutes', '2026-01-01'), minute)).toEqual(expected);
  });
});

describe('seriesByLabel', () => {
  it('puts each row at its label, zero elsewhere, for the chosen quantities only', () => {
    const series = seriesByLabel(
      ['a', 'b', 'c'],
      [
        { label: 'c', pvKwh: 1.23456, loadKwh: 2 },
        { label: 'a', pvKwh: 3 },
        { label: 'z', pvKwh: 99 },
      ],
      ['pv', 'load'],
    );
    expect(series).toEqual([
      { quantity: 'pv', valuesKwh: [3, 0, 1.235] },
      { quantity: 'load', valuesKwh: [0, 0, 2] },
    ]);
  });
});

describe('addTotals', () => {
  it('adds every quantity, reading missing ones as zero, rounded to Wh', () => {
    expect(addTotals({ ...zeroTotals(), pvKwh: 0.1 }, { pvKwh: 0.2, gridExportKwh: 1 })).toEqual({
      ...zeroTotals(),
      pvKwh: 0.3,
      gridExportKwh: 1,
    });
  });
});
