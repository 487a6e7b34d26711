import { roundEnergyKwh, type EnergyDelta } from './energy.js';
import { startOfLocalDay } from './local-time.js';

/** Rollup bucket length: 5 minutes. Every UTC offset is a multiple of 15 minutes, so buckets align with local days. */
export const BUCKET_MS = 5 * 60_000;

/** Start of the 5-minute bucket holding `ms`. */
export const bucketOf = (ms: number) => Math.floor(ms / BUCKET_MS) * BUCKET_MS;

/**
 * Spreads a delta over the 5-minute buckets of (prevTs, nextTs]: the part in next's local day evenly over the time
 * from next's local midnight (or prevTs) to nextTs, the rest evenly over prevTs to that midnight. With readings every
 * few minutes this is one or two buckets; across a gap it is the best guess of when the energy flowed. The shares add
 * up exactly to the delta, and summed per local day they equal `attributeToDays`.
 */
export function spreadOverBuckets(
  prevTs: number,
  nextTs: number,
  delta: EnergyDelta,
  timeZone: string,
): { bucket: number; kwh: number }[] {
  if (!(nextTs > prevTs) || delta.kwh === 0) return [];
  const midnight = startOfLocalDay(nextTs, timeZone);
  const earlier = roundEnergyKwh(delta.kwh - delta.nextDayKwh);
  if (midnight <= prevTs || earlier <= 0) return spread(prevTs, nextTs, delta.kwh);
  return [...spread(prevTs, midnight, earlier), ...spread(midnight, nextTs, delta.nextDayKwh)];
}

function spread(from: number, to: number, kwh: number): { bucket: number; kwh: number }[] {
  if (kwh === 0 || !(to > from)) return [];
  const out: { bucket: number; kwh: number }[] = [];
  let given = 0;
  // Intervals are (from, to]: the bucket holding `to` gets the last share, the one holding `from` the first.
  for (let bucket = bucketOf(from); bucket < to; bucket += BUCKET_MS) {
    const overlap = Math.min(to, bucket + BUCKET_MS) - Math.max(from, bucket);
    if (overlap <= 0) continue;
    const share = roundEnergyKwh((kwh * overlap) / (to - from));
    out.push({ bucket, kwh: share });
    given += share;
  }
  const last = out[out.length - 1];
  if (last) last.kwh = roundEnergyKwh(last.kwh + kwh - given);
  return out;
}
