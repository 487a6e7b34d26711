import { roundLiveValue } from '@voltfleet/domain/device-list';
import {
  type GenerationQuery,
  type Generation,
  type PlantDevices,
  type PlantIndicators,
  type PlantOverview,
  type PlantSavings,
  type PlantTrendQuery,
  type EnergyTrend,
  type PowerFlow,
} from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { earningsByDay, savingFactorsByPlant } from '../tariffs/index.js';
import {
  newestReadings,
  plantDevices,
  plantIndicators,
  plantPeople,
  pvPowerSlots,
  slotTotals,
  type NewestReadingRow,
  type PlantScope,
} from './plant-stats.repository.js';
import { energyByPlant, plantClock, requirePlant, savingsOf } from './plant-stats.service.js';
import { labelsUntil, roundMoney, seriesByLabel, slotLabels, yearLabels } from './plant-stats.slots.js';

type PowerKey = 'pvPowerW' | 'loadPowerW' | 'gridPowerW' | 'batPowerW';
const POWER_COLUMNS: Record<PowerKey, keyof NewestReadingRow> = {
  pvPowerW: 'pv_power_w',
  loadPowerW: 'load_power_w',
  gridPowerW: 'grid_power_w',
  batPowerW: 'bat_power_w',
};

/** The plant's power flow: each quantity summed over the devices that report it, SoC averaged; null when none does. */
export function powerFlowOf(readings: readonly NewestReadingRow[]): PowerFlow {
  const sum = (key: PowerKey) => {
    const values = readings.map((r) => r[POWER_COLUMNS[key]]).filter((v): v is number => typeof v === 'number');
    return values.length
      ? roundLiveValue(
          key,
          values.reduce((a, b) => a + b, 0),
        )
      : null;
  };
  const socs = readings.map((r) => r.bat_soc_pct).filter((v): v is number => v !== null);
  const newest = Math.max(...readings.map((r) => r.ts.getTime()));
  return {
    pvPowerW: sum('pvPowerW'),
    loadPowerW: sum('loadPowerW'),
    gridPowerW: sum('gridPowerW'),
    batPowerW: sum('batPowerW'),
    batSocPct: socs.length ? roundLiveValue('batSocPct', socs.reduce((a, b) => a + b, 0) / socs.length) : null,
    readingAt: readings.length ? new Date(newest).toISOString() : null,
    devicesReporting: readings.length,
  };
}

/** Basic data: live power flow from readings no older than the offline threshold, today's energies and earnings. */
export async function plantOverview(
  db: Queryable,
  scope: PlantScope,
  plantId: number,
  nowMs: number,
): Promise<PlantOverview> {
  const plant = await requirePlant(db, scope, plantId);
  const clock = plantClock(plant.time_zone, nowMs);
  const readings = await newestReadings(db, plantId, nowMs - scope.offlineSeconds * 1000);
  const energy = (await energyByPlant(db, [plantId], nowMs, ['today'])).get(plantId)!;
  const earnings = await earningsByDay(db, [plantId], clock.today, clock.today);
  return {
    plantId,
    name: plant.name,
    timeZone: plant.time_zone,
    utcOffset: clock.utcOffset,
    localTime: clock.localTime,
    today: clock.today,
    status: plant.status,
    power: powerFlowOf(readings),
    energyToday: energy.today,
    earningsToday: {
      currency: earnings[0]?.currency ?? plant.currency,
      amount: roundMoney(earnings.reduce((sum, e) => sum + e.amount, 0)),
    },
  };
}

/** Associated info: the plant's devices with status, its owner and its affiliated accounts. */
export async function plantDevicesInfo(db: Queryable, scope: PlantScope, plantId: number): Promise<PlantDevices> {
  await requirePlant(db, scope, plantId);
  const devices = await plantDevices(db, plantId, scope.offlineSeconds);
  const people = await plantPeople(db, plantId);
  const person = ({ id, username, name }: { id: number; username: string; name: string }) => ({ id, username, name });
  const owner = people.find((p) => p.owner);
  return {
    devices: devices.map((d) => ({
      id: d.id,
      sn: d.sn,
      kind: d.kind,
      model: d.model,
      runningStatus: d.running_status,
      activated: d.activated,
      lastSeenAt: d.last_seen_at?.toISOString() ?? null,
      lastReadingAt: d.last_reading_at?.toISOString() ?? null,
    })),
    owner: owner ? person(owner) : null,
    affiliatedUsers: people.filter((p) => !p.owner).map(person),
  };
}

