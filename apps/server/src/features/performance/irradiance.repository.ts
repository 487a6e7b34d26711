import type { IrradianceSource } from '@voltfleet/domain/performance';
import type { Queryable } from '../../db/db.js';

// plant_irradiance_days: the irradiation each plant-day's performance figures use. This feature is its only writer.

/** A plant whose days need their irradiance (re)chosen, with those days. */
export interface PlantNeedingIrradiance {
  plantId: number;
  name: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  tiltDeg: number;
  azimuthDeg: number;
  days: string[];
}

/**
 * Plants with whole days that produced energy (plant_energy_day) in the `lookbackDays` before the plant's today (at `nowMs`)
 * and lack a chosen irradiance,
 * or whose chosen one is outdated: the array was re-entered since, or the weather service has given the day since it
 * was chosen from a weaker source. At most `limit` plant-days, the oldest plants first.
 */
export async function plantsNeedingIrradiance(
  db: Queryable,
  nowMs: number,
  lookbackDays: number,
  limit: number,
): Promise<PlantNeedingIrradiance[]> {
  const { rows } = await db.query<PlantNeedingIrradiance>(
    `WITH due AS (
       SELECT e.plant_id, e.day
         FROM plant_energy_day e
         JOIN plants p ON p.id = e.plant_id
         LEFT JOIN plant_irradiance_days i ON i.plant_id = e.plant_id AND i.day = e.day
         LEFT JOIN weather_irradiance_days w ON w.plant_id = e.plant_id AND w.day = e.day
              AND w.tilt_deg = p.inclination_deg AND w.azimuth_deg = p.azimuth_deg
        WHERE e.day >= ($3::timestamptz AT TIME ZONE p.time_zone)::date - $1::int
          -- Days the plant produced on, after its first: the first day of its data is partial (commissioned, or a
          -- history begun, in the middle of it) and a day without energy is an outage, the no-data and fault alarms'
          -- matter; either against a whole day's sun would be a ratio of nothing.
          AND e.pv_kwh > 0
          AND e.day > (SELECT min(f.day) FROM plant_energy_day f WHERE f.plant_id = e.plant_id)
          -- Complete days only: today's energy is still growing, and its irradiance is not known yet.
          AND e.day < ($3::timestamptz AT TIME ZONE p.time_zone)::date
          AND (i.plant_id IS NULL
               OR i.tilt_deg IS DISTINCT FROM p.inclination_deg OR i.azimuth_deg IS DISTINCT FROM p.azimuth_deg
               OR (w.plant_id IS NOT NULL AND (i.source <> 'openMeteo' OR w.fetched_at > i.updated_at)))
        ORDER BY e.plant_id, e.day
        LIMIT $2)
     SELECT p.id AS "plantId", p.name, p.latitude, p.longitude, p.time_zone AS "timeZone",
            p.inclination_deg AS "tiltDeg", p.azimuth_deg AS "azimuthDeg",
            array_agg(to_char(due.day, 'YYYY-MM-DD') ORDER BY due.day) AS days
       FROM due JOIN plants p ON p.id = due.plant_id
      GROUP BY p.id`,
    [lookbackDays, limit, new Date(nowMs)],
  );
  return rows;
}

/** The weather service's irradiation of a plant's days for its current array, by day. */
export async function weatherIrradiance(
  db: Queryable,
  plant: Pick<PlantNeedingIrradiance, 'plantId' | 'tiltDeg' | 'azimuthDeg'>,
  days: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ day: string; poa: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, poa_kwh_m2 AS poa FROM weather_irradiance_days
      WHERE plant_id = $1 AND day = ANY($2::date[]) AND tilt_deg = $3 AND azimuth_deg = $4`,
    [plant.plantId, days, plant.tiltDeg, plant.azimuthDeg],
  );
  return new Map(rows.map((r) => [r.day, r.poa]));
}

/** A plant-day's chosen irradiation. */
export interface ChosenIrradiance {
  day: string;
  poaKwhM2: number;
  clearSkyKwhM2: number;
  source: IrradianceSource;
  sunny: boolean | null;
}

/** Stores a plant's chosen days for the array they were chosen for (one statement). */
export async function storeIrradiance(
  db: Queryable,
  plant: Pick<PlantNeedingIrradiance, 'plantId' | 'tiltDeg' | 'azimuthDeg'>,
  days: readonly ChosenIrradiance[],
): Promise<void> {
  if (days.length === 0) return;
  await db.query(
    `INSERT INTO plant_irradiance_days AS i
            (plant_id, day, poa_kwh_m2, clear_sky_kwh_m2, source, sunny, tilt_deg, azimuth_deg, updated_at)
     SELECT $1, v.day, v.poa, v.clear, v.source, v.sunny, $7, $8, now()
       FROM unnest($2::date[], $3::float8[], $4::float8[], $5::text[], $6::bool[]) AS v (day, poa, clear, source, sunny)
      WHERE EXISTS (SELECT 1 FROM plants WHERE id = $1)
     ON CONFLICT (plant_id, day) DO UPDATE SET poa_kwh_m2 = excluded.poa_kwh_m2,
            clear_sky_kwh_m2 = excluded.clear_sky_kwh_m2, source = excluded.source, sunny = excluded.sunny,
            tilt_deg = excluded.tilt_deg, azimuth_deg = excluded.azimuth_deg, updated_at = now()`,
    [
      plant.plantId,
      days.map((d) => d.day),
      days.map((d) => d.poaKwhM2),
      days.map((d) => d.clearSkyKwhM2),
      days.map((d) => d.source),
      days.map((d) => d.sunny),
      plant.tiltDeg,
      plant.azimuthDeg,
    ],
  );
}
