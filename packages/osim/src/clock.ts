// The time a 68 (clock) frame carries. OSIM has no clock query: the inverter answers 68 with the time it has set.
import { decodeFrameData } from './messages.js';
import type { OsimFrame } from './frame.js';

const PARTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** The UTC time (epoch seconds) a 68 frame carries, or undefined when it carries no real date and time. */
export function clockOfReply(reply: OsimFrame, pcuVersion: number): number | undefined {
  const decoded = decodeFrameData(reply, pcuVersion);
  const values = decoded.ok ? decoded.value.payload?.values : undefined;
  if (!values) return undefined;
  const parts = PARTS.map((k) => values[k]);
  if (!parts.every((p): p is number => typeof p === 'number' && Number.isInteger(p))) return undefined;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  // Date.UTC rolls 31 February over into March: only a real calendar date and time count.
  const real =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute &&
    back.getUTCSeconds() === second;
  return real ? ms / 1000 : undefined;
}
