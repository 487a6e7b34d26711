import { describe, expect, it } from 'vitest';
import { attributeToDays } from './energy-days.js';
import { localDay } from './local-time.js';
import { BUCKET_MS, bucketOf, spreadOverBuckets } from './spread.js';

const t = (iso: string) => Date.parse(iso);
const sum = (xs: { kwh: number }[]) => Math.round(xs.reduce((a, x) => a + x.kwh, 0) * 1e6) / 1e6;

describe('spreadOverBuckets', () => {
  it.each([
    ['one minute inside a bucket', '2026-03-10T10:01:00Z', '2026-03-10T10:02:00Z', 0.05, 1],
    [
      'a reading on the bucket edge belongs to the bucket it ends',
      '2026-03-10T10:04:00Z',
      '2026-03-10T10:05:00Z',
      0.05,
      1,
    ],
    ['a two-hour gap spreads over 24 buckets', '2026-03-10T10:00:00Z', '2026-03-10T12:00:00Z', 6, 24],
  ])('%s', (_name, from, to, kwh, buckets) => {
    const out = spreadOverBuckets(t(from), t(to), { kwh, nextDayKwh: kwh, source: 'today' }, 'UTC');
    expect(out).toHaveLength(buckets);
    expect(sum(out)).toBe(kwh);
    expect(out.every((b) => b.bucket % BUCKET_MS === 0)).toBe(true);
  });

  it('puts a one-minute delta ending at 10:05 into the 10:00 bucket', () => {
    const out = spreadOverBuckets(
      t('2026-03-10T10:04:00Z'),
      t('2026-03-10T10:05:00Z'),
      { kwh: 1, nextDayKwh: 1, source: 'today' },
      'UTC',
    );
    expect(out).toEqual([{ bucket: t('2026-03-10T10:00:00Z'), kwh: 1 }]);
  });

  it('splits across local midnight exactly like attributeToDays, in the plant zone', () => {
    const zone = 'Asia/Shanghai'; // midnight is 16:00 UTC
    const prev = t('2026-03-10T15:30:00Z');
    const next = t('2026-03-10T16:45:00Z');
    const delta = { kwh: 2, nextDayKwh: 1.5, source: 'total' as const };
    const buckets = spreadOverBuckets(prev, next, delta, zone);
    const byDay = new Map<string, number>();
    for (const b of buckets) byDay.set(localDay(b.bucket, zone), (byDay.get(localDay(b.bucket, zone)) ?? 0) + b.kwh);
    const days = attributeToDays(prev, next, delta, zone);
    for (const d of days) expect(byDay.get(d.day)).toBeCloseTo(d.kwh, 6);
    expect(sum(buckets)).toBe(2);
    expect(buckets.filter((b) => b.bucket < t('2026-03-10T16:00:00Z')).reduce((a, b) => a + b.kwh, 0)).toBeCloseTo(
      0.5,
      6,
    );
  });

  it('gives nothing for no energy or a reversed interval', () => {
    expect(spreadOverBuckets(2, 1, { kwh: 1, nextDayKwh: 1, source: 'today' }, 'UTC')).toEqual([]);
    expect(spreadOverBuckets(1, 2, { kwh: 0, nextDayKwh: 0, source: 'none' }, 'UTC')).toEqual([]);
  });

  it('aligns buckets to local midnight in a zone with a 45-minute offset', () => {
    const zone = 'Asia/Kathmandu';
    const prev = t('2026-03-10T18:10:00Z');
    const next = t('2026-03-10T18:20:00Z'); // local midnight is 18:15 UTC
    const out = spreadOverBuckets(prev, next, { kwh: 1, nextDayKwh: 0.5, source: 'total' }, zone);
    expect(new Set(out.map((b) => localDay(b.bucket, zone)))).toEqual(new Set(['2026-03-10', '2026-03-11']));
    expect(bucketOf(t('2026-03-10T18:15:00Z'))).toBe(t('2026-03-10T18:15:00Z'));
  });
});
