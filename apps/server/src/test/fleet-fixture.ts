import type { FleetConfig } from '@voltfleet/simulator';
import { insertPlant } from '../features/plants/index.js';
import type { Db } from '../db/db.js';

/** Puts a simulated fleet's plants and devices into the database (owned by `ownerId`); returns their ids by key. */
export async function insertFleet(db: Db, config: FleetConfig, ownerId: number) {
  const plantIds = new Map<string, number>();
  for (const p of config.plants) {
    const plantId = await insertPlant(db, { ...p, ownerId: ownerId });
    plantIds.set(p.id, plantId);
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
