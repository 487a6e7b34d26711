import type { Queryable } from '../db/db.js';

/**
 * Test data for the plant figures: stored rollup rows as the ingest leaves them (one 5-minute bucket, added to
 * its local day and month), a tariff with one flat price all day, and plants and devices with a given status.
 */

export interface FigureValues {
  pv?: number;
  load?: number;
  gridImport?: number;
  gridExport?: number;
  batCharge?: number;
  batDischarge?: number;
}

const COLUMNS = 'pv_kwh, load_kwh, grid_import_kwh, grid_export_kwh, bat_charge_kwh, bat_discharge_kwh';
const ADD = COLUMNS.split(', ')
  .map((c) => `${c} = t.${c} + EXCLUDED.${c}`)
  .join(', ');

/** One 5-minute bucket at plant-local `localTime` ('2026-12-31 10:00'), rolled into its local day and month. */
export async function addFigures(
  db: Queryable,
  plantId: number,
  timeZone: string,
  localTime: string,
  v: FigureValues,
): Promise<void> {
  const values = [v.pv ?? 0, v.load ?? 0, v.gridImport ?? 0, v.gridExport ?? 0, v.batCharge ?? 0, v.batDischarge ?? 0];
  const day = localTime.slice(0, 10);
  await db.query(
    `INSERT INTO plant_energy_5m AS t (plant_id, bucket, ${COLUMNS})
     VALUES ($1, ($2::timestamp AT TIME ZONE $3), $4, $5, $6, $7, $8, $9)
     ON CONFLICT (plant_id, bucket) DO UPDATE SET ${ADD}`,
    [plantId, localTime, timeZone, ...values],
  );
  await db.query(
    `INSERT INTO plant_energy_day AS t (plant_id, day, ${COLUMNS}) VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (plant_id, day) DO UPDATE SET ${ADD}`,
    [plantId, day, ...values],
  );
  await db.query(
    `INSERT INTO plant_energy_month AS t (plant_id, month, ${COLUMNS})
     VALUES ($1, date_trunc('month', $2::date::timestamp)::date, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (plant_id, month) DO UPDATE SET ${ADD}`,
    [plantId, day, ...values],
  );
}

/** A tariff in effect since 2000 with one flat period over the whole day at `price`. */
export async function flatTariff(db: Queryable, plantId: number, currency: string, price: number): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO tariff_versions (plant_id, effective_from, currency) VALUES ($1, '2000-01-01', $2) RETURNING id`,
    [plantId, currency],
  );
  await db.query(
    `INSERT INTO tariff_periods (tariff_id, position, type, start_minute, end_minute, price) VALUES ($1, 0, 3, 0, 1439, $2)`,
    [rows[0]!.id, price],
  );
}

/** A plant owned by `ownerId`; returns its id. */
export async function addPlant(
  db: Queryable,
  p: { name: string; ownerId: number; timeZone: string; type?: number; currency?: string; powerKw?: number },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, time_zone, owner_id, currency)
     VALUES ($1, $2, $3, $4, 14.4, 50.1, $5, $6, $7) RETURNING id`,
    [p.name, p.type ?? 1, p.powerKw ?? 10, (p.powerKw ?? 10) * 2, p.timeZone, p.ownerId, p.currency ?? 'CNY'],
  );
  return rows[0]!.id;
}

/** An inverter in the plant, heard from just now (online), with an active major alarm when `alarm` (in alarm). */
export async function addDevice(
  db: Queryable,
  d: { sn: string; ownerId: number; plantId: number; alarm?: boolean; seen?: boolean },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at, last_seen_at)
     VALUES ($1, 'inverter', '10K', $2, $3, now(), CASE WHEN $4 THEN now() END) RETURNING id`,
    [d.sn, d.ownerId, d.plantId, d.seen ?? true],
  );
  const id = rows[0]!.id;
  if (d.alarm) {
    await db.query(
      `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
       VALUES ($1, $2, 'grid.voltageHigh', 'grid', 'major', 1, 'active', now(), now())`,
      [id, d.plantId],
    );
  }
  return id;
}
