import type { IrradianceSource } from '@voltfleet/domain/performance';
import type { Queryable } from '../../db/db.js';
import { plantInScope } from '../../platform/scope.js';

// Reads of the performance figures: a plant's PV energy per local day (the statistics' own rollup, so the figure
// matches every other page) beside the irradiance this feature chose for the day.

/** One plant-day: energy, and irradiance when chosen (null before the job has been there). */
export interface PlantDayRow {
  plantId: number;
  day: string;
  actualKwh: number;
  poaKwhM2: number | null;
  clearSkyKwhM2: number | null;
  source: IrradianceSource | null;
  sunny: boolean | null;
}

/** The days from..to (plant-local, both included) of these plants that have energy or irradiance. */
export async function plantDays(
  db: Queryable,
  plantIds: readonly number[],
  from: string,
  to: string,
): Promise<PlantDayRow[]> {
  const { rows } = await db.query<PlantDayRow>(
    `SELECT coalesce(e.plant_id, i.plant_id) AS "plantId", to_char(coalesce(e.day, i.day), 'YYYY-MM-DD') AS day,
            coalesce(e.pv_kwh, 0) AS "actualKwh", i.poa_kwh_m2 AS "poaKwhM2", i.clear_sky_kwh_m2 AS "clearSkyKwhM2",
            i.source, i.sunny
       FROM (SELECT plant_id, day, pv_kwh FROM plant_energy_day
              WHERE plant_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date) e
       FULL JOIN (SELECT plant_id, day, poa_kwh_m2, clear_sky_kwh_m2, source, sunny FROM plant_irradiance_days
              WHERE plant_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date) i
         ON i.plant_id = e.plant_id AND i.day = e.day
      ORDER BY 1, 2`,
    [plantIds, from, to],
  );
  return rows;
}

/** One inverter-day: its PV energy and its plant's sunny flag. */
export interface DeviceDayRow {
  deviceId: number;
  plantId: number;
  model: string;
  day: string;
  pvKwh: number;
  sunny: boolean | null;
}

/**
 * The PV energy per day of the inverters installed in these plants whose plant has at least two inverters of their
 * model (the sibling rule has nothing to compare otherwise), with the plant's sunny flag of the day.
 */
export async function siblingDays(
  db: Queryable,
  plantIds: readonly number[],
  from: string,
  to: string,
): Promise<DeviceDayRow[]> {
  const { rows } = await db.query<DeviceDayRow>(
    `WITH inverters AS (
       SELECT d.id, d.plant_id, d.model FROM devices d
        WHERE d.kind = 'inverter' AND d.plant_id = ANY($1::int[])
          AND (SELECT count(*) FROM devices s WHERE s.plant_id = d.plant_id AND s.kind = 'inverter'
                AND s.model = d.model) >= 2)
     SELECT v.id AS "deviceId", v.plant_id AS "plantId", v.model, to_char(e.day, 'YYYY-MM-DD') AS day,
            e.pv_kwh AS "pvKwh", i.sunny
       FROM inverters v
       JOIN device_energy_day e ON e.device_id = v.id AND e.day BETWEEN $2::date AND $3::date
       LEFT JOIN plant_irradiance_days i ON i.plant_id = v.plant_id AND i.day = e.day
      ORDER BY v.plant_id, e.day, v.id`,
    [plantIds, from, to],
  );
  return rows;
}

/** A plant the rules judge: its installed power, calendar, and the inverter its plant-level alarm is raised on. */
export interface JudgedPlant {
  plantId: number;
  kwp: number | null;
  timeZone: string;
  /** The plant's first inverter (lowest id): a plant-level alarm needs a device, and this one is stable. */
  leadInverterId: number | null;
}

/** Every plant with at least one installed inverter. */
export async function judgedPlants(db: Queryable): Promise<JudgedPlant[]> {
  const { rows } = await db.query<JudgedPlant>(
    `SELECT p.id AS "plantId", nullif(p.power_kw, 0)::float8 AS kwp, p.time_zone AS "timeZone",
            (SELECT min(d.id) FROM devices d WHERE d.plant_id = p.id AND d.kind = 'inverter') AS "leadInverterId"
       FROM plants p
      WHERE EXISTS (SELECT 1 FROM devices d WHERE d.plant_id = p.id AND d.kind = 'inverter')
      ORDER BY p.id`,
  );
  return rows;
}

/** A plant in the caller's scope as the Performance tab needs it, or undefined (outside scope looks like missing). */
export async function plantForPerformance(
  db: Queryable,
  scope: { pattern: string; callerId: number },
  plantId: number,
): Promise<{ plantId: number; powerKw: number; timeZone: string } | undefined> {
  const { rows } = await db.query<{ plantId: number; powerKw: number; timeZone: string }>(
    `SELECT p.id AS "plantId", p.power_kw::float8 AS "powerKw", p.time_zone AS "timeZone"
       FROM plants p WHERE p.id = $3 AND ${plantInScope('p', 1, 2)}`,
    [scope.pattern, scope.callerId, plantId],
  );
  return rows[0];
}
