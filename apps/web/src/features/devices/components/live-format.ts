import { DEVICE_LIVE_FIELDS, type DeviceLiveKey } from '@voltfleet/domain/device-list';
import { formatFixed } from '@/lib/number-format';

/** A live value with its catalogue decimals in the UI language ("2,345", "2 345", "3,21"), or a dash. */
export function formatLiveValue(key: DeviceLiveKey, value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined) return '—';
  return formatFixed(value, lang, DEVICE_LIVE_FIELDS[key].decimals);
}

/** The catalogue unit of a live field ('W', '%', 'kWh'). */
export const liveUnit = (key: DeviceLiveKey): string => DEVICE_LIVE_FIELDS[key].unit;

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Infinity],
];

/** How long ago an instant was, in the UI language ("now", "42 seconds ago", "3 hours ago"); a dash when unknown. */
export function relativeTime(iso: string | null | undefined, nowMs: number, lang: string): string {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return '—';
  // A device clock a little ahead of ours still reads "now", never "in 3 seconds".
  let amount = Math.max(0, Math.floor((nowMs - ms) / 1000));
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (amount < size) return format.format(-amount, unit);
    amount = Math.floor(amount / size);
  }
  return format.format(-amount, 'day');
}
