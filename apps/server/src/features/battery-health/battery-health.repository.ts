import type { Queryable } from '../../db/db.js';

// A battery has no link of its own: its values (state of health, cycle count, cell voltages, charge and discharge
// energy) are in the readings of the inverter it reports through, and so in that inverter's energy rollups and in the
// daily health this feature keeps (battery_health_days, one row per inverter and plant-local day, filled by its job
// from the day's readings, raw or compacted). Only those are read here, never a month of readings.

/** One plant-local day of a battery's health, as battery_health_days (or today's readings) give it. */
export interface BatteryDayRow {
  day: string;
  /** The day's last state of health reported, %. */
  soh_pct: number | null;
  /** The highest BMS cycle count of the day. */
  cycle_count: number | null;
  /** The day's widest spread between the highest and the lowest cell voltage, mV. */
  spread_mv: number | null;
}

/** The daily health of `sourceId` from the plant-local day `fromDay` on, oldest first; days without figures left out. */
export async function healthDays(db: Queryable, sourceId: number, fromDay: string): Promise<BatteryDayRow[]> {
  const { rows } = await db.query<BatteryDayRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, soh_pct, cycle_count, cell_spread_mv AS spread_mv
       FROM battery_health_days
      WHERE device_id = $1 AND day >= $2::date
        AND (soh_pct IS NOT NULL OR cycle_count IS NOT NULL OR cell_spread_mv IS NOT NULL)
      ORDER BY day`,
    [sourceId, fromDay],
  );
  return rows;
}

/** A device-day whose health is to be read: its plant's zone and its energy throughput now (the row's mark). */
export interface DueBatteryDay {
  deviceId: number;
  day: string;
  timeZone: string;
  energyKwh: number;
}

/** A day's throughput in the daily energy rollup `e`: it grows with every reading of the day that adds energy. */
const THROUGHPUT = `(e.pv_kwh + e.load_kwh + e.grid_import_kwh + e.grid_export_kwh + e.bat_charge_kwh
                     + e.bat_discharge_kwh)`;

/**
 * Up to `limit` complete plant-local days of the last `lookbackDays` of the devices `sourceIds` (days with readings:
 * their daily energy rollup has a row) that have no health row yet, or whose throughput changed since theirs was
 * computed (readings of the day arrived later), the newest days first. One statement; a round with nothing due reads
 * each device's rollup and health rows of the span by their keys.
 */
export async function dueBatteryDays(
  db: Queryable,
  sourceIds: readonly number[],
  nowMs: number,
  lookbackDays: number,
  limit: number,
): Promise<DueBatteryDay[]> {
  if (sourceIds.length === 0) return [];
  const { rows } = await db.query<DueBatteryDay>(
    `WITH s AS (
       SELECT d.id, coalesce(p.time_zone, 'UTC') AS time_zone,
              ($2::timestamptz AT TIME ZONE coalesce(p.time_zone, 'UTC'))::date AS today
         FROM devices d LEFT JOIN plants p ON p.id = d.plant_id
        WHERE d.id = ANY($1::int4[]))
     SELECT e.device_id AS "deviceId", to_char(e.day, 'YYYY-MM-DD') AS day, s.time_zone AS "timeZone",
            ${THROUGHPUT} AS "energyKwh"
       FROM s
       JOIN device_energy_day e ON e.device_id = s.id AND e.day >= s.today - $3::int AND e.day < s.today
       LEFT JOIN battery_health_days b ON b.device_id = e.device_id AND b.day = e.day
      WHERE b.device_id IS NULL OR b.energy_kwh IS DISTINCT FROM ${THROUGHPUT}
      ORDER BY e.day DESC, e.device_id
      LIMIT $4`,
    [sourceIds, new Date(nowMs), lookbackDays, limit],
  );
  return rows;
}

/** A device-day's health as read from its readings, with the throughput it was read at. */
export interface BatteryDayFigures {
  deviceId: number;
  day: string;
  sohPct: number | null;
  sohMinPct: number | null;
  sohMaxPct: number | null;
  cellSpreadMv: number | null;
  cycleCount: number | null;
  energyKwh: number;
}

/** Writes (or rewrites) the health rows of device-days, in one statement. */
export async function storeBatteryDays(db: Queryable, days: readonly BatteryDayFigures[]): Promise<void> {
  if (days.length === 0) return;
  const column = <K extends keyof BatteryDayFigures>(key: K) => days.map((d) => d[key]);
  await db.query(
    `INSERT INTO battery_health_days (device_id, day, soh_pct, soh_min_pct, soh_max_pct, cell_spread_mv, cycle_count,
                                      energy_kwh, computed_at)
     SELECT *, now()
       FROM unnest($1::int4[], $2::date[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
                   $8::float8[])
     ON CONFLICT (device_id, day) DO UPDATE
        SET soh_pct = excluded.soh_pct, soh_min_pct = excluded.soh_min_pct, soh_max_pct = excluded.soh_max_pct,
            cell_spread_mv = excluded.cell_spread_mv, cycle_count = excluded.cycle_count,
            energy_kwh = excluded.energy_kwh, computed_at = excluded.computed_at`,
    [
      column('deviceId'),
      column('day'),
      column('sohPct'),
      column('sohMinPct'),
      column('sohMaxPct'),
      column('cellSpreadMv'),
      column('cycleCount'),
      column('energyKwh'),
    ],
  );
}

/** Energy charged into and discharged from the battery per plant-local month from `fromMonth` (YYYY-MM-01) on. */
export async function batteryMonths(
  db: Queryable,
  sourceId: number,
  fromMonth: string,
): Promise<{ month: string; charge_kwh: number; discharge_kwh: number }[]> {
  const { rows } = await db.query<{ month: string; charge_kwh: number; discharge_kwh: number }>(
    `SELECT to_char(month, 'YYYY-MM') AS month, bat_charge_kwh AS charge_kwh, bat_discharge_kwh AS discharge_kwh
       FROM device_energy_month
      WHERE device_id = $1 AND month >= $2::date
      ORDER BY month`,
    [sourceId, fromMonth],
  );
  return rows;
}

/** What a plant says about its storage: its capacity and how many batteries and inverters share it. */
export interface PlantStorageRow {
  capacity_kwh: number;
  batteries: number;
  /** Batteries that report through the device asked about. */
  behind: number;
  inverters: number;
}

export async function plantStorage(
  db: Queryable,
  plantId: number,
  deviceId: number,
): Promise<PlantStorageRow | undefined> {
  const { rows } = await db.query<PlantStorageRow>(
    `SELECT p.capacity_kwh,
            (SELECT count(*) FROM devices b WHERE b.plant_id = p.id AND b.kind = 'battery')::int AS batteries,
            (SELECT count(*) FROM devices b
              WHERE b.plant_id = p.id AND b.kind = 'battery' AND b.reports_via = $2)::int AS behind,
            (SELECT count(*) FROM devices i WHERE i.plant_id = p.id AND i.kind = 'inverter')::int AS inverters
       FROM plants p WHERE p.id = $1`,
    [plantId, deviceId],
  );
  return rows[0];
}

// An inverter's newest reading carries battery values (state of charge or power): the rule the device detail uses.
const CARRIES_BATTERY = `EXISTS (SELECT 1 FROM device_latest_reading(i.id) r
                                  WHERE r.bat_soc_pct IS NOT NULL OR r.bat_power_w IS NOT NULL)`;

/** A battery the alarm job judges: the device the alarm is raised on, and the device whose values it reads. */
export interface BatterySubjectRow {
  device_id: number;
  source_id: number;
  time_zone: string;
}

/**
 * Every battery of the platform with the inverter that carries its values: each battery device (its reports_via, else
 * the inverter of its plant whose newest reading carries battery values), and each inverter carrying battery values
 * that no battery device stands for (a battery never registered as a device of its own).
 */
export async function batterySubjects(db: Queryable): Promise<BatterySubjectRow[]> {
  const { rows } = await db.query<BatterySubjectRow>(
    `SELECT b.id AS device_id, s.source_id, coalesce(p.time_zone, 'UTC') AS time_zone
       FROM devices b
       LEFT JOIN plants p ON p.id = b.plant_id
       CROSS JOIN LATERAL (
         SELECT coalesce(b.reports_via, (
           SELECT i.id FROM devices i CROSS JOIN LATERAL device_latest_reading(i.id) r
            WHERE i.plant_id = b.plant_id AND i.kind = 'inverter'
              AND (r.bat_soc_pct IS NOT NULL OR r.bat_power_w IS NOT NULL)
            ORDER BY r.ts DESC, i.sn LIMIT 1)) AS source_id) s
      WHERE b.kind = 'battery' AND s.source_id IS NOT NULL
     UNION ALL
     SELECT i.id, i.id, coalesce(p.time_zone, 'UTC')
       FROM devices i
       LEFT JOIN plants p ON p.id = i.plant_id
      WHERE i.kind = 'inverter' AND ${CARRIES_BATTERY}
        AND NOT EXISTS (SELECT 1 FROM devices b
                         WHERE b.kind = 'battery'
                           AND (b.reports_via = i.id OR (b.reports_via IS NULL AND b.plant_id = i.plant_id)))
      ORDER BY 1`,
  );
  return rows;
}
