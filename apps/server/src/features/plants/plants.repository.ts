import type { Queryable } from '../../db/db.js';

/** The stored fields of a plant (SPEC §3), as the seeding and (later) the plant API insert them. */
export interface PlantInsert {
  name: string;
  type: number;
  powerKw: number;
  capacityKwh: number;
  longitude: number;
  latitude: number;
  address: string;
  azimuthDeg: number;
  inclinationDeg: number;
  currency: string;
  onGridType: number;
  timeZone: string;
  ownerId: number;
  constructionDate: string | null;
}

/** Inserts a plant; returns its id. */
export async function insertPlant(db: Queryable, p: PlantInsert): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, address, azimuth_deg, inclination_deg,
                         currency, on_grid_type, time_zone, owner_id, construction_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      p.name,
      p.type,
      p.powerKw,
      p.capacityKwh,
      p.longitude,
      p.latitude,
      p.address,
      p.azimuthDeg,
      p.inclinationDeg,
      p.currency,
      p.onGridType,
      p.timeZone,
      p.ownerId,
      p.constructionDate,
    ],
  );
  return rows[0]!.id;
}
