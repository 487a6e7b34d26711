import {
  PLANT_TYPES,
  STAT_PERIODS,
  type EnergyTotals,
  type FleetTrendQuery,
  type Money,
  type PlantStatsSummary,
  type StatPeriod,
} from '@voltfleet/domain/plants';
import { localDay, localParts, utcOffsetLabel } from '@voltfleet/domain/time';
import { severityOfRank, type AlarmTally } from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { subtreePattern } from '../../platform/scope.js';
import { plantNotFound } from '../plants/index.js';
import { earningsByDay, savingFactorsByPlant, type SavingFactors } from '../tariffs/index.js';
import {
  activeAlarmsOfPlants,
  findPlantInScope,
  firstFigureDay,
  periodTotals,
  plantsInScope,
  slotTotals,
  type PlantScope,
  type ScopedPlantRow,
} from './plant-stats.repository.js';
import {
  addTotals,
  roundKwh,
  roundMoney,
  seriesByLabel,
  slotLabels,
  yearLabels,
  zeroTotals,
} from './plant-stats.slots.js';

/**
 * The plants a caller sees (their subtree and affiliations), optionally narrowed to `plantIds` (a kiosk link's
 * plants: its owner is the caller, so a link never reaches beyond what its owner may see now).
 */
export const scopeOf = (
  caller: Pick<Caller, 'id' | 'path'>,
  offlineSeconds: number,
  plantIds: readonly number[] | null = null,
): PlantScope => ({
  pattern: subtreePattern(caller),
  callerId: caller.id,
  offlineSeconds,
  plantIds,
});

/** A plant in the caller's scope, or "Cannot find this plant" (the same answer for a plant outside the scope). */
export async function requirePlant(db: Queryable, scope: PlantScope, plantId: number): Promise<ScopedPlantRow> {
  const plant = await findPlantInScope(db, scope, plantId);
  if (!plant) throw plantNotFound();
  return plant;
}

type ByPeriod<T> = Record<StatPeriod, T>;
const byPeriod = <T>(make: () => T): ByPeriod<T> => ({ today: make(), month: make(), year: make(), total: make() });

/**
 * Each plant's energy per period (its own local today, month, year, all time), zeros where nothing is stored; only
 * the `periods` asked for are read (the others stay zero).
 */
export async function energyByPlant(
  db: Queryable,
  plantIds: readonly number[],
  nowMs: number,
  periods: readonly StatPeriod[] = STAT_PERIODS,
) {
  const result = new Map<number, ByPeriod<EnergyTotals>>(plantIds.map((id) => [id, byPeriod(zeroTotals)]));
  for (const row of await periodTotals(db, plantIds, nowMs, periods)) {
    const periods = result.get(row.plantId);
    if (periods) periods[row.period] = addTotals(zeroTotals(), row);
  }
  return result;
}

/** The periods a plant-local day falls into, seen from the plant's local `today`. */
function periodsOf(day: string, today: string): StatPeriod[] {
  const periods: StatPeriod[] = ['total'];
  if (day > today) return periods;
  if (day.slice(0, 4) === today.slice(0, 4)) periods.push('year');
  if (day.slice(0, 7) === today.slice(0, 7)) periods.push('month');
  if (day === today) periods.push('today');
  return periods;
}

/** Earnings per period and currency over the plants, each period in the plant's own zone (P3's tariff pricing). */
export async function earningsByPeriod(
  db: Queryable,
  plants: readonly Pick<ScopedPlantRow, 'id' | 'time_zone'>[],
  nowMs: number,
): Promise<ByPeriod<Money[]>> {
  const sums = byPeriod(() => new Map<string, number>());
  const ids = plants.map((p) => p.id);
  const first = await firstFigureDay(db, ids);
  const todayOf = new Map(plants.map((p) => [p.id, localDay(nowMs, p.time_zone)]));
  const last = [...todayOf.values()].sort().at(-1);
  if (first && last) {
    for (const row of await earningsByDay(db, ids, first, last)) {
      for (const period of periodsOf(row.day, todayOf.get(row.plantId) ?? row.day)) {
        const sum = sums[period];
        sum.set(row.currency, (sum.get(row.currency) ?? 0) + row.amount);
      }
    }
  }
  const list = (sum: Map<string, number>): Money[] =>
    [...sum]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => ({ currency, amount: roundMoney(amount) }));
  return { today: list(sums.today), month: list(sums.month), year: list(sums.year), total: list(sums.total) };
}

