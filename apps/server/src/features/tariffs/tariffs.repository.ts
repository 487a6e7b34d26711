import type { TariffPeriod } from '@voltfleet/domain/tariffs';
import type { TariffType } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';

/** What the tariff feature needs to know of a plant: its zone (for "today") and its currency. */
export async function plantZoneAndCurrency(
  db: Queryable,
  plantId: number,
): Promise<{ timeZone: string; currency: string } | undefined> {
  const { rows } = await db.query<{ timeZone: string; currency: string }>(
    `SELECT time_zone AS "timeZone", currency FROM plants WHERE id = $1`,
    [plantId],
  );
  return rows[0];
}

export interface TariffVersionRow {
  tariffId: number;
  effectiveFrom: string;
  currency: string;
  createdAt: string;
  createdBy: string | null;
  periods: { type: TariffType; startMinute: number; endMinute: number; price: number }[];
}

/** The plant's tariff versions, newest effective date first, each with its periods in order. */
export async function listTariffVersions(db: Queryable, plantId: number): Promise<TariffVersionRow[]> {
  const { rows } = await db.query<TariffVersionRow>(
    `SELECT t.id AS "tariffId", to_char(t.effective_from, 'YYYY-MM-DD') AS "effectiveFrom", t.currency,
            to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
            u.username AS "createdBy",
            COALESCE((SELECT json_agg(json_build_object('type', p.type, 'startMinute', p.start_minute,
                                                        'endMinute', p.end_minute, 'price', p.price)
                                      ORDER BY p.start_minute)
                        FROM tariff_periods p WHERE p.tariff_id = t.id), '[]'::json) AS periods
       FROM tariff_versions t LEFT JOIN users u ON u.id = t.created_by
      WHERE t.plant_id = $1
      ORDER BY t.effective_from DESC`,
    [plantId],
  );
  return rows;
}

/**
 * Stores a version for the plant and date; a version already saved for the same date is replaced (its periods are
 * rewritten). Periods carry minutes of the local day, both ends inclusive.
 */
export async function upsertTariffVersion(
  db: Queryable,
  v: { plantId: number; effectiveFrom: string; currency: string; userId: number; periods: readonly PeriodMinutes[] },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO tariff_versions (plant_id, effective_from, currency, created_by) VALUES ($1, $2::date, $3, $4)
     ON CONFLICT (plant_id, effective_from)
       DO UPDATE SET currency = EXCLUDED.currency, created_by = EXCLUDED.created_by, created_at = now()
     RETURNING id`,
    [v.plantId, v.effectiveFrom, v.currency, v.userId],
  );
  const id = rows[0]!.id;
  await db.query('DELETE FROM tariff_periods WHERE tariff_id = $1', [id]);
  await db.query(
    `INSERT INTO tariff_periods (tariff_id, position, type, start_minute, end_minute, price)
     SELECT $1, u.ord, u.type, u.start_minute, u.end_minute, u.price
       FROM unnest($2::int2[], $3::int2[], $4::int2[], $5::float8[]) WITH ORDINALITY
            AS u (type, start_minute, end_minute, price, ord)`,
    [
      id,
      v.periods.map((p) => p.type),
      v.periods.map((p) => p.startMinute),
      v.periods.map((p) => p.endMinute),
      v.periods.map((p) => p.price),
    ],
  );
  return id;
}

export interface PeriodMinutes {
  type: TariffPeriod['type'];
  startMinute: number;
  endMinute: number;
  price: number;
}

/** The effective date of one of the plant's versions, or undefined when the plant has no such version. */
export async function tariffVersionDate(db: Queryable, plantId: number, tariffId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ day: string }>(
    `SELECT to_char(effective_from, 'YYYY-MM-DD') AS day FROM tariff_versions WHERE id = $1 AND plant_id = $2`,
    [tariffId, plantId],
  );
  return rows[0]?.day;
}

export async function deleteTariffVersion(db: Queryable, tariffId: number): Promise<void> {
  await db.query('DELETE FROM tariff_versions WHERE id = $1', [tariffId]);
}
