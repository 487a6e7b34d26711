import { STAT_PERIODS, type EnergyTotals, type PlantStatus, type StatPeriod } from '@voltfleet/domain/plants';
import { type RunningStatus } from '@voltfleet/domain/devices';
import type { Queryable } from '../../db/db.js';
import { rollupSlots, slotWindow, type SlotKind } from '../../platform/energy-slots.repository.js';
import { plantInScope } from '../../platform/scope.js';
import { plantAlarmsBySeveritySql, plantStatusSql, runningStatusSql } from '../devices/index.js';
import { readingsIn } from '../telemetry/index.js';

// Every energy figure here is read from the plant_figures_* views: for a plant with an active script they carry
// the script's figures instead of the default sums.

/**
 * Who asks: $1 the subtree pattern, $2 the caller's id, $3 the offline threshold in seconds, and $4 the plants a
 * narrower view is limited to (a kiosk link's chosen plants, always within the caller's scope; null: all of it).
 */
export interface PlantScope {
  pattern: string;
  callerId: number;
  offlineSeconds: number;
  plantIds?: readonly number[] | null | undefined;
}

export interface ScopedPlantRow {
  id: number;
  name: string;
  type: number;
  power_kw: number;
  capacity_kwh: number;
  currency: string;
  time_zone: string;
  status: PlantStatus;
}

const SELECT_PLANTS = `
  SELECT p.id, p.name, p.type, p.power_kw, p.capacity_kwh, p.currency, p.time_zone, ${plantStatusSql('p', 3)} AS status
    FROM plants p
   WHERE ${plantInScope('p', 1, 2)} AND ($4::int4[] IS NULL OR p.id = ANY($4::int4[]))`;

const scopeParams = (scope: PlantScope) => [
  scope.pattern,
  scope.callerId,
  scope.offlineSeconds,
  scope.plantIds ? [...scope.plantIds] : null,
];

/** Every plant in the caller's scope with its status. */
export async function plantsInScope(db: Queryable, scope: PlantScope): Promise<ScopedPlantRow[]> {
  return (await db.query<ScopedPlantRow>(`${SELECT_PLANTS} ORDER BY p.id`, scopeParams(scope))).rows;
}

/** The active alarms of the plants' devices: one row per plant and severity_rank with its count. */
export async function activeAlarmsOfPlants(
  db: Queryable,
  plantIds: readonly number[],
): Promise<{ plant_id: number; severity_rank: number; n: number }[]> {
  if (plantIds.length === 0) return [];
  return (
    await db.query<{ plant_id: number; severity_rank: number; n: number }>(plantAlarmsBySeveritySql(1), [[...plantIds]])
  ).rows;
}

/** One plant in scope, or undefined: outside the scope looks exactly like missing. */
export async function findPlantInScope(
  db: Queryable,
  scope: PlantScope,
  plantId: number,
): Promise<ScopedPlantRow | undefined> {
  return (await db.query<ScopedPlantRow>(`${SELECT_PLANTS} AND p.id = $5`, [...scopeParams(scope), plantId])).rows[0];
}

const SUMS = `sum(f.pv_kwh) AS "pvKwh", sum(f.load_kwh) AS "loadKwh", sum(f.grid_import_kwh) AS "gridImportKwh",
  sum(f.grid_export_kwh) AS "gridExportKwh", sum(f.bat_charge_kwh) AS "batChargeKwh",
  sum(f.bat_discharge_kwh) AS "batDischargeKwh"`;

export type PeriodTotalsRow = EnergyTotals & { plantId: number; period: StatPeriod };

// Each period's part of periodTotals: `p` holds the plants with their local now, `f` is the figures view.
const PERIOD_PARTS: Record<StatPeriod, string> = {
  today: `SELECT p.id AS "plantId", 'today' AS period, ${SUMS}
       FROM p JOIN plant_figures_day f ON f.plant_id = p.id AND f.day = p.local_now::date GROUP BY p.id`,
  month: `SELECT p.id AS "plantId", 'month' AS period, ${SUMS}
       FROM p JOIN plant_figures_month f ON f.plant_id = p.id AND f.month = date_trunc('month', p.local_now)::date
      GROUP BY p.id`,
  year: `SELECT p.id AS "plantId", 'year' AS period, ${SUMS}
       FROM p JOIN plant_figures_month f ON f.plant_id = p.id
        AND f.month >= date_trunc('year', p.local_now)::date AND f.month <= p.local_now::date
      GROUP BY p.id`,
  total: `SELECT p.id AS "plantId", 'total' AS period, ${SUMS} FROM p JOIN plant_figures_month f ON f.plant_id = p.id GROUP BY p.id`,
};

/**
 * Each plant's energy for its own local today, this month, this year and in total at instant `$2` (or only the
 * `periods` asked for): the periods follow the plant's time zone, so at one instant "today" is a different date for
 * plants in different zones.
 */
export async function periodTotals(
  db: Queryable,
  plantIds: readonly number[],
  nowMs: number,
  periods: readonly StatPeriod[] = STAT_PERIODS,
): Promise<PeriodTotalsRow[]> {
  if (plantIds.length === 0 || periods.length === 0) return [];
  const { rows } = await db.query<PeriodTotalsRow>(
    `WITH p AS (
       SELECT id, ($2::timestamptz AT TIME ZONE time_zone) AS local_now FROM plants WHERE id = ANY($1::int4[])
     )
     ${periods.map((period) => PERIOD_PARTS[period]).join('\n     UNION ALL\n     ')}`,
    [[...plantIds], new Date(nowMs).toISOString()],
  );
  return rows;
}

