import { describe, expect, it } from 'vitest';
import { bucketDays } from './trend-range';

describe('bucketDays', () => {
  it.each([
    ['2026-03-03 14:00', 'hour', { from: '2026-03-03', to: '2026-03-03' }],
    ['2026-03-03', 'day', { from: '2026-03-03', to: '2026-03-03' }],
    ['2026-02', 'month', { from: '2026-02-01', to: '2026-02-28' }],
    ['2024-02', 'month', { from: '2024-02-01', to: '2024-02-29' }],
    ['2026-12', 'month', { from: '2026-12-01', to: '2026-12-31' }],
    ['2026-04', 'month', { from: '2026-04-01', to: '2026-04-30' }],
    ['2026-03-03', 'hour', null],
    ['2026-03', 'day', null],
    ['March', 'month', null],
  ] as const)('%s (%s) → %o', (label, bucket, expected) => {
    expect(bucketDays(label, bucket)).toEqual(expected);
  });
});
