import {
  batteryHealthFalling,
  equivalentFullCycles,
  roundTripEfficiency,
  sohFallPerMonthPct,
  type BatteryHealth,
  type PerformanceSettings,
} from '@voltfleet/domain/performance';
import { localDay, localDayStart } from '@voltfleet/domain/time';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import type { ConditionVerdict } from '../alarms/index.js';
import {
  batterySourceInScope,
  findDeviceRecordInScope,
  scopeOf,
  type DeviceRecordRow,
  type DeviceScope,
} from '../devices/index.js';
import { batteryDaysOf } from './battery-health.days.js';
import { batteryMonths, batterySubjects, plantStorage, type BatteryDayRow } from './battery-health.repository.js';

const DAY_MS = 86_400_000;
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first plant-local day of the month `months - 1` months before the current one: a span of `months` calendar
 * months, the current one included.
 */
export function spanStart(nowMs: number, timeZone: string, months: number): { fromMonth: string; from: Date } {
  const [year, month] = localDay(nowMs, timeZone).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - (months - 1);
  const fromMonth = `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad((index % 12) + 1)}-01`;
  return { fromMonth, from: new Date(localDayStart(fromMonth, timeZone)!) };
}

/**
 * The device whose readings carry this device's battery values: an inverter's own; a battery's inverter (its
 * reports_via, else the inverter of its plant whose newest reading has battery values), as the device detail's live
 * values find it; none for a collector. Only a device in the caller's scope.
 */
async function sourceOf(db: Queryable, scope: DeviceScope, row: DeviceRecordRow): Promise<number | null> {
  if (row.kind === 'inverter') return row.id;
  return (await batterySourceInScope(db, scope, row))?.id ?? null;
}

/**
 * The battery's nameplate capacity: the plant's storage capacity shared equally among its battery devices (an
 * inverter holds the share of the batteries behind it); a plant without battery devices shares it among its
 * inverters. Null without a plant or a capacity.
 */
async function capacityOf(db: Queryable, row: DeviceRecordRow): Promise<number | null> {
  if (row.plant_id === null || row.kind === 'collector') return null;
  const plant = await plantStorage(db, row.plant_id, row.id);
  if (!plant || !(plant.capacity_kwh > 0)) return null;
  if (plant.batteries === 0) return round(plant.capacity_kwh / Math.max(1, plant.inverters), 2);
  const share = plant.capacity_kwh / plant.batteries;
  if (row.kind === 'battery') return round(share, 2);
  return plant.behind > 0 ? round(share * plant.behind, 2) : null;
}

function figuresOf(
  days: BatteryDayRow[],
  fromDay: string,
): Pick<BatteryHealth, 'sohTrend' | 'cellSpreadTrend' | 'sohPct' | 'bmsCycleCount'> {
  const shown = days.filter((d) => d.day >= fromDay);
  const sohTrend = shown.flatMap((d) => (d.soh_pct === null ? [] : [{ day: d.day, sohPct: round(d.soh_pct, 2) }]));
  const cellSpreadTrend = shown.flatMap((d) =>
    d.spread_mv === null ? [] : [{ day: d.day, spreadMv: round(Math.max(0, d.spread_mv), 1) }],
  );
  const cycles = shown.filter((d) => d.cycle_count !== null).at(-1)?.cycle_count ?? null;
  return {
    sohTrend,
    cellSpreadTrend,
    sohPct: sohTrend.at(-1)?.sohPct ?? null,
    bmsCycleCount: cycles === null ? null : Math.round(cycles),
  };
}

/**
 * A battery's health over the last `months` calendar months of its plant (GET /api/devices/:deviceId/battery-health):
 * for a battery device or an inverter with a battery, in the caller's scope (anything else is "not found"). A device
 * without battery data answers empty trends and nulls. The fall rate is the alarm's own: fitted over the settings'
 * trend days even when fewer months are shown.
 */
