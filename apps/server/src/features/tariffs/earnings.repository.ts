import type { Queryable } from '../../db/db.js';

/**
 * SQL of the earnings cache `plant_earnings_day` (see docs/earnings.md). Energy figures are read from the view
 * plant_figures_5m / plant_figures_day only, so a plant with an active script is priced on the script's figures.
 */

/** Fingerprint of a day's figures: a cached row whose fingerprint differs from the view's is stale. */
const SOURCE_KWH = 'fd.load_kwh + fd.grid_import_kwh + fd.grid_export_kwh';

/** The (plant, day) pairs in the range whose cached earnings are missing or older than the figures they price. */
export async function staleEarningDays(
  db: Queryable,
  plantIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<{ plantId: number; day: string }[]> {
  const { rows } = await db.query<{ plantId: number; day: string }>(
    `SELECT fd.plant_id AS "plantId", to_char(fd.day, 'YYYY-MM-DD') AS day
       FROM plant_figures_day fd
       LEFT JOIN plant_earnings_day e ON e.plant_id = fd.plant_id AND e.day = fd.day
      WHERE fd.plant_id = ANY($1::int4[]) AND fd.day BETWEEN $2::date AND $3::date
        AND (e.plant_id IS NULL
             OR e.source_kwh IS DISTINCT FROM (${SOURCE_KWH})
             OR e.source_earnings IS DISTINCT FROM fd.earnings)`,
    [[...plantIds], fromDay, toDay],
  );
  return rows;
}

/** Drops cached days whose figures are gone (a script switched off, a plant's readings removed). */
export async function deleteOrphanEarningDays(
  db: Queryable,
  plantIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<void> {
  await db.query(
    `DELETE FROM plant_earnings_day e
      WHERE e.plant_id = ANY($1::int4[]) AND e.day BETWEEN $2::date AND $3::date
        AND NOT EXISTS (SELECT 1 FROM plant_figures_day fd WHERE fd.plant_id = e.plant_id AND fd.day = e.day)`,
    [[...plantIds], fromDay, toDay],
  );
}

/**
 * Computes and stores the earnings of the given (plant, local day) pairs in one statement. Each 5-minute bucket is
 * classified by the wall-clock time of its start in the plant's zone (so DST days with 23 or 25 hours are right),
 * priced with the period of the version effective on that local date, or taken from the script's earnings.
 *
 * The figures views are read per pair (LATERAL … OFFSET 0): joined as a whole, PostgreSQL hashes the views' union
 * over every plant and day (a year of 5-minute rows per statement, 16–20 s for the demo's history), whereas each
 * pair's lookup is one index range of one day.
 */
export async function materialiseEarningDays(
  db: Queryable,
  pairs: readonly { plantId: number; day: string }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db.query(
    `WITH pairs AS (
       SELECT u.plant_id, u.day, p.time_zone, p.currency AS plant_currency,
              (u.day::timestamp AT TIME ZONE p.time_zone) AS from_ts,
              ((u.day + 1)::timestamp AT TIME ZONE p.time_zone) AS to_ts,
              (SELECT t.id FROM tariff_versions t WHERE t.plant_id = u.plant_id AND t.effective_from <= u.day
                ORDER BY t.effective_from DESC LIMIT 1) AS tariff_id
         FROM unnest($1::int4[], $2::date[]) AS u (plant_id, day) JOIN plants p ON p.id = u.plant_id
     ),
     buckets AS (
       SELECT pr.plant_id, pr.day, f.earnings, f.load_kwh - f.grid_import_kwh + f.grid_export_kwh AS net_kwh,
              (extract(hour FROM f.bucket AT TIME ZONE pr.time_zone) * 60
               + extract(minute FROM f.bucket AT TIME ZONE pr.time_zone))::int AS minute,
              pr.tariff_id
         FROM pairs pr
         CROSS JOIN LATERAL (
           SELECT v.bucket, v.earnings, v.load_kwh, v.grid_import_kwh, v.grid_export_kwh FROM plant_figures_5m v
            WHERE v.plant_id = pr.plant_id AND v.bucket >= pr.from_ts AND v.bucket < pr.to_ts OFFSET 0
         ) f
     ),
     priced AS (
       SELECT b.plant_id, b.day, b.earnings, b.net_kwh, tp.type, tp.price
         FROM buckets b
         LEFT JOIN tariff_periods tp
           ON tp.tariff_id = b.tariff_id AND b.minute BETWEEN tp.start_minute AND tp.end_minute
     )
     INSERT INTO plant_earnings_day AS e (plant_id, day, tariff_id, currency, amount, no_tariff, sharp_kwh, peak_kwh,
                                          flat_kwh, valley_kwh, source_kwh, source_earnings, computed_at)
     SELECT pr.plant_id, pr.day, pr.tariff_id, COALESCE(tv.currency, pr.plant_currency),
            COALESCE(sum(COALESCE(x.earnings, x.net_kwh * x.price)), 0),
            COALESCE(bool_or(x.earnings IS NULL AND x.price IS NULL), false),
            COALESCE(sum(x.net_kwh) FILTER (WHERE x.type = 1), 0),
            COALESCE(sum(x.net_kwh) FILTER (WHERE x.type = 2), 0),
            COALESCE(sum(x.net_kwh) FILTER (WHERE x.type = 3), 0),
            COALESCE(sum(x.net_kwh) FILTER (WHERE x.type = 4), 0),
            COALESCE(max(${SOURCE_KWH}), 0), max(fd.earnings), now()
       FROM pairs pr
       LEFT JOIN priced x ON x.plant_id = pr.plant_id AND x.day = pr.day
       LEFT JOIN tariff_versions tv ON tv.id = pr.tariff_id
       LEFT JOIN LATERAL (
         SELECT v.load_kwh, v.grid_import_kwh, v.grid_export_kwh, v.earnings FROM plant_figures_day v
          WHERE v.plant_id = pr.plant_id AND v.day = pr.day OFFSET 0
       ) fd ON true
      GROUP BY pr.plant_id, pr.day, pr.tariff_id, tv.currency, pr.plant_currency
     ON CONFLICT (plant_id, day) DO UPDATE SET
       tariff_id = EXCLUDED.tariff_id, currency = EXCLUDED.currency, amount = EXCLUDED.amount,
       no_tariff = EXCLUDED.no_tariff, sharp_kwh = EXCLUDED.sharp_kwh, peak_kwh = EXCLUDED.peak_kwh,
       flat_kwh = EXCLUDED.flat_kwh, valley_kwh = EXCLUDED.valley_kwh, source_kwh = EXCLUDED.source_kwh,
       source_earnings = EXCLUDED.source_earnings, computed_at = EXCLUDED.computed_at`,
    [pairs.map((p) => p.plantId), pairs.map((p) => p.day)],
  );
}

/** Forgets cached earnings from a local day on (a tariff version from that day was saved or deleted). */
export async function invalidateEarningsFrom(db: Queryable, plantId: number, fromDay: string): Promise<void> {
  await db.query('DELETE FROM plant_earnings_day WHERE plant_id = $1 AND day >= $2::date', [plantId, fromDay]);
}

export interface EarningDayRow {
  plantId: number;
  day: string;
  amount: number;
  currency: string;
  noTariff: boolean;
  tariffId: number | null;
  sharpKwh: number;
  peakKwh: number;
  flatKwh: number;
  valleyKwh: number;
}

/** The cached earnings of the plants in the range, by plant and day. */
export async function readEarningDays(
  db: Queryable,
  plantIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<EarningDayRow[]> {
  const { rows } = await db.query<EarningDayRow>(
    `SELECT plant_id AS "plantId", to_char(day, 'YYYY-MM-DD') AS day, amount, currency, no_tariff AS "noTariff",
            tariff_id AS "tariffId", sharp_kwh AS "sharpKwh", peak_kwh AS "peakKwh", flat_kwh AS "flatKwh",
            valley_kwh AS "valleyKwh"
       FROM plant_earnings_day
      WHERE plant_id = ANY($1::int4[]) AND day BETWEEN $2::date AND $3::date
      ORDER BY plant_id, day`,
    [[...plantIds], fromDay, toDay],
  );
  return rows;
}
