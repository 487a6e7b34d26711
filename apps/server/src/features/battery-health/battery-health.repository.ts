import type { Queryable } from '../../db/db.js';

// A battery has no link of its own: its values (state of health, cycle count, cell voltages, charge and discharge
// energy) are in the readings of the inverter it reports through, and so in that inverter's 5-minute values and
// energy rollups. Only those aggregates are read here, never the raw readings (a month is 8 640 five-minute rows).

/** One plant-local day of a battery's 5-minute values. */
export interface BatteryDayRow {
  day: string;
  /** The day's last state of health reported, %. */
  soh_pct: number | null;
  /** The highest BMS cycle count of the day. */
  cycle_count: number | null;
  /** The day's widest spread between the highest and the lowest cell voltage, V. */
  spread_v: number | null;
}

/**
 * Per plant-local day from `from` on: the day's last state of health, its highest cycle count and its widest cell
 * spread, from the 5-minute values of `sourceId` (a (device_id, bucket) key range). Days without any of them are left
 * out.
 */
export async function batteryDays(
  db: Queryable,
  sourceId: number,
  timeZone: string,
  from: Date,
): Promise<BatteryDayRow[]> {
  const { rows } = await db.query<BatteryDayRow>(
    `SELECT to_char((bucket AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day,
            (array_agg(bat_soh_pct ORDER BY bucket DESC) FILTER (WHERE bat_soh_pct IS NOT NULL))[1] AS soh_pct,
            max(bat_cycle_count) AS cycle_count,
            max(bat_cell_voltage_max_v - bat_cell_voltage_min_v) AS spread_v
       FROM device_values_5m
      WHERE device_id = $1 AND bucket >= $2
      GROUP BY 1
     HAVING count(bat_soh_pct) > 0 OR count(bat_cycle_count) > 0
         OR count(bat_cell_voltage_max_v - bat_cell_voltage_min_v) > 0
      ORDER BY 1`,
    [sourceId, from, timeZone],
  );
  return rows;
}

/** The daily state of health of `sourceId` from `from` on (the day's last report), oldest first. */
export async function sohDays(
  db: Queryable,
  sourceId: number,
  timeZone: string,
  from: Date,
): Promise<{ day: string; soh_pct: number }[]> {
  const { rows } = await db.query<{ day: string; soh_pct: number }>(
    `SELECT to_char((bucket AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day,
            (array_agg(bat_soh_pct ORDER BY bucket DESC))[1] AS soh_pct
       FROM device_values_5m
      WHERE device_id = $1 AND bucket >= $2 AND bat_soh_pct IS NOT NULL
      GROUP BY 1 ORDER BY 1`,
    [sourceId, from, timeZone],
  );
  return rows;
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
