// The world the plant tests share: a dealer tree with plants and devices in several states, and a token per user.
// A test file calls usePlantWorld() once: its hooks then build the world for that file (each file its own server).
// The hooks are registered by that call, not on import, because the database project runs its files in one module
// graph per worker (apps/server/vitest.config.ts): a module is imported once, for the first file that needs it.
import { afterAll, beforeAll } from 'vitest';
import { severityRank, type AlarmSeverity } from '@voltfleet/domain/alarms';
import { type Plant } from '@voltfleet/domain/plants';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from './harness.js';
import { VALID_PLANT_INPUT } from './plant-input.js';
import { Ingest } from '../features/telemetry/index.js';

export let s: TestServer;
export const users: Record<string, number> = {};
export const plants: Record<string, number> = {};
export const devices: Record<string, number> = {};
export const tokens: Record<string, string> = {};
export let now = Date.now();

export const input = VALID_PLANT_INPUT;

export async function plant(name: string, ownerId: number, extra: { type?: number; address?: string } = {}) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, address, time_zone, owner_id,
                         construction_date)
     VALUES ($1, $2, 10, 20, 14.4, 50.1, $3, 'Europe/Prague', $4, '2023-01-02') RETURNING id`,
    [name, extra.type ?? 1, extra.address ?? `${name} street 1`, ownerId],
  );
  plants[name] = rows[0]!.id;
}

/** An inverter in a plant, last seen `seenAgoS` seconds ago (null: never), with an active alarm when `alarm`. */
export async function device(
  sn: string,
  ownerId: number,
  plantId: number,
  seenAgoS: number | null,
  alarm?: AlarmSeverity,
) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at, last_seen_at)
     VALUES ($1, 'inverter', '10K', $2, $3, now(),
             CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(secs => $4::int) END) RETURNING id`,
    [sn, ownerId, plantId, seenAgoS],
  );
  devices[sn] = rows[0]!.id;
  if (alarm) await setAlarm(sn, plantId, alarm, 'active');
}

/** Raises (or, with 'recovered', clears) the test alarm of a device. */
export async function setAlarm(
  sn: string,
  plantId: number,
  severity: AlarmSeverity,
  state: 'active' | 'recovered',
): Promise<void> {
  if (state === 'recovered') {
    await s.db.query(
      `UPDATE alarms SET state = 'recovered', recovered_at = now() WHERE device_id = $1 AND state = 'active'`,
      [devices[sn]!],
    );
    return;
  }
  await s.db.query(
    `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
     VALUES ($1, $2, 'grid.voltageHigh', 'grid', $3, $4, 'active', now(), now())`,
    [devices[sn]!, plantId, severity, severityRank(severity)],
  );
}

export const list = (token: string, query = '') => api<Plant[]>(s.app, 'GET', `/api/plants${query}`, { token });
export const names = (items: Plant[]) => items.map((p) => p.name);
export const count = async (table: string, where = 'true', params: (string | number)[] = []) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)).rows[0]!.n;

// admin ─┬─ plDealerA ─┬─ plOwnerC (personal; affiliated to Berlin_Barn)
//        │             ├─ plViewer (module A only: no plant functions)
//        │             └─ Prague_Roof (online, alarm, offline devices), Brno_Sklad (type 2, no devices)
//        └─ plDealerB ─── Berlin_Barn (one device, silent)
export function usePlantWorld(): void {
  beforeAll(buildWorld);
  afterAll(() => s.close());
}

async function buildWorld(): Promise<void> {
  now = Date.now();
  for (const record of [users, plants, devices, tokens]) for (const key of Object.keys(record)) delete record[key];
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const personal = await builtinRoleId(s.db, 'personal');
  const viewer = await makeRole(s.db, 'PlantViewerOnly', ['A'], root);
  users.a = (await makeUser(s.db, { username: 'plDealerA', roleId: dealer, superiorId: root })).id;
  users.b = (await makeUser(s.db, { username: 'plDealerB', roleId: dealer, superiorId: root })).id;
  users.c = (await makeUser(s.db, { username: 'plOwnerC', roleId: personal, superiorId: users.a, level: 3 })).id;
  users.v = (await makeUser(s.db, { username: 'plViewer', roleId: viewer, superiorId: users.a, level: 2 })).id;
  await plant('Prague_Roof', users.a, { address: 'Vinohradská 12, Praha' });
  await plant('Brno_Sklad', users.a, { type: 2, address: 'Brno 50% Sleva_Hall' });
  await plant('Berlin_Barn', users.b, { type: 3 });
  await s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [plants.Berlin_Barn!, users.c!]);
  await device('VFPLA00001', users.a, plants.Prague_Roof!, 5);
  await device('VFPLA00002', users.a, plants.Prague_Roof!, 10, 'critical');
  await device('VFPLA00003', users.a, plants.Prague_Roof!, 3600);
  await device('VFPLB00001', users.b, plants.Berlin_Barn!, null);

  const ingest = new Ingest(s.db);
  const read = (sn: string, ts: number, pvEnergyTodayKwh: number) =>
    ingest.submit({ id: devices[sn]!, sn }, { sn, ts, values: { pvPowerW: 1500, pvEnergyTodayKwh } });
  await read('VFPLA00001', now - 600_000, 1);
  await read('VFPLA00001', now - 300_000, 1.5);
  await read('VFPLA00003', now - 3_700_000, 2);
  // Ingest marks devices seen now; put back the statuses the cases need.
  await s.db.query(`UPDATE devices SET last_seen_at = now() - interval '1 hour' WHERE sn = 'VFPLA00003'`);

  for (const name of ['plDealerA', 'plDealerB', 'plOwnerC', 'plViewer']) {
    tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
  }
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
}
