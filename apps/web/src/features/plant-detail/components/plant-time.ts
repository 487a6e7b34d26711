import { localParts, utcOffsetLabel } from '@voltfleet/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the plant's wall-clock time with the zone's offset then: '2026-03-29 03:00:00 UTC+2'; a dash if none. */
export function plantTime(iso: string | null | undefined, timeZone: string): string {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return '—';
  const p = localParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} ${utcOffsetLabel(timeZone, ms)}`;
}