/** Coal, CO2 and tree equivalents of `pvKwh` generated with the given factors. */
export function savingsOf(pvKwh: number, f: SavingFactors) {
  return {
    pvKwh: roundKwh(pvKwh),
    coalKg: roundMoney(pvKwh * f.coalKgPerKwh),
    co2Kg: roundMoney(pvKwh * f.co2KgPerKwh),
    trees: roundMoney(pvKwh * f.treesPerKwh),
  };
}

/**
 * The active alarms of these plants by severity, and how many of the plants counted as normal still have some (their
 * alarms are all minor or warnings: a plant's status counts major and above).
 */
export async function alarmTally(db: Queryable, plants: readonly ScopedPlantRow[]): Promise<AlarmTally> {
  const bySeverity = { critical: 0, major: 0, minor: 0, warning: 0 };
  const withAlarms = new Set<number>();
  for (const row of await activeAlarmsOfPlants(
    db,
    plants.map((p) => p.id),
  )) {
    const severity = severityOfRank(row.severity_rank);
    if (!severity) continue;
    bySeverity[severity] += row.n;
    withAlarms.add(row.plant_id);
  }
  return {
    total: bySeverity.critical + bySeverity.major + bySeverity.minor + bySeverity.warning,
    bySeverity,
    normalPlantsWithAlarms: plants.filter((p) => p.status === 'normal' && withAlarms.has(p.id)).length,
  };
}

/** The plants of a scope with their status, by id. */
export const scopePlants = (db: Queryable, scope: PlantScope): Promise<ScopedPlantRow[]> => plantsInScope(db, scope);

/** Plant statistics over every plant in the scope. */
export async function statisticsSummary(db: Queryable, scope: PlantScope, nowMs: number): Promise<PlantStatsSummary> {
  const plants = await plantsInScope(db, scope);
  const ids = plants.map((p) => p.id);
  const count = (status: string) => plants.filter((p) => p.status === status).length;
  const energy = byPeriod(zeroTotals);
  const perPlant = await energyByPlant(db, ids, nowMs);
  for (const periods of perPlant.values()) {
    for (const period of STAT_PERIODS) energy[period] = addTotals(energy[period], periods[period]);
  }
  const factors = await savingFactorsByPlant(db, ids);
  const savings = { pvKwh: 0, coalKg: 0, co2Kg: 0, trees: 0 };
  for (const [id, periods] of perPlant) {
    const own = savingsOf(periods.total.pvKwh, factors.get(id)!);
    savings.coalKg += own.coalKg;
    savings.co2Kg += own.co2Kg;
    savings.trees += own.trees;
  }
  return {
    counts: {
      all: plants.length,
      online: count('normal') + count('alarm'),
      normal: count('normal'),
      alarm: count('alarm'),
      offline: count('offline'),
    },
    activeAlarms: await alarmTally(db, plants),
    byType: PLANT_TYPES.map((t) => ({ type: t.value, count: plants.filter((p) => p.type === t.value).length })),
    powerKw: roundKwh(plants.reduce((sum, p) => sum + p.power_kw, 0)),
    capacityKwh: roundKwh(plants.reduce((sum, p) => sum + p.capacity_kwh, 0)),
    energy,
    earnings: await earningsByPeriod(db, plants, nowMs),
    savings: {
      pvKwh: energy.total.pvKwh,
      coalKg: roundMoney(savings.coalKg),
      co2Kg: roundMoney(savings.co2Kg),
      trees: roundMoney(savings.trees),
    },
    generatedAt: new Date(nowMs).toISOString(),
  };
}

const FLEET_SLOTS = { day: 'hours', month: 'days', year: 'months', total: 'years' } as const;

/** The fleet's energies per local hour of a day, per day of a month, per month of a year, or per year. */
export async function fleetTrend(db: Queryable, scope: PlantScope, query: FleetTrendQuery, nowMs: number) {
  const plants = await plantsInScope(db, scope);
  const date = query.date ?? localDay(nowMs, 'UTC');
  const kind = FLEET_SLOTS[query.range];
  const rows = await slotTotals(
    db,
    plants.map((p) => p.id),
    kind,
    date,
  );
  const labels =
    rows.length === 0 ? [] : kind === 'years' ? yearLabels(rows.map((r) => r.label)) : slotLabels(kind, date);
  return { range: query.range, date, labels, series: seriesByLabel(labels, rows) };
}

/** The plant's clock now: local date and time and its UTC offset label. */
export function plantClock(timeZone: string, nowMs: number) {
  const p = localParts(nowMs, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    today: localDay(nowMs, timeZone),
    localTime: `${localDay(nowMs, timeZone)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
    utcOffset: utcOffsetLabel(timeZone, nowMs),
    minuteOfDay: p.minuteOfDay,
  };
}
