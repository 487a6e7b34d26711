import { READING_MAX_AGE_MS } from '@voltfleet/domain/telemetry';
import type { ChainAnchor, ReadingPartition } from './retention.repository.js';

/*
 * The retention rule for raw readings, in one place (docs/configuration.md, READINGS_RETENTION_MONTHS):
 *
 * - The window is the current UTC month and the `months` whole UTC months before it; the cut-off is the start of the
 *   oldest of them. The default 24 keeps between 24 and 25 months. The cut-off is always the start of a month, so it
 *   falls on a partition boundary: every monthly partition of `readings` lies wholly before or wholly inside it.
 * - Readings before the cut-off go, except each device's anchor: its last reading before the cut-off while the device
 *   has no reading between the cut-off and the oldest time the link still accepts (READING_MAX_AGE_MS, 35 days ago).
 *   The next reading the device sends, even after years of silence, or a late one, takes its energy from the
 *   anchor's counters, so the rollups count that interval exactly as if nothing had been purged; the anchor is also
 *   the device's latest value while it is silent.
 * - A partition before the cut-off without anchors is detached and dropped whole; one holding anchors keeps only them
 *   (its other rows are deleted in batches). Rollups (device_energy_*, plant_energy_*) are never touched.
 */

/** Start of the retention window: the first instant (UTC) of the month `months` before now's UTC month. */
export function retentionCutoff(months: number, now: number): number {
  const at = new Date(now);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - months, 1);
}

/** The oldest reading time the device link still accepts at `now`. */
export const acceptedFrom = (now: number) => now - READING_MAX_AGE_MS;

/** Start (UTC ms) of the month after a YYYY-MM month: the partition's upper bound. */
export function monthEnd(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1);
}

export interface RetentionPlan {
  /** Partitions wholly before the cut-off that hold no anchor (or are already detached): dropped whole. */
  drop: ReadingPartition[];
  /** Partitions wholly before the cut-off holding anchors: everything else in them is deleted. */
  trim: { partition: ReadingPartition; anchors: ChainAnchor[] }[];
}

/** Which partitions go and which are trimmed down to their anchors. */
export function planRetention(
  partitions: readonly ReadingPartition[],
  anchors: readonly ChainAnchor[],
  cutoff: number,
): RetentionPlan {
  const plan: RetentionPlan = { drop: [], trim: [] };
  for (const partition of partitions) {
    if (monthEnd(partition.month) > cutoff) continue;
    const inside = anchors.filter((a) => a.ts.toISOString().slice(0, 7) === partition.month);
    if (inside.length === 0 || partition.state !== 'attached') plan.drop.push(partition);
    else plan.trim.push({ partition, anchors: inside });
  }
  return plan;
}
