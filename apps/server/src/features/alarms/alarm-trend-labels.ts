import { localParts, shiftDay, shiftMonth } from '@voltfleet/domain/time';
import { type AlarmTrendBucket } from '@voltfleet/domain/alarms';

// The alarm overview's trend buckets and their labels. The wall clock and the calendar arithmetic under them are the
// domain's (telemetry/local-time.ts); what is here is only how the trend names and walks its buckets.

const pad = (n: number) => String(n).padStart(2, '0');

/** The hour label 'YYYY-MM-DD HH:00' `n` hours after `label`, counting wall-clock hours. */
function addHours(label: string, n: number): string {
  const ms = Date.parse(`${label.replace(' ', 'T')}:00Z`) + n * 3_600_000;
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
}

/** The bucket label of an instant in the zone: 'YYYY-MM-DD HH:00', 'YYYY-MM-DD' or 'YYYY-MM'. */
export function bucketLabel(ms: number, timeZone: string, bucket: AlarmTrendBucket): string {
  const w = localParts(ms, timeZone);
  const month = `${w.year}-${pad(w.month)}`;
  if (bucket === 'month') return month;
  const day = `${month}-${pad(w.day)}`;
  return bucket === 'day' ? day : `${day} ${pad(w.hour)}:00`;
}

/** The label after `label` in its bucket. */
export function nextLabel(label: string, bucket: AlarmTrendBucket): string {
  if (bucket === 'month') return shiftMonth(label, 1);
  if (bucket === 'day') return shiftDay(label, 1);
  return addHours(label, 1);
}

/** The labels from `first` to `last` inclusive, one per bucket (at most `max + 1`: the caller refuses more). */
export function labelRange(first: string, last: string, bucket: AlarmTrendBucket, max: number): string[] {
  const out: string[] = [];
  for (let label = first; label <= last && out.length <= max; label = nextLabel(label, bucket)) out.push(label);
  return out;
}

/**
 * The hour labels of the zone's wall clock between two instants (a repeated hour at the end of daylight-saving time
 * is one label, a skipped one is absent), at most `max + 1`.
 */
export function hourLabels(fromMs: number, untilMs: number, timeZone: string, max: number): string[] {
  const out: string[] = [];
  // Quarter-hour steps reach every hour of zones with :30 and :45 offsets.
  for (let t = fromMs; t < untilMs && out.length <= max; t += 15 * 60_000) {
    const label = bucketLabel(t, timeZone, 'hour');
    if (out[out.length - 1] !== label) out.push(label);
  }
  return out;
}
