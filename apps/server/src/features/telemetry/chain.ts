import {
  ENERGY_QUANTITIES,
  energyDeltas,
  spreadOverBuckets,
  type EnergyDeltaOptions,
  type FieldKey,
} from '@voltfleet/domain/telemetry';
import { localDay, localMonth } from '@voltfleet/domain/time';
import { COUNTER_KEYS } from './columns.js';
import type { ChainRow, Energy, NewReadingRow } from './ingest.repository.js';

export const zeroEnergy = (): Energy => ({
  pv: 0,
  load: 0,
  gridImport: 0,
  gridExport: 0,
  batCharge: 0,
  batDischarge: 0,
});

/** One interval's energy, added (+1) or taken back (−1) from the rollups. */
export interface Contribution {
  sign: 1 | -1;
  prevTs: number;
  ts: number;
  delta: Energy;
  deltaNext: Energy;
}

export interface ChainResult {
  inserts: NewReadingRow[];
  updates: { deviceId: number; ts: number; prevTs: number | null; delta: Energy; deltaNext: Energy }[];
  contributions: Contribution[];
}

type Incoming = Omit<NewReadingRow, 'prevTs' | 'delta' | 'deltaNext'>;

/**
 * Places a device's new readings among its stored neighbours (sorted by time) and works out every interval whose
 * energy changes: each new reading gets the delta from its predecessor, and a stored reading that gains a new
 * predecessor (a late reading landed before it) has its old delta taken back and a new one added. Readings already
 * stored are dropped as duplicates.
 */
export function placeInChain(stored: ChainRow[], incoming: Incoming[], options: EnergyDeltaOptions): ChainResult {
  const storedTs = new Set(stored.map((r) => r.ts));
  const fresh = new Map<number, Incoming>();
  for (const r of incoming) if (!storedTs.has(r.ts) && !fresh.has(r.ts)) fresh.set(r.ts, r);
  type Node = { ts: number; counters: Partial<Record<FieldKey, number>>; stored?: ChainRow; incoming?: Incoming };
  const nodes: Node[] = [
    ...stored.map((s) => ({ ts: s.ts, counters: s.counters, stored: s })),
    ...[...fresh.values()].map((i) => ({ ts: i.ts, counters: i.values, incoming: i })),
  ].sort((a, b) => a.ts - b.ts);

  const result: ChainResult = { inserts: [], updates: [], contributions: [] };
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const prev = i > 0 ? nodes[i - 1]! : undefined;
    const computed = prev ? deltas(prev, node, options) : { delta: zeroEnergy(), deltaNext: zeroEnergy() };
    const prevTs = prev?.ts ?? null;
    if (node.incoming) {
      result.inserts.push({ ...node.incoming, prevTs, ...computed });
      if (prevTs !== null) result.contributions.push({ sign: 1, prevTs, ts: node.ts, ...computed });
    } else if (node.stored && prev?.incoming) {
      // A stored reading whose predecessor is now a late arrival: swap its interval's energy.
      const old = node.stored;
      if (old.prevTs !== null)
        result.contributions.push({
          sign: -1,
          prevTs: old.prevTs,
          ts: old.ts,
          delta: old.delta,
          deltaNext: old.deltaNext,
        });
      result.updates.push({ deviceId: old.deviceId, ts: old.ts, prevTs, ...computed });
      if (prevTs !== null) result.contributions.push({ sign: 1, prevTs, ts: node.ts, ...computed });
    }
  }
  return result;
}

