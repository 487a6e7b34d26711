import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  bucketLabel,
  hourLabels,
  labelRange,
  localTimeWithOffset,
  offsetMinutes,
  zonedDayStart,
} from './alarm-time.js';

const ms = (iso: string) => Date.parse(iso);

describe('plant-local time', () => {
  it.each([
    ['2026-03-03T22:30:00Z', 'Europe/Prague', '2026-03-03 23:30:00 +01:00'],
    ['2026-07-01T10:00:00Z', 'Europe/Prague', '2026-07-01 12:00:00 +02:00'],
    ['2026-03-03T16:30:00Z', 'Asia/Shanghai', '2026-03-04 00:30:00 +08:00'],
    ['2026-03-03T16:30:00Z', 'Asia/Kolkata', '2026-03-03 22:00:00 +05:30'],
    ['2026-03-01T00:00:00Z', 'America/Sao_Paulo', '2026-02-28 21:00:00 -03:00'],
    ['2026-03-01T00:00:00Z', 'UTC', '2026-03-01 00:00:00 +00:00'],
  ])('%s in %s is %s', (at, zone, text) => {
    expect(localTimeWithOffset(ms(at), zone)).toBe(text);
  });

  it('finds where a plant-local day starts, across daylight-saving changes', () => {
    expect(zonedDayStart('2026-03-03', 'Europe/Prague')).toBe(ms('2026-03-02T23:00:00Z'));
    expect(zonedDayStart('2026-03-29', 'Europe/Prague')).toBe(ms('2026-03-28T23:00:00Z'));
    expect(zonedDayStart('2026-03-30', 'Europe/Prague')).toBe(ms('2026-03-29T22:00:00Z'));
    expect(zonedDayStart('2026-03-04', 'Asia/Shanghai')).toBe(ms('2026-03-03T16:00:00Z'));
    expect(zonedDayStart('2026-03-04', 'Asia/Kolkata')).toBe(ms('2026-03-03T18:30:00Z'));
    expect(offsetMinutes(ms('2026-03-29T01:30:00Z'), 'Europe/Prague')).toBe(120);
  });

  it('labels buckets and counts them through daylight-saving days', () => {
    expect(bucketLabel(ms('2026-03-03T22:30:00Z'), 'Europe/Prague', 'hour')).toBe('2026-03-03 23:00');
    expect(bucketLabel(ms('2026-03-03T22:30:00Z'), 'Europe/Prague', 'day')).toBe('2026-03-03');
    expect(bucketLabel(ms('2026-03-31T22:30:00Z'), 'Europe/Prague', 'month')).toBe('2026-04');
    // 29 March has 23 hours in Prague, 25 October 25 (the repeated hour is one label).
    const spring = hourLabels(
      zonedDayStart('2026-03-29', 'Europe/Prague'),
      zonedDayStart('2026-03-30', 'Europe/Prague'),
      'Europe/Prague',
      100,
    );
    expect(spring).toHaveLength(23);
    expect(spring).not.toContain('2026-03-29 02:00');
    const autumn = hourLabels(
      zonedDayStart('2026-10-25', 'Europe/Prague'),
      zonedDayStart('2026-10-26', 'Europe/Prague'),
      'Europe/Prague',
      100,
    );
    expect(autumn).toHaveLength(24);
    expect(labelRange('2026-02-27', '2026-03-02', 'day', 100)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(labelRange('2025-11', '2026-02', 'month', 100)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01', -13)).toBe('2024-12');
  });
});
