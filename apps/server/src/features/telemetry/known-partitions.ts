import type { Queryable } from '../../db/db.js';
import { ensurePartitions } from './ingest.repository.js';

/**
 * The monthly partitions of `readings` this process has made sure exist, so a batch creates a partition once per
 * process and month and otherwise sends no statement for it.
 */
export class KnownPartitions {
  private readonly known = new Set<string>();
  /** The last month asked for, with its bounds: a batch's readings nearly all share one. */
  private last = { fromMs: 0, toMs: 0, name: '' };

  /** Makes sure the partitions of these reading times exist. */
  async ensure(db: Queryable, times: Iterable<number>): Promise<void> {
    const months = new Set<string>();
    for (const ms of times) months.add(this.monthOf(ms));
    const missing = [...months].filter((m) => !this.known.has(m));
    if (missing.length === 0) return;
    await ensurePartitions(db, missing);
    missing.forEach((m) => this.known.add(m));
  }

  /**
   * A time's UTC month as its partition is named ("2026-12"). A Date and its ISO text for every reading were 1–2 % of
   * ingest's CPU; a comparison with the last month's bounds is not.
   */
  monthOf(ms: number): string {
    if (ms >= this.last.fromMs && ms < this.last.toMs) return this.last.name;
    const from = new Date(ms);
    from.setUTCDate(1);
    from.setUTCHours(0, 0, 0, 0);
    const to = new Date(from);
    to.setUTCMonth(to.getUTCMonth() + 1);
    this.last = { fromMs: from.getTime(), toMs: to.getTime(), name: from.toISOString().slice(0, 7) };
    return this.last.name;
  }
}
