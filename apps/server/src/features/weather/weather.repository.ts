import type { ForecastDay } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { plantInScope } from '../../platform/scope.js';

/** Where a plant is: what a forecast is fetched for. */
export interface PlantLocation {
  plantId: number;
  latitude: number;
  longitude: number;
  timeZone: string;
}

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
    `SELECT p.id AS "plantId", p.latitude, p.longitude, p.time_zone AS "timeZone"
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
                    OR w.time_zone IS DISTINCT FROM p.time_zone))
        ORDER BY w.next_attempt_at LIMIT $1
        FOR UPDATE OF w SKIP LOCKED)
     UPDATE weather_forecasts w SET next_attempt_at = now() + make_interval(secs => $2), attempted_at = now()
       FROM due, plants p WHERE w.plant_id = due.plant_id AND p.id = w.plant_id
     RETURNING p.id AS "plantId", p.latitude, p.longitude, p.time_zone AS "timeZone"`,
    [limit, leaseSeconds],
  );
  return rows;
}

/** Stores a fetched forecast; the next refresh is due after `refreshSeconds`. Nothing when the plant is gone. */
export async function storeForecast(
  db: Queryable,
  plant: PlantLocation,
  days: readonly ForecastDay[],
  refreshSeconds: number,
): Promise<void> {
  // INSERT … SELECT WHERE EXISTS: a plant deleted while its forecast was being fetched is simply skipped.
  await db.query(
    `INSERT INTO weather_forecasts AS w
            (plant_id, latitude, longitude, time_zone, fetched_at, days, attempted_at, last_error, failures,
             next_attempt_at)
     SELECT $1, $2, $3, $4, now(), $5::jsonb, now(), NULL, 0, now() + make_interval(secs => $6)
      WHERE EXISTS (SELECT 1 FROM plants WHERE id = $1)
     ON CONFLICT (plant_id) DO UPDATE SET latitude = $2, longitude = $3, time_zone = $4, fetched_at = now(),
            days = $5::jsonb, attempted_at = now(), last_error = NULL, failures = 0,
            next_attempt_at = now() + make_interval(secs => $6)`,
    [plant.plantId, plant.latitude, plant.longitude, plant.timeZone, JSON.stringify(days), refreshSeconds],
  );
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