export async function batteryHealthOf(
  db: Queryable,
  caller: Caller,
  offlineSeconds: number,
  id: number,
  months: number,
  settings: PerformanceSettings,
  nowMs = Date.now(),
): Promise<BatteryHealth> {
  const scope = scopeOf(caller, offlineSeconds);
  const row = await findDeviceRecordInScope(db, scope, id);
  if (!row) throw notFound();
  const timeZone = row.time_zone ?? 'UTC';
  const capacityKwh = await capacityOf(db, row);
  const sourceId = await sourceOf(db, scope, row);
  const empty: BatteryHealth = {
    deviceId: row.id,
    capacityKwh,
    sohPct: null,
    sohTrend: [],
    sohFallPerMonthPct: null,
    alarmFallPerMonthPct: settings.batterySohFallPerMonthPct,
    equivalentFullCycles: null,
    bmsCycleCount: null,
    efficiencyByMonth: [],
    cellSpreadTrend: [],
  };
  if (sourceId === null) return empty;
  const { fromMonth, from } = spanStart(nowMs, timeZone, months);
  const trendFrom = Math.min(from.getTime(), nowMs - (settings.batteryTrendDays + 1) * DAY_MS);
  const days = await batteryDaysOf(db, sourceId, timeZone, localDay(trendFrom, timeZone), nowMs);
  const rate = sohFallPerMonthPct(
    days.flatMap((d) => (d.soh_pct === null ? [] : [{ day: d.day, sohPct: d.soh_pct }])),
    settings.batteryTrendDays,
  );
  const monthRows = await batteryMonths(db, sourceId, fromMonth);
  const discharged = monthRows.reduce((sum, m) => sum + m.discharge_kwh, 0);
  return {
    ...empty,
    ...figuresOf(days, fromMonth),
    sohFallPerMonthPct: rate,
    equivalentFullCycles: monthRows.length > 0 ? equivalentFullCycles(discharged, capacityKwh) : null,
    efficiencyByMonth: monthRows.map((m) => ({
      month: m.month,
      chargeKwh: round(m.charge_kwh, 2),
      dischargeKwh: round(m.discharge_kwh, 2),
      efficiency: roundTripEfficiency(m.charge_kwh, m.discharge_kwh),
    })),
  };
}

/**
 * The battery-health rule over every battery (the alarm job): the fall rate of the daily state of health over the
 * last `batteryTrendDays` (the days the page shows: battery_health_days and today so far); present when it exceeds the setting, since the first day of the fitted span. A battery
 * without enough data is judged absent (an alarm it still has recovers).
 */
export async function judgeBatteries(
  db: Queryable,
  settings: PerformanceSettings,
  nowMs = Date.now(),
): Promise<ConditionVerdict[]> {
  const verdicts: ConditionVerdict[] = [];
  const judgedAt = new Date(nowMs);
  const from = nowMs - (settings.batteryTrendDays + 1) * DAY_MS;
  for (const subject of await batterySubjects(db)) {
    const days = await batteryDaysOf(
      db,
      subject.source_id,
      subject.time_zone,
      localDay(from, subject.time_zone),
      nowMs,
    );
    const points = days.flatMap((d) => (d.soh_pct === null ? [] : [{ day: d.day, sohPct: d.soh_pct }]));
    const rate = sohFallPerMonthPct(points, settings.batteryTrendDays);
    const present = batteryHealthFalling(rate, settings);
    const last = points.at(-1)?.day;
    const firstFitted =
      last === undefined
        ? undefined
        : points.find((p) => Date.parse(p.day) > Date.parse(last) - settings.batteryTrendDays * DAY_MS)?.day;
    const since = firstFitted === undefined ? judgedAt : new Date(localDayStart(firstFitted, subject.time_zone)!);
    verdicts.push({ deviceId: subject.device_id, present, since, judgedAt });
  }
  return verdicts;
}
