import { SCRIPT_FIGURES, type ScriptIndicator } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import type { ScriptBucket } from './sandbox.js';
import type { DerivedFigures } from './script-result.js';

export interface ScriptRow {
  plant_id: number;
  active: boolean;
  source: string | null;
  version: number | null;
  updated_at: Date | null;
  updated_by: string | null;
  last_run_at: Date | null;
  last_error: string | null;
  derived_until: Date | null;
}

/** The plant's script row (all null when none was ever saved) and whether it is active. */
export async function findScript(db: Queryable, plantId: number): Promise<ScriptRow | undefined> {
  const { rows } = await db.query<ScriptRow>(
    `SELECT p.id AS plant_id, p.script_active AS active, s.source, s.version, s.updated_at, u.username AS updated_by,
            s.last_run_at, s.last_error, s.derived_until
       FROM plants p LEFT JOIN plant_scripts s ON s.plant_id = p.id LEFT JOIN users u ON u.id = s.updated_by
      WHERE p.id = $1`,
    [plantId],
  );
  return rows[0];
}

export async function findIndicators(db: Queryable, plantId: number) {
  const { rows } = await db.query<ScriptIndicator & { computedAt: Date }>(
    `SELECT name, value, unit, computed_at AS "computedAt" FROM plant_script_indicators WHERE plant_id = $1
      ORDER BY name`,
    [plantId],
  );
  return rows;
}

/**
 * Stores a new version. The job derives again from the start of the local day `backDays` ago, right away
 * (next_run_at now). Returns the new version; the caller activates it on the plant (plants feature) in the same
 * transaction.
 */
