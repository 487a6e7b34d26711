import { describe, expect, it } from 'vitest';
import { localDayStart } from '@voltfleet/domain/time';
import { bucketLabel, hourLabels, labelRange, nextLabel } from './alarm-trend-labels.js';

const ms = (iso: string) => Date.parse(iso);
const dayStart = (day: string, zone: string) => localDayStart(day, zone)!;

describe('trend bucket labels', () => {
  it.each([
    ['2026-03-03T22:30:00Z', 'Europe/Prague', 'hour', '2026-03-03 23:00'],
    ['2026-03-03T22:30:00Z', 'Europe/Prague', 'day', '2026-03-03'],
    ['2026-03-31T22:30:00Z', 'Europe/Prague', 'month', '2026-04'],
    ['2026-03-03T16:30:00Z', 'Asia/Kolkata', 'hour', '2026-03-03 22:00'],
    ['2026-03-01T00:00:00Z', 'America/Sao_Paulo', 'day', '2026-02-28'],
  ] as const)('%s in %s by %s is %s', (at, zone, bucket, label) => {
    expect(bucketLabel(ms(at), zone, bucket)).toBe(label);
  });

  it.each([
    ['2026-03-03 23:00', 'hour', '2026-03-04 00:00'],
    ['2026-12-31', 'day', '2027-01-01'],
    ['2026-12', 'month', '2027-01'],
  ] as const)('after %s (%s) comes %s', (label, bucket, next) => {
    expect(nextLabel(label, bucket)).toBe(next);
  });

  it('counts the hours of daylight-saving days once each', () => {
    // 29 March has 23 hours in Prague, 25 October 25 (the repeated hour is one label).
    const spring = hourLabels(
      dayStart('2026-03-29', 'Europe/Prague'),
      dayStart('2026-03-30', 'Europe/Prague'),
      'Europe/Prague',
      100,
    );
    expect(spring).toHaveLength(23);
    expect(spring).not.toContain('2026-03-29 02:00');
    const autumn = hourLabels(
      dayStart('2026-10-25', 'Europe/Prague'),
      dayStart('2026-10-26', 'Europe/Prague'),
      'Europe/Prague',
      100,
    );
    expect(autumn).toHaveLength(24);
    // A :45 zone's hours start off the UTC hour, and quarter-hour steps still find each one.
    const kathmandu = hourLabels(
      dayStart('2026-03-04', 'Asia/Kathmandu'),
      dayStart('2026-03-05', 'Asia/Kathmandu'),
      'Asia/Kathmandu',
      100,
    );
    expect(kathmandu).toHaveLength(24);
    expect(kathmandu[0]).toBe('2026-03-04 00:00');
  });

  it('ranges labels inclusively and stops one past the cap', () => {
    expect(labelRange('2026-02-27', '2026-03-02', 'day', 100)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(labelRange('2025-11', '2026-02', 'month', 100)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(labelRange('2026-01-01', '2026-12-31', 'day', 10)).toHaveLength(11);
  });
});
