import {
  BIG_SCREEN_TICKER,
  SOC_BANDS,
  type BigScreenAlarms,
  type BigScreenCharts,
  type BigScreenFlow,
  type BigScreenPlant,
  type BigScreenScope,
  type BigScreenSummary,
} from '@voltfleet/domain/big-screen';
import { localDay } from '@voltfleet/domain/time';
import { type EnergyTrend } from '@voltfleet/domain/plants';
import { type Lang } from '@voltfleet/domain/i18n';
import type { Db } from '../../db/db.js';
import { newestActiveAlarms } from '../alarms/index.js';
import { listPlants } from '../plants/index.js';
import {
  batterySocs,
  fleetTrend,
  plantListFigures,
  plantOverview,
  scopeFlow,
  scopeOf,
  scopePlants,
  statisticsSummary,
} from '../plant-stats/index.js';
import type { BigScreenViewer } from './big-screen.viewer.js';

/**
 * The big screens' figures. None is computed here: each comes from the service plant statistics, the plant list or
 * the plant detail uses, called with the viewer's plant scope, so a wall shows what those pages show for the same
 * plants and period. This file only picks and arranges them.
 */

const DAY_MS = 86_400_000;
const TOP_PLANTS = 10;

const plantScope = (viewer: BigScreenViewer, offlineSeconds: number) =>
  scopeOf(viewer.owner, offlineSeconds, viewer.plantIds);

async function scopePlantIds(db: Db, viewer: BigScreenViewer, offlineSeconds: number): Promise<number[]> {
  return (await scopePlants(db, plantScope(viewer, offlineSeconds))).map((p) => p.id);
}

export async function bigScreenScope(db: Db, viewer: BigScreenViewer, offlineSeconds: number): Promise<BigScreenScope> {
  return {
    kind: viewer.kind,
    name: viewer.name,
    plantCount: (await scopePlantIds(db, viewer, offlineSeconds)).length,
    expiresAt: viewer.expiresAt,
    views: viewer.views,
  };
}

/** Plant statistics' summary of the scope, its active alarms by severity included. */
export async function bigScreenSummary(
  db: Db,
  viewer: BigScreenViewer,
  offlineSeconds: number,
  nowMs: number,
): Promise<BigScreenSummary> {
  const summary = await statisticsSummary(db, plantScope(viewer, offlineSeconds), nowMs);
  return {
    scope: {
      kind: viewer.kind,
      name: viewer.name,
      plantCount: summary.counts.all,
      expiresAt: viewer.expiresAt,
      views: viewer.views,
    },
    summary,
  };
}

/** The map's markers: the plant list's rows of the scope (status, alarms) with its live PV power and today's PV. */
export async function bigScreenPlants(
  db: Db,
  viewer: BigScreenViewer,
  offlineSeconds: number,
  nowMs: number,
): Promise<{ plants: BigScreenPlant[] }> {
  const chosen = viewer.plantIds ? new Set(viewer.plantIds) : null;
  const plants = (await listPlants(db, viewer.owner, offlineSeconds, { status: 'all' })).filter(
    (p) => !chosen || chosen.has(p.plantId),
  );
  const figures = await plantListFigures(db, plants, offlineSeconds, nowMs);
  return {
    plants: plants.map((p) => ({
      plantId: p.plantId,
      name: p.name,
      latitude: p.latitude,
      longitude: p.longitude,
      status: p.status,
      powerKwp: p.powerKw,
      capacityKwh: p.capacityKwh,
      pvPowerW: figures.get(p.plantId)!.pvPowerW,
      pvTodayKwh: figures.get(p.plantId)!.pvEnergyTodayKwh,
      alarms: p.activeAlarms,
    })),
  };
}

/** The ticker: the newest active alarms of the scope's plants (the alarm search's reads). */
export async function bigScreenAlarms(
  db: Db,
  viewer: BigScreenViewer,
  offlineSeconds: number,
  lang: Lang,
): Promise<BigScreenAlarms> {
  const { alarms, total } = await newestActiveAlarms(
    db,
    await scopePlantIds(db, viewer, offlineSeconds),
    BIG_SCREEN_TICKER,
    lang,
  );
  return { alarms, total };
}

/** `count` consecutive UTC days ending with `lastMs`'s ('YYYY-MM-DD'), oldest first. */
export function lastDays(lastMs: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => localDay(lastMs - (count - 1 - i) * DAY_MS, 'UTC'));
}