/** The newest reading of a device's chain after a batch (stored or new), as the chain query would return it. */
export function newestOfChain(chain: ChainRow[], result: ChainResult): ChainRow | undefined {
  let tail: ChainRow | undefined;
  for (const row of chain) if (!tail || row.ts > tail.ts) tail = row;
  for (const r of result.inserts) {
    if (tail && r.ts <= tail.ts) continue;
    const counters: ChainRow['counters'] = {};
    for (const key of COUNTER_KEYS) if (r.values[key] !== undefined) counters[key] = r.values[key];
    tail = { deviceId: r.deviceId, ts: r.ts, prevTs: r.prevTs, counters, delta: r.delta, deltaNext: r.deltaNext };
  }
  // A stored tail whose predecessor changed in this batch: take its new delta.
  const update = tail && result.updates.find((u) => u.ts === tail.ts);
  return tail && update ? { ...tail, prevTs: update.prevTs, delta: update.delta, deltaNext: update.deltaNext } : tail;
}

function deltas(
  prev: { ts: number; counters: Partial<Record<FieldKey, number>> },
  next: typeof prev,
  options: EnergyDeltaOptions,
) {
  const all = energyDeltas({ ts: prev.ts, values: prev.counters }, { ts: next.ts, values: next.counters }, options);
  const delta = zeroEnergy();
  const deltaNext = zeroEnergy();
  for (const q of ENERGY_QUANTITIES) {
    delta[q] = all[q].kwh;
    deltaNext[q] = all[q].nextDayKwh;
  }
  return { delta, deltaNext };
}

/** Rollup increments keyed by "<id>|<bucket|day|month>". */
export interface RollupIncrements {
  fiveMin: Map<string, Energy>;
  day: Map<string, Energy>;
  month: Map<string, Energy>;
}

export const emptyIncrements = (): RollupIncrements => ({ fiveMin: new Map(), day: new Map(), month: new Map() });

// Day and month of a 5-minute bucket per zone; buckets repeat across a batch, so this saves most date work.
const calendar = new Map<string, Map<number, { day: string; month: string; iso: string }>>();
function calendarOf(bucket: number, timeZone: string) {
  let zone = calendar.get(timeZone);
  if (!zone) calendar.set(timeZone, (zone = new Map()));
  let hit = zone.get(bucket);
  if (!hit) {
    if (zone.size > 50_000) zone.clear();
    hit = {
      day: localDay(bucket, timeZone),
      month: `${localMonth(bucket, timeZone)}-01`,
      iso: new Date(bucket).toISOString(),
    };
    zone.set(bucket, hit);
  }
  return hit;
}

function addEnergy(map: Map<string, Energy>, key: string, energy: Energy) {
  const e = map.get(key);
  if (!e) map.set(key, { ...energy });
  else for (const q of ENERGY_QUANTITIES) e[q] += energy[q];
}

/** Spreads contributions over 5-minute buckets and folds them into day and month totals in the plant's zone. */
export function addContributions(
  into: RollupIncrements,
  id: number,
  contributions: Contribution[],
  timeZone: string,
): void {
  for (const c of contributions) {
    // Every quantity's shares by bucket first, so the rollup keys are built once per bucket, not once per quantity.
    const byBucket = new Map<number, Energy>();
    for (const q of ENERGY_QUANTITIES) {
      const delta = { kwh: c.delta[q], nextDayKwh: c.deltaNext[q], source: 'total' as const };
      for (const share of spreadOverBuckets(c.prevTs, c.ts, delta, timeZone)) {
        let e = byBucket.get(share.bucket);
        if (!e) byBucket.set(share.bucket, (e = zeroEnergy()));
        e[q] += c.sign * share.kwh;
      }
    }
    for (const [bucket, energy] of byBucket) {
      const at = calendarOf(bucket, timeZone);
      addEnergy(into.fiveMin, `${id}|${at.iso}`, energy);
      addEnergy(into.day, `${id}|${at.day}`, energy);
      addEnergy(into.month, `${id}|${at.month}`, energy);
    }
  }
}

/** Turns increments back into rows for `addToRollup`. */
export function incrementRows(map: Map<string, Energy>): { key: number; at: string; energy: Energy }[] {
  return [...map.entries()].map(([k, energy]) => {
    const [id, at] = k.split('|') as [string, string];
    return { key: Number(id), at, energy };
  });
}
