import type { AlarmFilter, AlarmTrendBucket } from '@voltfleet/domain/alarms';
import { pad } from '@/lib/format';
import { alarmSearchUrl } from './search-params';

/**
 * The calendar days a trend bucket covers, as the search's from/to (inclusive): an hour ('2026-03-03 14:00') and a
 * day ('2026-03-03') are their day, a month ('2026-02') its first to its last day. Null for a label of another shape.
 */
export function bucketDays(label: string, bucket: AlarmTrendBucket): { from: string; to: string } | null {
  if (bucket === 'month') {
    const match = /^(\d{4})-(\d{2})$/.exec(label);
    if (!match) return null;
    const [year, month] = [Number(match[1]), Number(match[2])];
    // Day 0 of the next month is this month's last day.
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { from: `${label}-01`, to: `${label}-${pad(last)}` };
  }
  const pattern = bucket === 'hour' ? /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}$/ : /^(\d{4}-\d{2}-\d{2})$/;
  const day = pattern.exec(label)?.[1];
  return day ? { from: day, to: day } : null;
}

/** A bucket label as the chart's axis shows it: the hour of an hour bucket's day, the rest as they are. */
export function axisLabel(label: string, bucket: AlarmTrendBucket): string {
  return bucket === 'hour' ? label.slice(5) : label;
}

/** The search for one bucket's days within the overview's filters: clicking a bucket lists the alarms raised in it. */
export function bucketSearchUrl(filter: AlarmFilter, label: string, bucket: AlarmTrendBucket): string | null {
  const days = bucketDays(label, bucket);
  return days && alarmSearchUrl({ ...filter, ...days });
}
