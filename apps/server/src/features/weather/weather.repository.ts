import type { ForecastDay } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { plantInScope } from '../../platform/scope.js';
import type { WeatherAnswer } from './weather.provider.js';

/** Where a plant is: what a forecast is fetched for. */
export interface PlantLocation {
  plantId: number;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** The array's tilt from flat and compass azimuth (180 = south): what the irradiance is asked for. */
  tiltDeg: number;
  azimuthDeg: number;
}

const LOCATION = `p.id AS "plantId", p.latitude, p.longitude, p.time_zone AS "timeZone", p.inclination_deg AS "tiltDeg",
  p.azimuth_deg AS "azimuthDeg"`;

/** A plant's cache row (absent fields: never fetched). */
export interface ForecastCache {
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  fetchedAt: Date | null;
  days: ForecastDay[] | null;
  attemptedAt: Date | null;
  lastError: string | null;
  failures: number;
}

/** The location of a plant the caller may see, or undefined (outside the scope looks exactly like missing). */
export async function plantLocationInScope(
  db: Queryable,
  scope: { pattern: string; callerId: number },
  plantId: number,
): Promise<PlantLocation | undefined> {
  const { rows } = await db.query<PlantLocation>(
    `SELECT ${LOCATION}
       FROM plants p WHERE p.id = $3 AND ${plantInScope('p', 1, 2)}`,
    [scope.pattern, scope.callerId, plantId],
  );
  return rows[0];
}

export async function readForecastCache(db: Queryable, plantId: number): Promise<ForecastCache | undefined> {
  const { rows } = await db.query<ForecastCache>(
    `SELECT latitude, longitude, time_zone AS "timeZone", fetched_at AS "fetchedAt", days,
            attempted_at AS "attemptedAt", last_error AS "lastError", failures
       FROM weather_forecasts WHERE plant_id = $1`,
    [plantId],
  );
  return rows[0];
}

/** True when the cached forecast was fetched for the plant's current location and zone. */
export function cacheMatches(cache: ForecastCache, plant: PlantLocation): boolean {
  return cache.latitude === plant.latitude && cache.longitude === plant.longitude && cache.timeZone === plant.timeZone;
}

/**
 * Claims one plant for an on-demand fetch unless it was attempted within `minGapSeconds` (by anyone, in any process).
 * Returns false when the plant was tried too recently.
 */
export async function claimOnDemand(db: Queryable, plantId: number, minGapSeconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO weather_forecasts AS w (plant_id, attempted_at) VALUES ($1, now())
     ON CONFLICT (plant_id) DO UPDATE SET attempted_at = now()
       WHERE w.attempted_at IS NULL OR w.attempted_at <= now() - make_interval(secs => $2)
     RETURNING plant_id`,
    [plantId, minGapSeconds],
  );
  return rows.length > 0;
}

/**
 * Claims up to `limit` plants whose forecast is due (next attempt reached, never fetched, or the plant moved) and
 * leases them for `leaseSeconds`, so other processes skip them while this one fetches. New plants get a row first.
 */
export async function claimDue(db: Queryable, limit: number, leaseSeconds: number): Promise<PlantLocation[]> {
  await db.query(
    `INSERT INTO weather_forecasts (plant_id)
     SELECT p.id FROM plants p WHERE NOT EXISTS (SELECT 1 FROM weather_forecasts w WHERE w.plant_id = p.id)
     ON CONFLICT (plant_id) DO NOTHING`,
  );
  const { rows } = await db.query<PlantLocation>(
    `WITH due AS (
       SELECT w.plant_id FROM weather_forecasts w JOIN plants p ON p.id = w.plant_id
        WHERE w.next_attempt_at <= now()
           -- a plant moved or re-zoned since the last attempt
           OR (w.fetched_at IS NOT NULL AND p.updated_at > w.attempted_at
               AND (w.latitude IS DISTINCT FROM p.latitude OR w.longitude IS DISTINCT FROM p.longitude
                    OR w.time_zone IS DISTINCT FROM p.time_zone OR w.tilt_deg IS DISTINCT FROM p.inclination_deg
                    OR w.azimuth_deg IS DISTINCT FROM p.azimuth_deg))
        ORDER BY w.next_attempt_at LIMIT $1
        FOR UPDATE OF w SKIP LOCKED)
     UPDATE weather_forecasts w SET next_attempt_at = now() + make_interval(secs => $2), attempted_at = now()
       FROM due, plants p WHERE w.plant_id = due.plant_id AND p.id = w.plant_id
     RETURNING ${LOCATION}`,
    [limit, leaseSeconds],
  );
  return rows;
}

/**
 * Gives every plant without a cache row one, due now: the irradiance of every plant's past days is needed for its
 * performance figures (docs/performance.md), not only of the plants whose weather tab someone opened.
 */
export async function enrolPlants(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO weather_forecasts (plant_id)
     SELECT p.id FROM plants p WHERE NOT EXISTS (SELECT 1 FROM weather_forecasts w WHERE w.plant_id = p.id)
     ON CONFLICT (plant_id) DO NOTHING`,
  );
}

