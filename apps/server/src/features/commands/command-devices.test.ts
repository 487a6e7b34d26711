import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDevice, CommandDeviceSelection } from '@voltfleet/domain/commands';
import type { DeviceFilterOptions } from '@voltfleet/domain/device-list';
import {
  adminId,
  api,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

let s: TestServer;
const tokens = { mine: '', other: '' };
const ids: Record<string, number> = {};
const plants = { roof: 0, barn: 0, elsewhere: 0 };

interface Page {
  items: CommandDevice[];
  total: number;
  page: number;
  pageSize: number;
}

/** An inverter of `ownerId`; heard from now (online) unless `silent`. */
async function inverter(
  sn: string,
  model: string,
  ownerId: number,
  o: { plantId?: number; protocol?: 'mqtt' | 'osim'; silent?: boolean } = {},
) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, protocol, activated_at, last_seen_at)
     VALUES ($1, 'inverter', $2, $3, $4, $5, now(), CASE WHEN $6 THEN NULL ELSE now() END) RETURNING id`,
    [sn, model, ownerId, o.plantId ?? null, o.protocol ?? 'mqtt', o.silent ?? false],
  );
  ids[sn] = rows[0]!.id;
}

const list = (query: string, token = tokens.mine, lang = 'en') =>
  api<Page>(s.app, 'GET', `/api/commands/devices${query}`, { token, lang });
const all = (query: string, token = tokens.mine) =>
  api<CommandDeviceSelection>(s.app, 'GET', `/api/commands/devices/all${query}`, { token });
const sns = (devices: readonly CommandDevice[]) => devices.map((d) => d.sn);

beforeAll(async () => {
  s = await startTestServer({ COMMAND_BATCH_LIMIT: '2' });
  const root = await adminId(s.db);
  const role = await makeRole(s.db, 'pickIssuer', ['B', 'B/E', 'B/E:command.issue']);
  // Two branches side by side under the administrator: neither sees the other's devices.
  const mine = await makeUser(s.db, { username: 'pickMine', roleId: role, superiorId: root });
  const other = await makeUser(s.db, { username: 'pickOther', roleId: role, superiorId: root });
  plants.roof = await makePlant(s.db, 'Pick_Roof', mine.id);
  plants.barn = await makePlant(s.db, 'Pick_Barn', mine.id);
  plants.elsewhere = await makePlant(s.db, 'Pick_Elsewhere', other.id);
  for (let i = 1; i <= 5; i += 1) await inverter(`VFPICK10K0${i}`, '10K', mine.id, { plantId: plants.roof });
  await inverter('VFPICK5K01', '5K', mine.id, { plantId: plants.barn, protocol: 'osim' });
  await inverter('VFPICK5K02', '5K', mine.id, { plantId: plants.barn, silent: true });
  await inverter('VFPICK6K01', '6K', mine.id);
  await inverter('VFPICKOTH1', '10K', other.id, { plantId: plants.elsewhere });
  // A battery is not a command target.
  await s.db.query(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ('VFPICKBAT1', 'battery', 'B5', $1, $2)`,
    [mine.id, plants.roof],
  );
  tokens.mine = await loginToken(s.app, 'pickMine', 'Passw0rd-1');
  tokens.other = await loginToken(s.app, 'pickOther', 'Passw0rd-1');
});

afterAll(async () => {
  await s.close();
});

