import type { Db } from '../db/db.js';
import { adminId, builtinRoleId, makeRole, makeUser } from './harness.js';

/** The objects the generated sweeps (openapi-hostile*.test.ts) fill path ids with. */
export interface FuzzWorld {
  plant: number;
  device: number;
  role: number;
  user: number;
}

/** A plant with an activated inverter, a role and a dealer below the administrator. */
export async function makeFuzzWorld(db: Db): Promise<FuzzWorld> {
  const root = await adminId(db);
  const plant = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, address, time_zone, owner_id,
                         construction_date)
     VALUES ('Fuzz_Plant', 1, 10, 20, 14.4, 50.1, 'Fuzz street 1', 'Europe/Prague', $1, '2023-01-02') RETURNING id`,
    [root],
  );
  const device = await db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at) VALUES ('FUZZ0000001', 'inverter', '10K', $1, $2, now())
     RETURNING id`,
    [root, plant.rows[0]!.id],
  );
  return {
    plant: plant.rows[0]!.id,
    device: device.rows[0]!.id,
    role: await makeRole(db, 'Fuzz_Role', ['A', 'A/A'], root),
    user: (await makeUser(db, { username: 'fuzzuser', roleId: await builtinRoleId(db, 'dealer'), superiorId: root }))
      .id,
  };
}

/** A route's path with its ids filled from the world (1 for ids it has no object for). */
export function concretePath(path: string, ids: FuzzWorld): string {
  return path.replace(/\{(\w+)\}/g, (_w, name: string) => {
    if (name === 'plantId') return String(ids.plant);
    if (name === 'deviceId') return String(ids.device);
    if (name !== 'id') return '1';
    if (path.startsWith('/api/users')) return String(ids.user);
    if (path.startsWith('/api/roles')) return String(ids.role);
    if (path.startsWith('/api/device-storage') || path.startsWith('/api/devices')) return String(ids.device);
    return '1';
  });
}