export async function saveScript(
  tx: Queryable,
  plantId: number,
  source: string,
  userId: number,
  backDays: number,
): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO plant_scripts AS s (plant_id, source, version, updated_by, updated_at, last_error, derived_until,
                                     next_run_at)
     SELECT p.id, $2, 1, $3, now(), NULL, ((now() AT TIME ZONE p.time_zone)::date - $4::int)::timestamp
                                          AT TIME ZONE p.time_zone, now()
       FROM plants p WHERE p.id = $1
     ON CONFLICT (plant_id) DO UPDATE SET source = $2, version = s.version + 1, updated_by = $3, updated_at = now(),
            last_error = NULL, derived_until = EXCLUDED.derived_until, next_run_at = now()
     RETURNING version`,
    [plantId, source, userId, backDays],
  );
  const version = rows[0]!.version;
  await tx.query(`INSERT INTO plant_script_versions (plant_id, version, source, saved_by) VALUES ($1, $2, $3, $4)`, [
    plantId,
    version,
    source,
    userId,
  ]);
  return version;
}

/** The plant-local date (YYYY-MM-DD) of the plant's newest 5-minute device energy, or null without data. */
export async function lastDataDay(db: Queryable, plantId: number): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    `SELECT to_char(max(e.bucket) AT TIME ZONE p.time_zone, 'YYYY-MM-DD') AS day
       FROM plants p JOIN devices d ON d.plant_id = p.id JOIN device_energy_5m e ON e.device_id = d.id
      WHERE p.id = $1 GROUP BY p.time_zone`,
    [plantId],
  );
  return rows[0]?.day ?? null;
}

interface BucketRow {
  time: Date;
  sn: string;
  kind: string;
  pv_kwh: number;
  load_kwh: number;
  grid_import_kwh: number;
  grid_export_kwh: number;
  bat_charge_kwh: number;
  bat_discharge_kwh: number;
}

/** The 5-minute buckets of one plant-local day with data, each with the energies of the plant's devices. */
export async function dayBuckets(db: Queryable, plantId: number, day: string): Promise<ScriptBucket[]> {
  const { rows } = await db.query<BucketRow>(
    `SELECT e.bucket AS time, d.sn, d.kind, ${SCRIPT_FIGURES.map((f) => `e.${f}`).join(', ')}
       FROM plants p JOIN devices d ON d.plant_id = p.id JOIN device_energy_5m e ON e.device_id = d.id
      WHERE p.id = $1 AND e.bucket >= ($2::date::timestamp AT TIME ZONE p.time_zone)
        AND e.bucket < (($2::date + 1)::timestamp AT TIME ZONE p.time_zone)
      ORDER BY e.bucket, d.sn`,
    [plantId, day],
  );
  const buckets: ScriptBucket[] = [];
  for (const row of rows) {
    const time = row.time.toISOString();
    let bucket = buckets.at(-1);
    if (bucket?.time !== time) {
      bucket = { time, devices: {} };
      buckets.push(bucket);
    }
    const { sn, kind } = row;
    bucket.devices[sn] = {
      kind,
      ...Object.fromEntries(SCRIPT_FIGURES.map((f) => [f, row[f]])),
    } as ScriptBucket['devices'][string];
  }
  return buckets;
}

export interface DueScript {
  plantId: number;
  source: string;
  version: number;
  /** Local days to derive, oldest first: from the day of derived_until (at most yesterday) to today. */
  days: string[];
}

/** Claims active scripts that are due and leases them for `leaseSeconds` (several processes may run the job). */
export async function claimDueScripts(db: Queryable, limit: number, leaseSeconds: number): Promise<DueScript[]> {
  const { rows } = await db.query<DueScript>(
    `WITH due AS (
       SELECT s.plant_id FROM plant_scripts s JOIN plants p ON p.id = s.plant_id
        WHERE p.script_active AND s.next_run_at <= now()
        ORDER BY s.next_run_at LIMIT $1
        FOR UPDATE OF s SKIP LOCKED)
     UPDATE plant_scripts s SET next_run_at = now() + make_interval(secs => $2)
       FROM due, plants p WHERE s.plant_id = due.plant_id AND p.id = s.plant_id
     RETURNING s.plant_id AS "plantId", s.source, s.version,
       ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM generate_series(
               LEAST(COALESCE((s.derived_until AT TIME ZONE p.time_zone)::date, (now() AT TIME ZONE p.time_zone)::date),
                     (now() AT TIME ZONE p.time_zone)::date - 1),
               (now() AT TIME ZONE p.time_zone)::date, interval '1 day') AS d) AS days`,
    [limit, leaseSeconds],
  );
  return rows;
}

/** Replaces one local day of the script's figures (5-minute rows) and re-aggregates that day and its month. */
export async function writeDerivedDay(
  tx: Queryable,
  plantId: number,
  day: string,
  buckets: readonly ScriptBucket[],
  rows: readonly DerivedFigures[],
): Promise<void> {
  const cols = [...SCRIPT_FIGURES, 'earnings'] as const;
  const sums = cols.map((c) => `sum(${c})`).join(', ');
  await tx.query(
    `DELETE FROM plant_script_energy_5m s USING plants p
      WHERE s.plant_id = $1 AND p.id = $1 AND s.bucket >= ($2::date::timestamp AT TIME ZONE p.time_zone)
        AND s.bucket < (($2::date + 1)::timestamp AT TIME ZONE p.time_zone)`,
    [plantId, day],
  );
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO plant_script_energy_5m (plant_id, bucket, ${cols.join(', ')})
       SELECT $1, * FROM unnest($2::timestamptz[], ${cols.map((_, i) => `$${i + 3}::float8[]`).join(', ')})`,
      [plantId, buckets.map((b) => b.time), ...cols.map((c) => rows.map((r) => r[c]))],
    );
  }
  // Days and months without any derived bucket have no row (as in plant_energy_*): charts show a gap, not a zero.
  await tx.query(`DELETE FROM plant_script_energy_day WHERE plant_id = $1 AND day = $2::date`, [plantId, day]);
  await tx.query(
    `INSERT INTO plant_script_energy_day (plant_id, day, ${cols.join(', ')})
     SELECT $1, $2::date, ${sums}
       FROM plant_script_energy_5m s JOIN plants p ON p.id = s.plant_id
      WHERE s.plant_id = $1 AND s.bucket >= ($2::date::timestamp AT TIME ZONE p.time_zone)
        AND s.bucket < (($2::date + 1)::timestamp AT TIME ZONE p.time_zone)
     HAVING count(*) > 0`,
    [plantId, day],
  );
  await tx.query(
    `DELETE FROM plant_script_energy_month WHERE plant_id = $1 AND month = date_trunc('month', $2::date)::date`,
    [plantId, day],
  );
  await tx.query(
    `INSERT INTO plant_script_energy_month (plant_id, month, ${cols.join(', ')})
     SELECT $1, date_trunc('month', $2::date)::date, ${sums}
       FROM plant_script_energy_day
      WHERE plant_id = $1 AND day >= date_trunc('month', $2::date)
        AND day < date_trunc('month', $2::date) + interval '1 month'
     HAVING count(*) > 0`,
    [plantId, day],
  );
}

/** Replaces the plant's indicators with those of its newest derived day. */
export async function replaceIndicators(
  tx: Queryable,
  plantId: number,
  indicators: readonly ScriptIndicator[],
): Promise<void> {
  await tx.query(`DELETE FROM plant_script_indicators WHERE plant_id = $1`, [plantId]);
  if (indicators.length === 0) return;
  await tx.query(
    `INSERT INTO plant_script_indicators (plant_id, name, value, unit)
     SELECT $1, * FROM unnest($2::text[], $3::float8[], $4::text[])`,
    [plantId, indicators.map((i) => i.name), indicators.map((i) => i.value), indicators.map((i) => i.unit)],
  );
}

/**
 * Records the end of a run of `version`: on success derived_until moves to the start of the plant's local today
 * (today and yesterday are derived again next time); on failure only the error is kept and the figures stay.
 */
export async function finishRun(
  db: Queryable,
  plantId: number,
  version: number,
  error: string | null,
  nextRunSeconds: number,
): Promise<void> {
  await db.query(
    `UPDATE plant_scripts s SET last_run_at = now(), last_error = $3,
            derived_until = CASE WHEN $3::text IS NULL
              THEN (now() AT TIME ZONE p.time_zone)::date::timestamp AT TIME ZONE p.time_zone ELSE s.derived_until END,
            next_run_at = now() + make_interval(secs => $4)
       FROM plants p WHERE s.plant_id = $1 AND p.id = s.plant_id AND s.version = $2`,
    [plantId, version, error, nextRunSeconds],
  );
}