/** `count` consecutive months ending with `lastDay`'s ('YYYY-MM'), oldest first. */
export function lastMonths(lastDay: string, count: number): string[] {
  const year = Number(lastDay.slice(0, 4));
  const month = Number(lastDay.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** PV kWh per label of plant statistics' trends (several months or years), zero where a trend has no figure. */
function pvByLabel(trends: readonly EnergyTrend[], labels: readonly string[]): number[] {
  const values = new Map<string, number>();
  for (const t of trends) {
    const pv = t.series.find((s) => s.quantity === 'pv')?.valuesKwh ?? [];
    t.labels.forEach((label, i) => values.set(label, pv[i] ?? 0));
  }
  return labels.map((l) => values.get(l) ?? 0);
}

/** Devices per SoC band of SOC_BANDS (0–10 % … 90–100 %); 100 % falls in the last. */
export function socBandsOf(socs: readonly number[]): number[] {
  const bands = Array.from({ length: SOC_BANDS }, () => 0);
  for (const soc of socs) bands[Math.min(SOC_BANDS - 1, Math.max(0, Math.floor(soc / 10)))]! += 1;
  return bands;
}

/**
 * The charts view: plant statistics' day trend of today and yesterday, its month and year trends cut to the last 30
 * days and 12 months, its status counts, savings and earnings; the plant list's specific yield for the top plants.
 * Days are UTC days, as plant statistics' fleet trend counts them when no date is given.
 */
export async function bigScreenCharts(
  db: Db,
  viewer: BigScreenViewer,
  offlineSeconds: number,
  nowMs: number,
): Promise<BigScreenCharts> {
  const scope = plantScope(viewer, offlineSeconds);
  const today = localDay(nowMs, 'UTC');
  const yesterday = localDay(nowMs - DAY_MS, 'UTC');
  const days = lastDays(nowMs, 30);
  const months = lastMonths(today, 12);
  const trend = (range: 'day' | 'month' | 'year', date: string) => fleetTrend(db, scope, { range, date }, nowMs);
  const monthTrends = [...new Set([days[0]!, today])].map((d) => trend('month', d));
  const yearTrends = [...new Set([`${months[0]!}-01`, today])].map((d) => trend('year', d));
  const summary = await statisticsSummary(db, scope, nowMs);
  const plants = await scopePlants(db, scope);
  const figures = await plantListFigures(
    db,
    plants.map((p) => ({ plantId: p.id, powerKw: p.power_kw })),
    offlineSeconds,
    nowMs,
  );
  const topPlants = plants
    .map((p) => ({ plant: p, f: figures.get(p.id)! }))
    .filter((x) => x.f.specificYieldKwhPerKwp !== null)
    .sort((a, b) => b.f.specificYieldKwhPerKwp! - a.f.specificYieldKwhPerKwp! || a.plant.id - b.plant.id)
    .slice(0, TOP_PLANTS)
    .map(({ plant, f }) => ({
      plantId: plant.id,
      name: plant.name,
      kwhPerKwp: f.specificYieldKwhPerKwp!,
      pvTodayKwh: f.pvEnergyTodayKwh,
    }));
  return {
    today: await trend('day', today),
    yesterday: await trend('day', yesterday),
    days: { labels: days, pvKwh: pvByLabel(await Promise.all(monthTrends), days) },
    months: { labels: months, pvKwh: pvByLabel(await Promise.all(yearTrends), months) },
    status: summary.counts,
    topPlants,
    socBands: socBandsOf(await batterySocs(db, scope, nowMs)),
    savings: summary.savings,
    earningsTotal: summary.earnings.total,
  };
}

/**
 * The flow graph: one plant's power flow and today's energy from the plant detail's overview (a plant outside the
 * scope answers "Cannot find this plant", as a missing one does), or the whole scope's summed.
 */
export async function bigScreenFlow(
  db: Db,
  viewer: BigScreenViewer,
  offlineSeconds: number,
  plantId: number | undefined,
  nowMs: number,
): Promise<BigScreenFlow> {
  const scope = plantScope(viewer, offlineSeconds);
  if (plantId !== undefined) {
    const overview = await plantOverview(db, scope, plantId, nowMs);
    return { plantId, name: overview.name, power: overview.power, energyToday: overview.energyToday };
  }
  const flow = await scopeFlow(db, scope, nowMs);
  return { plantId: null, name: viewer.name, ...flow };
}
