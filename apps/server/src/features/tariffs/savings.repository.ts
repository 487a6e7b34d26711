import type { Queryable } from '../../db/db.js';

export interface SavingFactorsRow {
  plantId: number;
  coalKgPerKwh: number;
  co2KgPerKwh: number;
  treesPerKwh: number;
  updatedAt: string;
  updatedBy: string | null;
}

const COLUMNS = `s.plant_id AS "plantId", s.coal_kg_per_kwh AS "coalKgPerKwh", s.co2_kg_per_kwh AS "co2KgPerKwh",
  s.trees_per_kwh AS "treesPerKwh", to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt",
  u.username AS "updatedBy"`;

/** The configured factors of the plants that have an entry. */
export async function readSavingFactors(db: Queryable, plantIds: readonly number[]): Promise<SavingFactorsRow[]> {
  const { rows } = await db.query<SavingFactorsRow>(
    `SELECT ${COLUMNS} FROM plant_energy_saving s LEFT JOIN users u ON u.id = s.updated_by
      WHERE s.plant_id = ANY($1::int4[])`,
    [[...plantIds]],
  );
  return rows;
}

export interface SavingFactorsWrite {
  coalKgPerKwh: number;
  co2KgPerKwh: number;
  treesPerKwh: number;
}

/** Inserts the plant's entry; false when it already has one. */
export async function insertSavingFactors(
  db: Queryable,
  plantId: number,
  f: SavingFactorsWrite,
  userId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO plant_energy_saving (plant_id, coal_kg_per_kwh, co2_kg_per_kwh, trees_per_kwh, updated_by)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (plant_id) DO NOTHING RETURNING plant_id`,
    [plantId, f.coalKgPerKwh, f.co2KgPerKwh, f.treesPerKwh, userId],
  );
  return rows.length > 0;
}

/** Updates the plant's entry; false when it has none. */
export async function updateSavingFactors(
  db: Queryable,
  plantId: number,
  f: SavingFactorsWrite,
  userId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE plant_energy_saving SET coal_kg_per_kwh = $2, co2_kg_per_kwh = $3, trees_per_kwh = $4, updated_by = $5,
            updated_at = now()
      WHERE plant_id = $1 RETURNING plant_id`,
    [plantId, f.coalKgPerKwh, f.co2KgPerKwh, f.treesPerKwh, userId],
  );
  return rows.length > 0;
}

/** Deletes the plant's entry (back to the defaults); false when it had none. */
export async function deleteSavingFactors(db: Queryable, plantId: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM plant_energy_saving WHERE plant_id = $1 RETURNING plant_id', [plantId]);
  return rows.length > 0;
}
