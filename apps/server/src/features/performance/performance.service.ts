import {
  DESIGN_PERFORMANCE_RATIO,
  expectedEnergyKwh,
  judgePlant,
  siblingRatio,
  siblingReferenceKwh,
  performanceRatio,
  type DeviceRanking,
  type DeviceRankingRow,
  type IrradianceSource,
  type PerformanceGranularity,
  type PerformanceRankingQuery,
  type PerformanceRow,
  type PerformanceSettings,
  type PlantPerformance,
  type PlantRanking,
  type PlantRankingRow,
} from '@voltfleet/domain/performance';
import { specificYieldKwhPerKwp } from '@voltfleet/domain/plants';
import { localDay } from '@voltfleet/domain/time';
import type { Queryable } from '../../db/db.js';
import { plantDays, type PlantDayRow } from './performance.repository.js';
import { deviceSumsInScope, plantSumsInScope, type RankingScope } from './ranking.repository.js';

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const DAY_MS = 86_400_000;

/** What a period's figures are summed from. */
interface Sums {
  actualKwh: number;
  judgedKwh: number;
  poaKwhM2: number;
  clearSkyKwhM2: number;
  sources: Set<IrradianceSource>;
  days: number;
  sunnyDays: number;
}

const emptySums = (): Sums => ({
  actualKwh: 0,
  judgedKwh: 0,
  poaKwhM2: 0,
  clearSkyKwhM2: 0,
  sources: new Set(),
  days: 0,
  sunnyDays: 0,
});

function add(sums: Sums, d: PlantDayRow): void {
  sums.actualKwh += d.actualKwh;
  if (d.poaKwhM2 === null || d.source === null) return;
  sums.judgedKwh += d.actualKwh;
  sums.poaKwhM2 += d.poaKwhM2;
  sums.clearSkyKwhM2 += d.clearSkyKwhM2 ?? 0;
  sums.sources.add(d.source);
  sums.days += 1;
  if (d.sunny) sums.sunnyDays += 1;
}

/**
 * A period's row: ratios of sums (a month's ratio is its energy over its irradiation, not a mean of daily ratios),
 * and only days with irradiance in the ratio, so a day still running counts in the energy but not in the ratio.
 */
function rowOf(period: string, s: Sums, kwp: number | null): PerformanceRow {
  const judged = s.days > 0;
  const poa = judged ? round(s.poaKwhM2, 3) : null;
  const source = s.sources.size === 0 ? null : s.sources.size === 1 ? [...s.sources][0]! : 'mixed';
  return {
    period,
    actualKwh: round(s.actualKwh, 2),
    poaKwhM2: poa,
    clearSkyPoaKwhM2: judged ? round(s.clearSkyKwhM2, 3) : null,
    expectedKwh: expectedEnergyKwh(kwp, poa),
    pr: judged ? performanceRatio(s.judgedKwh, kwp, s.poaKwhM2) : null,
    specificYieldKwhKwp: kwp === null ? null : specificYieldKwhPerKwp(s.actualKwh, kwp),
    source,
    days: s.days,
    sunnyDays: s.sunnyDays,
  };
}

const periodOf = (day: string, granularity: PerformanceGranularity) =>
  granularity === 'day' ? day : granularity === 'month' ? day.slice(0, 7) : day.slice(0, 4);

/** Every period of from..to in order, so a period without data is a row of zeros rather than a gap. */
function periodsOf(from: string, to: string, granularity: PerformanceGranularity): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) {
    const p = periodOf(new Date(t).toISOString().slice(0, 10), granularity);
    if (out.at(-1) !== p) out.push(p);
  }
  return out;
}

/** The plant's Performance tab: its periods, the span's total and the plant rule's verdict as of its last full day. */
export async function plantPerformance(
  db: Queryable,
  plant: { plantId: number; powerKw: number; timeZone: string },
  query: { granularity: PerformanceGranularity; from: string; to: string },
  settings: PerformanceSettings,
  nowMs: number,
): Promise<PlantPerformance> {
  const kwp = plant.powerKw > 0 ? plant.powerKw : null;
  const days = await plantDays(db, [plant.plantId], query.from, query.to);
  const byPeriod = new Map(periodsOf(query.from, query.to, query.granularity).map((p) => [p, emptySums()]));
  const total = emptySums();
  for (const d of days) {
    add(byPeriod.get(periodOf(d.day, query.granularity)) ?? emptySums(), d);
    add(total, d);
  }
  const lastFull = new Date(Date.parse(localDay(nowMs, plant.timeZone)) - DAY_MS).toISOString().slice(0, 10);
  const judgeFrom = new Date(Date.parse(lastFull) - (settings.baselineDays + 60) * DAY_MS).toISOString().slice(0, 10);
  const recent = await plantDays(db, [plant.plantId], judgeFrom, lastFull);
  const verdict = judgePlant(
    recent.map((d) => ({ day: d.day, pr: performanceRatio(d.actualKwh, kwp, d.poaKwhM2), sunny: d.sunny })),
    settings,
  );
  return {
    plantId: plant.plantId,
    kwp,
    designPr: DESIGN_PERFORMANCE_RATIO,
    rows: [...byPeriod].map(([period, sums]) => rowOf(period, sums, kwp)),
    total: rowOf('total', total, kwp),
    verdict: {
      state: verdict.state,
      baselinePr: verdict.baselinePr,
      marginPct: settings.marginPct,
      sunnyDays: settings.sunnyDays,
    },
  };
}

