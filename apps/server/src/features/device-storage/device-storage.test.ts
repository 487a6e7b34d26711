import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCredentials, StockInResult, StorageItem } from '@voltfleet/domain/devices';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
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
import { startMqttBroker, type MqttBroker } from '../../link/mqtt-broker.js';
import { closed, connectDevice, connectOutcome, TestSink } from '../../link/test-support.js';
import { deviceDirectory } from '../devices/device-directory.js';

interface Page {
  items: StorageItem[];
  total: number;
}

let s: TestServer;
let broker: MqttBroker;
const users: Record<string, { id: number; token: string }> = {};
const plants: Record<string, number> = {};

const post = <T>(who: string, url: string, body?: unknown, lang = 'en') =>
  api<T>(s.app, 'POST', url, { token: users[who]!.token, body, lang });
const list = (who: string, query = '') =>
  api<Page>(s.app, 'GET', `/api/device-storage${query}`, { token: users[who]!.token });
const stockIn = (who: string, sn: string, extra: Record<string, unknown> = {}) =>
  post<StockInResult>(who, '/api/device-storage', { sn, kind: 'inverter', modelType: '10K', ...extra });

async function plant(name: string, ownerId: number): Promise<number> {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ($1, 1, 10, 14.4, 50.1, 'Europe/Prague', $2) RETURNING id`,
    [name, ownerId],
  );
  return rows[0]!.id;
}

// admin ─┬─ stDealerA (dealer) ─┬─ stInstallerA (engineering)
//        │                      └─ stViewer (B, B/D only: sees the storage, changes nothing)
//        └─ stDealerB (dealer)
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const engineering = await builtinRoleId(s.db, 'engineering');
  const viewerRole = await makeRole(s.db, 'StorageViewer', ['B', 'B/D'], root);
  const a = await makeUser(s.db, { username: 'stDealerA', roleId: dealer, superiorId: root });
  const b = await makeUser(s.db, { username: 'stDealerB', roleId: dealer, superiorId: root });
  const inst = await makeUser(s.db, { username: 'stInstallerA', roleId: engineering, superiorId: a.id, level: 2 });
  const viewer = await makeUser(s.db, { username: 'stViewer', roleId: viewerRole, superiorId: a.id, level: 2 });
  for (const [name, id] of [
    ['stDealerA', a.id],
    ['stDealerB', b.id],
    ['stInstallerA', inst.id],
    ['stViewer', viewer.id],
  ] as const)
    users[name] = { id, token: await loginToken(s.app, name, 'Passw0rd-1') };
  users.admin = { id: root, token: await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD) };
  plants.a = await plant('Storage roof A', a.id);
  plants.b = await plant('Storage roof B', b.id);
  broker = await startMqttBroker({
    port: 0,
    host: '127.0.0.1',
    directory: deviceDirectory(s.db),
    sink: new TestSink(),
  });
});
afterAll(async () => {
  await broker?.close();
  await s?.close();
});

const mqttUrl = () => `mqtt://127.0.0.1:${broker.port}`;

describe('stock-in', () => {
  it('puts a device in storage awaiting activation and returns its credentials once; only a hash is stored', async () => {
    const res = await stockIn('stDealerA', 'VFSTA0000001', {
      batteryModelType: 'VF-LFP-10',
      installationPosition: 'garage',
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Put in storage');
    const { device, credentials } = res.body.data;
    expect(device).toMatchObject({
      sn: 'VFSTA0000001',
      kind: 'inverter',
      modelType: '10K',
      batteryModelType: 'VF-LFP-10',
      installationPosition: 'garage',
      ownerName: 'stDealerA',
      activation: 'awaiting',
      plantId: null,
      activatedAt: null,
      hasCredentials: true,
    });
    expect(Date.now() - Date.parse(device.importTime)).toBeLessThan(60_000);
    expect(credentials?.username).toBe('VFSTA0000001');
    // 24 random bytes in base64url: 192 bits.
    expect(credentials?.secret).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{31}$/);
    const stored = await s.db.query<{ secret_hash: string }>(`SELECT secret_hash FROM devices WHERE sn = $1`, [
      'VFSTA0000001',
    ]);
    expect(stored.rows[0]!.secret_hash).toMatch(/^\$7\$/);
    expect(stored.rows[0]!.secret_hash).not.toContain(credentials!.secret);
    // Never shown again: the list carries no secret.
    const again = await list('stDealerA', '?keyword=VFSTA0000001');
    expect(JSON.stringify(again.body)).not.toContain(credentials!.secret);
  });

  it('stores the grid code, protocols and template given at stock-in; the device detail shows them', async () => {
    const fields = { gridCode: 12, batteryProtocol: 2, meterProtocol: 0, template: ' Home storage ' };
    const res = await stockIn('stDealerA', 'VFSTF0000001', fields);
    expect(res.status).toBe(200);
    const detail = await api<DeviceDetail>(s.app, 'GET', `/api/devices/${res.body.data.device.id}/detail`, {
      token: users.stDealerA!.token,
    });
    expect(detail.body.data).toMatchObject({ ...fields, template: 'Home storage' });
  });

  it.each([
    ['en', { gridCode: 65536 }, 'gridCode: Enter a whole number from 0 to 65535'],
    ['cs', { batteryProtocol: 'Pylon' }, 'batteryProtocol: Zadejte celé číslo od 0 do 65535'],
    ['zh', { template: 'x'.repeat(65) }, 'template: 最多 64 个字符'],
  ])('refuses a bad field at stock-in (%s %j) with a localised 400 and stores nothing', async (lang, bad, text) => {
    const res = await post(
      'stDealerA',
      '/api/device-storage',
      { sn: 'VFSTF0000002', kind: 'inverter', modelType: '10K', ...bad },
      lang,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(text.split(': ')[1]);
    expect(JSON.stringify(res.body)).toContain(text.split(': ')[0]);
    const { rows } = await s.db.query(`SELECT 1 FROM devices WHERE sn = 'VFSTF0000002'`);
    expect(rows).toEqual([]);
  });

  it('says "put in storage" in every language', async () => {
    const zh = await post<StockInResult>(
      'stDealerA',
      '/api/device-storage',
      { sn: 'VFSTA0000002', kind: 'inverter', modelType: '5K' },
      'zh',
    );
    expect(zh.body.msg).toBe('入库成功');
    const de = await post<StockInResult>(
      'stDealerA',
      '/api/device-storage',
      { sn: 'VFSTA0000003', kind: 'collector', modelType: 'DTU4G' },
      'de',
    );
    expect(de.body.msg).toBe('Eingelagert');
  });

  it('gives a battery system no link credentials (it reports through its inverter)', async () => {
    const res = await stockIn('stDealerA', 'VFSTBAT00001', { kind: 'battery', modelType: 'VF-LFP-20' });
    expect(res.status).toBe(200);
    expect(res.body.data.credentials).toBeNull();
    expect(res.body.data.device.hasCredentials).toBe(false);
  });

  it('may hold the device for a subordinate, not for a user outside the subtree', async () => {
    const ok = await stockIn('stDealerA', 'VFSTA0000004', { ownerId: users.stInstallerA!.id });
    expect(ok.body.data.device.ownerName).toBe('stInstallerA');
    const refused = await stockIn('stDealerA', 'VFSTA0000005', { ownerId: users.stDealerB!.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The holder must be you or one of your subordinates');
    expect((await s.db.query(`SELECT 1 FROM devices WHERE sn = 'VFSTA0000005'`)).rows).toHaveLength(0);
  });

  it('refuses a serial number already in storage with a clear conflict', async () => {
    const res = await stockIn('stDealerA', 'VFSTA0000001');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', msg: 'This serial number is already in storage', data: null });
  });

  it("answers a serial number of another branch with 'owned elsewhere' and no details", async () => {
    const res = await stockIn('stDealerB', 'VFSTA0000001', {}); // held by stDealerA
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'conflict', msg: 'This serial number is already owned elsewhere', data: null });
    const cs = await post(
      'stDealerB',
      '/api/device-storage',
      { sn: 'VFSTA0000001', kind: 'inverter', modelType: '10K' },
      'cs',
    );
    expect(cs.body.msg).toBe('Toto sériové číslo již vlastní někdo jiný');
  });

  it.each([
    ['a bad serial number', { sn: 'vf-1' }, 'A serial number is 8 to 32 capital letters and digits'],
    ['an unknown model', { modelType: '8K' }, 'Unknown model for this device type'],
    [
      'a battery model on a collector',
      { kind: 'collector', modelType: 'DTU4G', batteryModelType: 'VF-LFP-10' },
      'Unknown model for this device type',
    ],
  ])('refuses %s with a localised message and stores nothing', async (_name, patch, message) => {
    const before = (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices`)).rows[0]!.n;
    const res = await post('stDealerA', '/api/device-storage', {
      sn: 'VFSTA0000099',
      kind: 'inverter',
      modelType: '10K',
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(message);
    expect((await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices`)).rows[0]!.n).toBe(before);
  });

  it('needs the stock-in permission, and records who stocked what in', async () => {
    const res = await stockIn('stViewer', 'VFSTA0000098');
    expect(res.status).toBe(403);
    const { rows } = await s.db.query<{ username: string; ok: boolean; params: Record<string, unknown> }>(
      `SELECT username, ok, params FROM operation_records WHERE action = 'device.stockIn' ORDER BY id`,
    );
    expect(rows[0]).toMatchObject({ username: 'stDealerA', ok: true, params: { sn: 'VFSTA0000001' } });
    expect(rows.some((r) => r.username === 'stViewer' && !r.ok)).toBe(true);
  });
});

describe('storage list', () => {
  it('lists only devices held in the subtree, filtered by activation status and keyword', async () => {
    const a = await list('stDealerA', '?pageSize=100');
    expect(a.body.data.items.map((d) => d.sn)).toEqual(
      expect.arrayContaining(['VFSTA0000001', 'VFSTA0000004', 'VFSTBAT00001']),
    );
    const b = await list('stDealerB');
    expect(b.body.data.items.map((d) => d.sn)).not.toContain('VFSTA0000001');
    const installer = await list('stInstallerA');
    expect(installer.body.data.items.map((d) => d.sn)).toEqual(['VFSTA0000004']);
    const keyword = await list('stDealerA', '?keyword=dtu4g');
    expect(keyword.body.data.items.map((d) => d.sn)).toEqual(['VFSTA0000003']);
    const viewer = await list('stViewer');
    expect(viewer.status).toBe(200);
  });
});

describe('activation', () => {
  it('binds an awaiting device to a plant in scope', async () => {
    const id = (await list('stDealerA', '?keyword=VFSTA0000002')).body.data.items[0]!.id;
    const res = await post<StorageItem>('stDealerA', `/api/device-storage/${id}/activate`, { plantId: plants.a });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Activated');
    expect(res.body.data).toMatchObject({ activation: 'activated', plantId: plants.a, plantName: 'Storage roof A' });
    expect(res.body.data.activatedAt).not.toBeNull();
    const awaiting = await list('stDealerA', '?status=awaiting&pageSize=100');
    expect(awaiting.body.data.items.map((d) => d.sn)).not.toContain('VFSTA0000002');
    const activated = await list('stDealerA', '?status=activated');
    expect(activated.body.data.items.map((d) => d.sn)).toEqual(['VFSTA0000002']);
    const zh = await post('stDealerA', `/api/device-storage/${id}/activate`, { plantId: plants.a }, 'zh');
    expect(zh).toMatchObject({ status: 409, body: { code: 'conflict', msg: '该设备已激活' } });
  });

  it('answers "Cannot find this plant" for a plant outside the scope, and changes nothing', async () => {
    const id = (await list('stDealerA', '?keyword=VFSTA0000001')).body.data.items[0]!.id;
    const res = await post('stDealerA', `/api/device-storage/${id}/activate`, { plantId: plants.b });
    expect(res).toMatchObject({ status: 404, body: { code: 'not_found', msg: 'Cannot find this plant' } });
    const missing = await post('stDealerA', `/api/device-storage/${id}/activate`, { plantId: 999_999 });
    expect(missing.body.msg).toBe('Cannot find this plant');
    const row = (await s.db.query<{ plant_id: number | null }>(`SELECT plant_id FROM devices WHERE id = $1`, [id]))
      .rows[0];
    expect(row?.plant_id).toBeNull();
  });

  it("answers 404 for another branch's device on activation, rotation and unbinding", async () => {
    const id = (await list('stDealerA', '?keyword=VFSTA0000001')).body.data.items[0]!.id;
    for (const url of ['activate', 'rotate-credentials', 'deactivate']) {
      const res = await post(
        'stDealerB',
        `/api/device-storage/${id}/${url}`,
        url === 'activate' ? { plantId: plants.b } : undefined,
      );
      expect(res, url).toMatchObject({ status: 404, body: { code: 'not_found', msg: 'Cannot find this device' } });
    }
    const missing = await post('stDealerA', `/api/device-storage/999999/activate`, { plantId: plants.a });
    expect(missing.body.msg).toBe('Cannot find this device');
  });

  it('needs the activation permission', async () => {
    const id = (await list('stViewer', '?keyword=VFSTA0000001')).body.data.items[0]?.id ?? 1;
    expect((await post('stViewer', `/api/device-storage/${id}/activate`, { plantId: plants.a })).status).toBe(403);
  });

  it('unbinds an activated device back to awaiting activation', async () => {
    const id = (await list('stDealerA', '?keyword=VFSTA0000003')).body.data.items[0]!.id;
    await post('stDealerA', `/api/device-storage/${id}/activate`, { plantId: plants.a });
    const res = await post<StorageItem>('stDealerA', `/api/device-storage/${id}/deactivate`);
    expect(res.body.data).toMatchObject({ activation: 'awaiting', plantId: null, activatedAt: null });
    const again = await post('stDealerA', `/api/device-storage/${id}/deactivate`);
    expect(again).toMatchObject({ status: 409, body: { msg: 'This device is not activated' } });
  });
});

describe('link credentials', () => {
  it('lets the device log in to the MQTT broker; after rotation only the new secret works', async () => {
    const created = await stockIn('stDealerA', 'VFSTMQTT0001');
    const first = created.body.data.credentials!;
    const client = await connectDevice(mqttUrl(), first.username, first.secret);
    expect(client.connected).toBe(true);
    const dropped = closed(client);

    const id = created.body.data.device.id;
    const rotated = await post<DeviceCredentials>('stDealerA', `/api/device-storage/${id}/rotate-credentials`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.msg).toBe('New link credentials issued; the old ones no longer work');
    expect(rotated.body.data.username).toBe('VFSTMQTT0001');
    expect(rotated.body.data.secret).not.toBe(first.secret);
    // The session opened with the old secret ends at once.
    await dropped;
    expect(client.connected).toBe(false);
    await client.endAsync();

    const old = {
      clientId: first.username,
      username: first.username,
      password: first.secret,
      protocolVersion: 4 as const,
    };
    expect(await connectOutcome(mqttUrl(), old)).toContain('Bad username or password');
    const fresh = { ...old, password: rotated.body.data.secret };
    expect(await connectOutcome(mqttUrl(), fresh)).toBe('connected');
    const audit = await s.db.query(
      `SELECT params FROM operation_records WHERE action = 'device.rotateCredentials' AND ok`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses to rotate a battery system (it has no credentials) and needs the stock-in permission', async () => {
    const id = (await list('stDealerA', '?keyword=VFSTBAT00001')).body.data.items[0]!.id;
    const res = await post('stDealerA', `/api/device-storage/${id}/rotate-credentials`);
    expect(res).toMatchObject({
      status: 400,
      body: { msg: 'A battery system reports through its inverter and has no link credentials' },
    });
    expect((await post('stViewer', `/api/device-storage/${id}/rotate-credentials`)).status).toBe(403);
  });
});