/**
 * Stores a fetched forecast and the irradiation of its past days on the plant's array; the next refresh is due
 * after `refreshSeconds`. Nothing when the plant is gone.
 */
export async function storeForecast(
  db: Queryable,
  plant: PlantLocation,
  answer: WeatherAnswer,
  refreshSeconds: number,
): Promise<void> {
  const { days, irradiance } = answer;
  // INSERT … SELECT WHERE EXISTS: a plant deleted while its forecast was being fetched is simply skipped.
  await db.query(
    `INSERT INTO weather_forecasts AS w
            (plant_id, latitude, longitude, time_zone, fetched_at, days, attempted_at, last_error, failures,
             next_attempt_at, tilt_deg, azimuth_deg)
     SELECT $1, $2, $3, $4, now(), $5::jsonb, now(), NULL, 0, now() + make_interval(secs => $6), $7, $8
      WHERE EXISTS (SELECT 1 FROM plants WHERE id = $1)
     ON CONFLICT (plant_id) DO UPDATE SET latitude = $2, longitude = $3, time_zone = $4, fetched_at = now(),
            days = $5::jsonb, attempted_at = now(), last_error = NULL, failures = 0,
            next_attempt_at = now() + make_interval(secs => $6), tilt_deg = $7, azimuth_deg = $8`,
    [
      plant.plantId,
      plant.latitude,
      plant.longitude,
      plant.timeZone,
      JSON.stringify(days),
      refreshSeconds,
      plant.tiltDeg,
      plant.azimuthDeg,
    ],
  );
  if (irradiance.length === 0) return;
  await db.query(
    `INSERT INTO weather_irradiance_days AS w (plant_id, day, poa_kwh_m2, tilt_deg, azimuth_deg, fetched_at)
     SELECT $1, v.day, v.poa, $4, $5, now() FROM unnest($2::date[], $3::float8[]) AS v (day, poa)
      WHERE EXISTS (SELECT 1 FROM plants WHERE id = $1)
     ON CONFLICT (plant_id, day) DO UPDATE SET poa_kwh_m2 = excluded.poa_kwh_m2, tilt_deg = excluded.tilt_deg,
            azimuth_deg = excluded.azimuth_deg, fetched_at = excluded.fetched_at`,
    [plant.plantId, irradiance.map((d) => d.day), irradiance.map((d) => d.poaKwhM2), plant.tiltDeg, plant.azimuthDeg],
  );
}

/** A stored day of weather-service irradiance, for the array it was asked for. */
export interface StoredIrradianceDay {
  plantId: number;
  day: string;
  poaKwhM2: number;
  tiltDeg: number;
  azimuthDeg: number;
  fetchedAt: Date;
}

/** The weather service's irradiance of these plants' days from..to (plant-local dates, both included). */
export async function irradianceDays(
  db: Queryable,
  plantIds: readonly number[],
  from: string,
  to: string,
): Promise<StoredIrradianceDay[]> {
  const { rows } = await db.query<StoredIrradianceDay>(
    `SELECT plant_id AS "plantId", to_char(day, 'YYYY-MM-DD') AS day, poa_kwh_m2 AS "poaKwhM2", tilt_deg AS "tiltDeg",
            azimuth_deg AS "azimuthDeg", fetched_at AS "fetchedAt"
       FROM weather_irradiance_days WHERE plant_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
      ORDER BY plant_id, day`,
    [plantIds, from, to],
  );
  return rows;
}

/** How long to wait after failures: `baseSeconds` after the first, doubling with each one in a row, at most `maxSeconds`. */
export interface Backoff {
  baseSeconds: number;
  maxSeconds: number;
}

/** Records a failed attempt: the previous forecast stays, the error is kept and the next try backs off. */
export async function recordFailure(db: Queryable, plantId: number, error: string, backoff: Backoff): Promise<void> {
  // In DO UPDATE, w.failures is the count before this failure: the wait is base · 2^(failures before).
  await db.query(
    `INSERT INTO weather_forecasts AS w (plant_id, attempted_at, last_error, failures, next_attempt_at)
     SELECT $1, now(), $2, 1, now() + make_interval(secs => $3) WHERE EXISTS (SELECT 1 FROM plants WHERE id = $1)
     ON CONFLICT (plant_id) DO UPDATE SET attempted_at = now(), last_error = $2, failures = w.failures + 1,
            next_attempt_at = now() + make_interval(secs => least($4, $3 * power(2, least(w.failures, 30))))`,
    [plantId, error, backoff.baseSeconds, backoff.maxSeconds],
  );
}
