import type { FleetConfig } from '@voltfleet/simulator';
import type { Db } from '../db/db.js';

/** Puts a simulated fleet's plants and devices into the database (owned by `ownerId`); returns their ids by key. */
export async function insertFleet(db: Db, config: FleetConfig, ownerId: number) {
  const plantIds = new Map<string, number>();
  for (const p of config.plants) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, address, azimuth_deg, inclination_deg, currency, on_grid_type, time_zone, owner_id, construction_date)
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
        ownerId,
        p.constructionDate,
      ],
    );
    plantIds.set(p.id, rows[0]!.id);
  }
  const deviceIds = new Map<string, number>();
  for (const d of config.devices) {
    if (d.kind === 'battery') continue;
    const model = d.kind === 'inverter' ? d.model : d.model;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
      [d.sn, d.kind, model, ownerId, plantIds.get(d.plantId)!],
    );
    deviceIds.set(d.sn, rows[0]!.id);
  }
  return { plantIds, deviceIds };
}