describe('GET /api/commands/devices (the picker)', () => {
  it('pages the inverters in scope by serial number with the total', async () => {
    const first = await list('?pageSize=3');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 8, page: 1, pageSize: 3 });
    expect(sns(first.body.data.items)).toEqual(['VFPICK10K01', 'VFPICK10K02', 'VFPICK10K03']);
    const last = await list('?pageSize=3&page=3');
    expect(sns(last.body.data.items)).toEqual(['VFPICK5K02', 'VFPICK6K01']);
    expect(last.body.data.items[0]).toMatchObject({
      plantId: plants.barn,
      plantName: 'Pick_Barn',
      model: '5K',
      runningStatus: 'offline',
      protocol: 'mqtt',
    });
  });

  it.each([
    ['serial number', '?q=pick5k', ['VFPICK5K01', 'VFPICK5K02']],
    ['plant', () => `?plantId=${plants.barn}`, ['VFPICK5K01', 'VFPICK5K02']],
    ['model', '?model=6K', ['VFPICK6K01']],
    ['protocol', '?protocol=osim', ['VFPICK5K01']],
    ['status', '?status=offline', ['VFPICK5K02']],
    ['several at once', () => `?plantId=${plants.barn}&status=online&protocol=mqtt`, []],
    ['a LIKE wildcard taken literally', '?q=%25', []],
  ])('filters by %s', async (_name, query, expected) => {
    const res = await list(typeof query === 'function' ? query() : query);
    expect(res.status).toBe(200);
    expect(sns(res.body.data.items)).toEqual(expected);
    expect(res.body.data.total).toBe(expected.length);
  });

  it("never lists another branch's device, whatever the filter", async () => {
    expect(sns((await list('?pageSize=100')).body.data.items)).not.toContain('VFPICKOTH1');
    expect((await list(`?plantId=${plants.elsewhere}`)).body.data).toMatchObject({ items: [], total: 0 });
    expect(sns((await list('', tokens.other)).body.data.items)).toEqual(['VFPICKOTH1']);
  });

  it.each([
    ['an unknown status', '?status=sleeping', 'de', 'Dieser Wert ist ungültig'],
    ['an unknown protocol', '?protocol=zigbee', 'cs', 'Tato hodnota není platná'],
    ['a negative plant', '?plantId=-1', 'zh', '取值无效'],
    ['a plant id that is no number', '?plantId=1%20OR%201=1', 'en', 'This value is not valid'],
    ['a search longer than a serial number', `?q=${'x'.repeat(33)}`, 'de', 'Höchstens 32 Zeichen'],
    ['a page size beyond the largest', '?pageSize=5000', 'en', 'The value must not exceed 200'],
  ])('refuses %s with a localised 400', async (_name, query, lang, message) => {
    const res = await list(query, tokens.mine, lang);
    expect(res.status).toBe(400);
    expect((res.body as unknown as { msg: string }).msg).toBe(message);
  });

  it('refuses a NUL byte in the search (the hostile-input rule)', async () => {
    const res = await list('?q=VF%00', tokens.mine, 'en');
    expect(res.status).toBe(400);
  });
});

describe('GET /api/commands/devices/all (select all within the filter)', () => {
  it('answers every matching inverter across pages, scoped to the caller', async () => {
    const res = await all('?model=10K');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 5, limit: 1000 });
    expect(sns(res.body.data.devices)).toEqual([
      'VFPICK10K01',
      'VFPICK10K02',
      'VFPICK10K03',
      'VFPICK10K04',
      'VFPICK10K05',
    ]);
    const theirs = await all('?model=10K', tokens.other);
    expect(sns(theirs.body.data.devices)).toEqual(['VFPICKOTH1']);
    expect((await all(`?plantId=${plants.elsewhere}`)).body.data).toMatchObject({ devices: [], total: 0 });
  });

  it('refuses hostile filters with a localised 400', async () => {
    const res = await api(s.app, 'GET', '/api/commands/devices/all?status=everything', {
      token: tokens.mine,
      lang: 'de',
    });
    expect(res.status).toBe(400);
    expect((res.body as { msg: string }).msg).toBe('Dieser Wert ist ungültig');
  });

  it("cannot make another branch's device selectable: issuing to it is refused as missing", async () => {
    const res = await api(s.app, 'POST', '/api/commands', {
      token: tokens.mine,
      body: { kind: 'clockSync', deviceIds: [ids.VFPICK10K01, ids.VFPICKOTH1], idempotencyKey: 'pick-outside-1' },
    });
    expect(res.status).toBe(404);
    const { rows } = await s.db.query(`SELECT 1 FROM commands WHERE idempotency_key = 'pick-outside-1'`);
    expect(rows).toEqual([]);
  });
});

describe('GET /api/commands/devices/options', () => {
  it("offers the models and plants of the caller's inverters only", async () => {
    const res = await api<DeviceFilterOptions>(s.app, 'GET', '/api/commands/devices/options', { token: tokens.mine });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      models: ['10K', '5K', '6K'],
      plants: [
        { id: plants.barn, name: 'Pick_Barn' },
        { id: plants.roof, name: 'Pick_Roof' },
      ],
    });
    expect((await api(s.app, 'GET', '/api/commands/devices/options')).status).toBe(401);
  });
});