/** Case-insensitive "contains" by the JavaScript folding (the plant list's rule: locale-independent). */
const contains = (text: string, q: string | undefined) =>
  !q || text.toLocaleLowerCase().includes(q.toLocaleLowerCase());

const byNullsLast =
  <T>(value: (row: T) => number | null, name: (row: T) => string) =>
  (a: T, b: T) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null)
      return x === null && y === null ? name(a).localeCompare(name(b)) : x === null ? 1 : -1;
    return x - y || name(a).localeCompare(name(b));
  };

/** Every plant in scope over the span, worst ratio first (plants without a ratio last), filtered by name. */
export async function plantRankingRows(
  db: Queryable,
  scope: RankingScope,
  query: Pick<PerformanceRankingQuery, 'from' | 'to' | 'q'>,
): Promise<PlantRankingRow[]> {
  const sums = await plantSumsInScope(db, scope, query.from, query.to);
  return sums
    .filter((s) => contains(s.name, query.q))
    .map((s): PlantRankingRow => {
      const row = rowOf(
        'total',
        { ...s, poaKwhM2: s.poaKwhM2 ?? 0, clearSkyKwhM2: s.clearSkyKwhM2 ?? 0, sources: new Set(s.sources) },
        s.kwp,
      );
      return {
        plantId: s.plantId,
        plantName: s.name,
        kwp: s.kwp,
        actualKwh: row.actualKwh,
        expectedKwh: row.expectedKwh,
        pr: row.pr,
        specificYieldKwhKwp: row.specificYieldKwhKwp,
        source: row.source,
        activePerformanceAlarms: s.activePerformanceAlarms,
      };
    })
    .sort(
      byNullsLast(
        (r) => r.pr,
        (r) => r.plantName,
      ),
    );
}

/** Every inverter in scope with siblings' figures, worst share of its siblings' median first, filtered by SN or plant. */
export async function deviceRankingRows(
  db: Queryable,
  scope: RankingScope,
  query: Pick<PerformanceRankingQuery, 'from' | 'to' | 'q'>,
): Promise<DeviceRankingRow[]> {
  const sums = await deviceSumsInScope(db, scope, query.from, query.to);
  return sums
    .filter((s) => contains(s.sn, query.q) || contains(s.plantName, query.q))
    .map((s): DeviceRankingRow => {
      const reference = siblingReferenceKwh({ ownKwh: s.actualKwh, siblingsKwh: s.siblingsKwh });
      return {
        deviceId: s.deviceId,
        sn: s.sn,
        model: s.model,
        plantId: s.plantId,
        plantName: s.plantName,
        actualKwh: round(s.actualKwh, 2),
        siblingMedianKwh: reference === null ? null : round(reference, 2),
        siblingRatio: siblingRatio({ ownKwh: s.actualKwh, siblingsKwh: s.siblingsKwh }),
        siblings: s.siblingsKwh.length,
        activePerformanceAlarms: s.activePerformanceAlarms,
      };
    })
    .sort(
      byNullsLast(
        (r) => r.siblingRatio,
        (r) => r.sn,
      ),
    );
}

/** One page of rows. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  pageSize: number,
): { rows: T[]; total: number; page: number; pageSize: number } {
  return { rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize };
}

export type { PlantRanking, DeviceRanking };

/**
 * The plant list's 30-day ratio of many plants at once: their last 30 complete local days with irradiance (the
 * Performance tab's total for the same span). One statement for all plants.
 */
export async function performanceRatios30d(
  db: Queryable,
  plants: readonly { plantId: number; powerKw: number; timeZone: string }[],
  nowMs: number,
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  if (plants.length === 0) return out;
  // The span differs by a day at most between zones; read the widest and cut per plant.
  const spans = plants.map((p) => {
    const to = new Date(Date.parse(localDay(nowMs, p.timeZone)) - DAY_MS).toISOString().slice(0, 10);
    return { ...p, to, from: new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10) };
  });
  const from = spans.reduce((m, s) => (s.from < m ? s.from : m), spans[0]!.from);
  const to = spans.reduce((m, s) => (s.to > m ? s.to : m), spans[0]!.to);
  const days = await plantDays(
    db,
    plants.map((p) => p.plantId),
    from,
    to,
  );
  const sums = new Map(spans.map((s) => [s.plantId, emptySums()]));
  const span = new Map(spans.map((s) => [s.plantId, s]));
  for (const d of days) {
    const s = span.get(d.plantId)!;
    if (d.day >= s.from && d.day <= s.to) add(sums.get(d.plantId)!, d);
  }
  for (const s of spans) out.set(s.plantId, rowOf('total', sums.get(s.plantId)!, s.powerKw > 0 ? s.powerKw : null).pr);
  return out;
}