/** The first plant-local day with stored figures among the plants, or null. */
export async function firstFigureDay(db: Queryable, plantIds: readonly number[]): Promise<string | null> {
  if (plantIds.length === 0) return null;
  const { rows } = await db.query<{ day: string | null }>(
    `SELECT to_char(min(day), 'YYYY-MM-DD') AS day FROM plant_figures_day WHERE plant_id = ANY($1::int4[])`,
    [[...plantIds]],
  );
  return rows[0]?.day ?? null;
}

export type { SlotKind } from '../../platform/energy-slots.repository.js';

export type SlotTotalsRow = EnergyTotals & { label: string };

/** The plants' energies summed per slot of their own calendars (e.g. per local hour of `date`), slots with data only. */
export async function slotTotals(
  db: Queryable,
  plantIds: readonly number[],
  kind: SlotKind,
  date: string,
): Promise<SlotTotalsRow[]> {
  return rollupSlots(db, 'plant', plantIds, kind, slotWindow(kind, date), false);
}

/**
 * PV power of a plant per 5-minute slot of its local day `date`: each device's mean power in the slot, summed over
 * the devices. Read from the readings (power is not rolled up), bounded to one day.
 */
export async function pvPowerSlots(
  db: Queryable,
  plantId: number,
  date: string,
): Promise<{ label: string; powerW: number }[]> {
  const { rows } = await db.query<{ label: string; powerW: number }>(
    `WITH p AS (
       SELECT time_zone, ($2::date::timestamp AT TIME ZONE time_zone) AS from_ts,
              (($2::date + 1)::timestamp AT TIME ZONE time_zone) AS to_ts
         FROM plants WHERE id = $1
     ), per_device AS (
       SELECT date_bin('5 minutes', r.ts, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS slot, avg(r.pv_power_w) AS w
         FROM p CROSS JOIN LATERAL ${readingsIn({
           devices: 'ARRAY(SELECT id FROM devices WHERE plant_id = $1)',
           from: 'p.from_ts',
           to: 'p.to_ts',
           columns: ['pv_power_w'],
         })} r
        WHERE r.pv_power_w IS NOT NULL
        GROUP BY 1, r.device_id
     )
     SELECT to_char(slot AT TIME ZONE p.time_zone, 'HH24:MI') AS label, sum(w)::float8 AS "powerW"
       FROM per_device, p GROUP BY 1 ORDER BY 1`,
    [plantId, date],
  );
  return rows;
}

export interface NewestReadingRow {
  ts: Date;
  pv_power_w: number | null;
  load_power_w: number | null;
  grid_power_w: number | null;
  bat_power_w: number | null;
  bat_soc_pct: number | null;
}

/**
 * The newest reading of each of the plants' devices, when it is newer than `sinceMs` (older ones are stale): the
 * function of migration 0038, as the device list reads it.
 */
export async function newestReadingsOfPlants(
  db: Queryable,
  plantIds: readonly number[],
  sinceMs: number,
): Promise<(NewestReadingRow & { plant_id: number })[]> {
  if (plantIds.length === 0) return [];
  const { rows } = await db.query<NewestReadingRow & { plant_id: number }>(
    `SELECT d.plant_id, r.ts, r.pv_power_w, r.load_power_w, r.grid_power_w, r.bat_power_w, r.bat_soc_pct
       FROM devices d
       JOIN LATERAL device_latest_reading(d.id) r ON true
      WHERE d.plant_id = ANY($1::int4[]) AND r.ts >= $2::timestamptz`,
    [[...plantIds], new Date(sinceMs).toISOString()],
  );
  return rows;
}

/** The newest reading of each of the plant's devices, when it is newer than `sinceMs` (older ones are stale). */
export const newestReadings = (db: Queryable, plantId: number, sinceMs: number): Promise<NewestReadingRow[]> =>
  newestReadingsOfPlants(db, [plantId], sinceMs);

export interface PlantDeviceRow {
  id: number;
  sn: string;
  kind: 'inverter' | 'battery' | 'collector';
  model: string;
  running_status: RunningStatus;
  activated: boolean;
  last_seen_at: Date | null;
  last_reading_at: Date | null;
}

/** The devices installed in a plant, with their running status. */
export async function plantDevices(db: Queryable, plantId: number, offlineSeconds: number): Promise<PlantDeviceRow[]> {
  const { rows } = await db.query<PlantDeviceRow>(
    `SELECT d.id, d.sn, d.kind, d.model, ${runningStatusSql('d', 2)} AS running_status,
            d.activated_at IS NOT NULL AS activated, d.last_seen_at, d.last_reading_at
       FROM devices d WHERE d.plant_id = $1 ORDER BY d.kind, d.sn`,
    [plantId, offlineSeconds],
  );
  return rows;
}

export interface PlantPersonRow {
  id: number;
  username: string;
  name: string;
  owner: boolean;
}

/** The plant's owner and affiliated accounts. */
export async function plantPeople(db: Queryable, plantId: number): Promise<PlantPersonRow[]> {
  const { rows } = await db.query<PlantPersonRow>(
    `SELECT u.id, u.username, u.name, true AS owner FROM plants p JOIN users u ON u.id = p.owner_id WHERE p.id = $1
     UNION ALL
     SELECT u.id, u.username, u.name, false FROM plant_users pu JOIN users u ON u.id = pu.user_id
      WHERE pu.plant_id = $1
     ORDER BY owner DESC, username`,
    [plantId],
  );
  return rows;
}

/** The named indicators the plant's script computed, newest value each. */
export async function plantIndicators(db: Queryable, plantId: number) {
  const { rows } = await db.query<{ name: string; value: number; unit: string; computed_at: Date }>(
    `SELECT name, value, unit, computed_at FROM plant_script_indicators WHERE plant_id = $1 ORDER BY name`,
    [plantId],
  );
  return rows;
}
