import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plant } from '@voltfleet/domain';
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
} from '../../test/harness.js';
import { VALID_PLANT_INPUT } from '../../test/plant-input.js';
import { Ingest } from '../telemetry/ingest.js';

let s: TestServer;
const users: Record<string, number> = {};
const plants: Record<string, number> = {};
const devices: Record<string, number> = {};
const tokens: Record<string, string> = {};
const now = Date.now();

const input = VALID_PLANT_INPUT;

async function plant(name: string, ownerId: number, extra: { type?: number; address?: string } = {}) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, address, time_zone, owner_id,
                         construction_date)
     VALUES ($1, $2, 10, 20, 14.4, 50.1, $3, 'Europe/Prague', $4, '2023-01-02') RETURNING id`,
    [name, extra.type ?? 1, extra.address ?? `${name} street 1`, ownerId],
  );
  plants[name] = rows[0]!.id;
}

/** A device in a plant, last seen `seenAgoS` seconds ago (null: never), with a fault word. */
async function device(sn: string, ownerId: number, plantId: number, seenAgoS: number | null, fault = 0) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at, fault_word,
                          last_seen_at)
     VALUES ($1, 'inverter', '10K', $2, $3, now(), $4,
             CASE WHEN $5::int IS NULL THEN NULL ELSE now() - make_interval(secs => $5::int) END) RETURNING id`,
    [sn, ownerId, plantId, fault, seenAgoS],
  );
  devices[sn] = rows[0]!.id;
}

const list = (token: string, query = '') => api<Plant[]>(s.app, 'GET', `/api/plants${query}`, { token });
const names = (items: Plant[]) => items.map((p) => p.name);
const count = async (table: string, where = 'true', params: (string | number)[] = []) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)).rows[0]!.n;

// admin ─┬─ plDealerA ─┬─ plOwnerC (personal; affiliated to Berlin_Barn)
//        │             ├─ plViewer (module A only: no plant functions)
//        │             └─ Prague_Roof (online, alarm, offline devices), Brno_Sklad (type 2, no devices)
//        └─ plDealerB ─── Berlin_Barn (one device, silent)
beforeAll(async () => {
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
  await device('VFPLA00002', users.a, plants.Prague_Roof!, 10, 4);
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
});
afterAll(() => s.close());