const TREND_SLOTS = { day: 'fiveMinutes', month: 'days', year: 'months' } as const;

/** Trend chart: the chosen quantities' energies per 5 minutes of a local day, per day of a month or month of a year. */
export async function plantTrend(
  db: Queryable,
  scope: PlantScope,
  plantId: number,
  query: PlantTrendQuery,
  nowMs: number,
): Promise<EnergyTrend> {
  const plant = await requirePlant(db, scope, plantId);
  const clock = plantClock(plant.time_zone, nowMs);
  const date = query.date ?? clock.today;
  const kind = TREND_SLOTS[query.range];
  const rows = await slotTotals(db, [plantId], kind, date);
  let labels = rows.length === 0 ? [] : slotLabels(kind, date);
  // Today's curve ends now rather than running on at zero through the hours to come.
  if (kind === 'fiveMinutes' && date === clock.today) labels = labelsUntil(labels, clock.minuteOfDay);
  return { range: query.range, date, labels, series: seriesByLabel(labels, rows, query.quantities) };
}

const GENERATION_SLOTS = { month: 'days', year: 'months', total: 'years' } as const;

/** Generation curve: PV power through a local day (from readings), or PV energy per day, month or year. */
export async function plantGeneration(
  db: Queryable,
  scope: PlantScope,
  plantId: number,
  query: GenerationQuery,
  nowMs: number,
): Promise<Generation> {
  const plant = await requirePlant(db, scope, plantId);
  const clock = plantClock(plant.time_zone, nowMs);
  const date = query.date ?? clock.today;
  if (query.range === 'day') {
    const slots = await pvPowerSlots(db, plantId, date);
    const byLabel = new Map(slots.map((s) => [s.label, Math.round(s.powerW)]));
    let labels = slots.length === 0 ? [] : slotLabels('fiveMinutes', date);
    if (date === clock.today) labels = labelsUntil(labels, clock.minuteOfDay);
    return { kind: 'power', range: 'day', date, labels, pvPowerW: labels.map((l) => byLabel.get(l) ?? null) };
  }
  const kind = GENERATION_SLOTS[query.range];
  const rows = await slotTotals(db, [plantId], kind, date);
  const labels =
    rows.length === 0 ? [] : kind === 'years' ? yearLabels(rows.map((r) => r.label)) : slotLabels(kind, date);
  const [pv] = seriesByLabel(labels, rows, ['pv']);
  return { kind: 'energy', range: query.range, date, labels, pvKwh: pv!.valuesKwh };
}

/** Energy saving and emission reduction of the plant's generation per period, with its configured factors. */
export async function plantSavings(
  db: Queryable,
  scope: PlantScope,
  plantId: number,
  nowMs: number,
): Promise<PlantSavings> {
  await requirePlant(db, scope, plantId);
  const factors = (await savingFactorsByPlant(db, [plantId])).get(plantId)!;
  const energy = (await energyByPlant(db, [plantId], nowMs)).get(plantId)!;
  return {
    factors,
    periods: {
      today: savingsOf(energy.today.pvKwh, factors),
      month: savingsOf(energy.month.pvKwh, factors),
      year: savingsOf(energy.year.pvKwh, factors),
      total: savingsOf(energy.total.pvKwh, factors),
    },
  };
}

/** The script's named indicators; an empty list when the plant has none. */
export async function plantIndicatorList(db: Queryable, scope: PlantScope, plantId: number): Promise<PlantIndicators> {
  await requirePlant(db, scope, plantId);
  return (await plantIndicators(db, plantId)).map((i) => ({
    name: i.name,
    value: i.value,
    unit: i.unit,
    computedAt: i.computed_at.toISOString(),
  }));
}