describe('GET /api/plants', () => {
  it('lists the plants of the caller’s subtree with status, devices, owner and refresh time', async () => {
    const res = await list(tokens.plDealerA!);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['Brno_Sklad', 'Prague_Roof']);
    const prague = res.body.data.find((p) => p.name === 'Prague_Roof');
    expect(prague).toMatchObject({
      plantId: plants.Prague_Roof,
      type: 1,
      powerKw: 10,
      capacityKwh: 20,
      longitude: 14.4,
      latitude: 50.1,
      address: 'Vinohradská 12, Praha',
      timeZone: 'Europe/Prague',
      constructionDate: '2023-01-02',
      ownerId: users.a,
      ownerName: 'plDealerA',
      affiliatedUserIds: [],
      status: 'alarm',
      deviceCount: 3,
      refreshedAt: new Date(now - 300_000).toISOString(),
    });
    expect(res.body.data.find((p) => p.name === 'Brno_Sklad')).toMatchObject({
      status: 'offline',
      deviceCount: 0,
      refreshedAt: null,
    });
  });

  it('adds plants the caller is affiliated to, and the administrator sees every plant', async () => {
    expect(names((await list(tokens.plOwnerC!)).body.data)).toEqual(['Berlin_Barn']);
    expect(names((await list(tokens.plDealerB!)).body.data)).toEqual(['Berlin_Barn']);
    expect(names((await list(tokens.admin!)).body.data)).toEqual(
      expect.arrayContaining(['Berlin_Barn', 'Brno_Sklad', 'Prague_Roof']),
    );
  });

  it.each([
    ['?status=all', ['Brno_Sklad', 'Prague_Roof']],
    ['?status=online', ['Prague_Roof']],
    ['?status=alarm', ['Prague_Roof']],
    ['?status=normal', []],
    ['?status=offline', ['Brno_Sklad']],
    ['?type=2', ['Brno_Sklad']],
    ['?type=3', []],
    ['?q=prague', ['Prague_Roof']],
    ['?q=VINOHRADSKÁ', ['Prague_Roof']],
    ['?q=50%25', ['Brno_Sklad']],
    ['?q=%25', ['Brno_Sklad']],
    ['?q=a_H', ['Brno_Sklad']],
    ['?q=_', ['Brno_Sklad', 'Prague_Roof']],
    ['?q=Berlin', []],
    ['?status=online&type=2', []],
  ])('filters %s', async (query, expected) => {
    const res = await list(tokens.plDealerA!, query);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(expected);
  });

  it('turns the status to normal once the alarm clears', async () => {
    await s.db.query(`UPDATE devices SET fault_word = 0 WHERE sn = 'VFPLA00002'`);
    expect(names((await list(tokens.plDealerA!, '?status=normal')).body.data)).toEqual(['Prague_Roof']);
    await s.db.query(`UPDATE devices SET fault_word = 4 WHERE sn = 'VFPLA00002'`);
  });

  it.each([
    ['?type=9', 'de', 'Dieser Anlagentyp wurde nicht gefunden'],
    ['?status=sleeping', 'en', 'This value is not valid'],
  ])('refuses %s with a localised message', async (query, lang, msg) => {
    const res = await api(s.app, 'GET', `/api/plants${query}`, { token: tokens.plDealerA, lang });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('needs a session and module A', async () => {
    expect((await api(s.app, 'GET', '/api/plants')).status).toBe(401);
    const noPlants = await makeRole(s.db, 'NoPlantModule', ['B', 'B/A'], users.a);
    await makeUser(s.db, { username: 'plNoModule', roleId: noPlants, superiorId: users.a!, level: 2 });
    const token = await loginToken(s.app, 'plNoModule', 'Passw0rd-1');
    expect((await list(token)).status).toBe(403);
  });
});

describe('GET /api/plants/:plantId and scope', () => {
  it('answers one plant in scope, affiliations included', async () => {
    const own = await api<Plant>(s.app, 'GET', `/api/plants/${plants.Brno_Sklad}`, { token: tokens.plDealerA });
    expect(own.body.data).toMatchObject({ name: 'Brno_Sklad', type: 2 });
    const affiliated = await api<Plant>(s.app, 'GET', `/api/plants/${plants.Berlin_Barn}`, { token: tokens.plOwnerC });
    expect(affiliated.body.data).toMatchObject({ name: 'Berlin_Barn', affiliatedUserIds: [users.c] });
  });

  it.each([
    ['GET', ''],
    ['GET', '/delete-impact'],
    ['PUT', ''],
    ['DELETE', '?confirmDevices=1'],
  ] as const)('%s %s of another branch’s plant is 404 exactly like a missing one', async (method, suffix) => {
    const body = method === 'PUT' ? { ...input, name: 'Stolen' } : undefined;
    const opts = { token: tokens.plDealerA, lang: 'cs', ...(body ? { body } : {}) };
    const other = await api(s.app, method, `/api/plants/${plants.Berlin_Barn}${suffix}`, opts);
    const missing = await api(s.app, method, `/api/plants/99999${suffix}`, opts);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect(other.body.msg).toBe('Tuto elektrárnu nelze najít');
    const berlin = await s.db.query(`SELECT name FROM plants WHERE id = $1`, [plants.Berlin_Barn!]);
    expect(berlin.rows).toEqual([{ name: 'Berlin_Barn' }]);
    expect(await count('devices', 'plant_id = $1', [plants.Berlin_Barn!])).toBe(1);
  });
});
