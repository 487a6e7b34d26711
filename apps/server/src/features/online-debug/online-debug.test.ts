import { osimDeviceRecords } from '../../features/devices/osim-device-records.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DebugDeviceList, DebugReadResult } from '@voltfleet/domain/commands';
import { buildRegisterQuery } from '@voltfleet/osim';
import { createFleet, demoFleetConfig, OsimDevice, type Fleet, type SimInverter } from '@voltfleet/simulator';
import { Ingest } from '../telemetry/ingest.js';
import { deviceDirectory } from '../devices/device-directory.js';
import {
  adminId,
  api,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../../test/harness.js';
import { insertFleet } from '../../test/fleet-fixture.js';
import { OsimGateway } from '../../link/osim-gateway.js';

const START = Date.now() - 3600_000;
let s: TestServer;
let ingest: Ingest;
let gateway: OsimGateway;
let detach: () => void;
let fleet: Fleet;
let admin = '';
let viewer = '';
let outsider = '';
let connected: SimInverter;
let idle: SimInverter;
let deviceIds: Map<string, number>;
let device: OsimDevice;

beforeAll(async () => {
  s = await startTestServer();
  const demo = demoFleetConfig({ startMs: START, seed: 11 });
  const plant = demo.plants[0]!;
  const config = {
    seed: 11,
    startMs: START,
    plants: [plant],
    devices: demo.devices.filter((d) => d.plantId === plant.id),
  };
  const adminUserId = await adminId(s.db);
  ({ deviceIds } = await insertFleet(s.db, config, adminUserId));
  fleet = createFleet(config);
  fleet.advance(Date.now(), 60);
  expect(fleet.inverters.length).toBeGreaterThan(1);
  [connected, idle] = [fleet.inverters[0]!, fleet.inverters[1]!];
  ingest = new Ingest(s.db);
  gateway = await OsimGateway.start({
    port: 0,
    host: '127.0.0.1',
    devices: deviceDirectory(s.db),
    sink: ingest,
    records: osimDeviceRecords(s.db),
    pollIntervalMs: 60_000,
    requestTimeoutMs: 1500,
  });
  detach = s.app.onlineDebug.attach(gateway);
  device = new OsimDevice({ host: '127.0.0.1', port: gateway.port, inverter: connected, now: () => fleet.now });
  await device.start();
  // Identification takes a round trip: wait for it (expect.poll only works inside a test).
  for (let i = 0; i < 100 && !gateway.isConnected(connected.sn); i += 1) await new Promise((r) => setTimeout(r, 50));
  expect(gateway.isConnected(connected.sn)).toBe(true);
  admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  // A debug user without raw register access: the plant is shared with them, so the devices are in their scope.
  const debugRole = await makeRole(s.db, 'debug viewer', ['B', 'B/E']);
  const viewerUser = await makeUser(s.db, { username: 'debugviewer', roleId: debugRole, superiorId: adminUserId });
  await s.db.query(`INSERT INTO plant_users (plant_id, user_id) SELECT id, $1 FROM plants`, [viewerUser.id]);
  viewer = await loginToken(s.app, 'debugviewer', 'Passw0rd-1');
  // A debug user whose subtree holds none of the devices.
  await makeUser(s.db, { username: 'debugoutsider', roleId: debugRole, superiorId: adminUserId });
  outsider = await loginToken(s.app, 'debugoutsider', 'Passw0rd-1');
});

afterAll(async () => {
  await device.close();
  detach();
  await gateway.close();
  await ingest.flush();
  await s.close();
});

const read = (token: string, sn: string, body: unknown, lang = 'en') =>
  api<DebugReadResult>(s.app, 'POST', `/api/debug/${deviceIds.get(sn)!}/read`, { token, body, lang });

describe('POST /api/debug/:deviceId/read over real TCP', () => {
  it('reads query 0A: the request frame, the reply frame and its decoded fields', async () => {
    const res = await read(viewer, connected.sn, { kind: 'query', command: '0a' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ sn: connected.sn, pcuVersion: 603, complete: true });
    expect(data.requestHex).toBe('fe 55 64 14 0a 00 00 de ae');
    expect(data.replies).toHaveLength(1);
    const reply = data.replies[0]!;
    expect(reply).toMatchObject({ command: '0A', error: null });
    expect(reply.hex.startsWith('fe 55 14 64 0a 00')).toBe(true);
    expect(reply.fields.length).toBeGreaterThan(5);
    // Every field's raw bytes are the reply's bytes at its offset (frame header: 7 bytes before the data).
    const bytes = reply.hex.split(' ');
    for (const f of reply.fields)
      expect(f.raw.replace(/ /g, '')).toBe(bytes.slice(7 + f.offset, 7 + f.offset + f.length).join(''));
    const audit = await s.db.query<{ object_id: string }>(
      `SELECT object_id FROM operation_records WHERE action = 'debug.read' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]?.object_id).toBe(connected.sn);
  });

  it('names the fields in the caller’s language', async () => {
    const [en, de] = await Promise.all([
      read(viewer, connected.sn, { kind: 'query', command: '0A' }, 'en'),
      read(viewer, connected.sn, { kind: 'query', command: '0A' }, 'de'),
    ]);
    expect(en.body.data.replies[0]!.fields.map((f) => f.path)).toEqual(
      de.body.data.replies[0]!.fields.map((f) => f.path),
    );
    expect(en.body.data.replies[0]!.fields.map((f) => f.name)).not.toEqual(
      de.body.data.replies[0]!.fields.map((f) => f.name),
    );
    // the catalogue's words (the `osim` namespace), never its keys
    const named = (res: typeof en, path: string) => res.body.data.replies[0]!.fields.find((f) => f.path === path)?.name;
    expect([named(en, 'batteryVoltage'), named(de, 'batteryVoltage')]).toEqual(['Battery voltage', 'Batteriespannung']);
  });

  it.each([
    ['registerRead', { kind: 'registerRead', addresses: [0x1000] }],
    ['registerWrite', { kind: 'registerWrite', registers: [{ address: 0x1000, value: 1 }] }],
  ])('refuses raw %s (BA/BB) without B/E:debug.raw with 403', async (_name, body) => {
    const res = await read(viewer, connected.sn, body);
    expect(res.status).toBe(403);
  });

  it('an operator writes raw registers with BA and reads them back with BB, end to end over TCP', async () => {
    const write = await read(admin, connected.sn, {
      kind: 'registerWrite',
      registers: [
        { address: 0x1000, value: 1234 },
        { address: 0x1001, value: 7 },
      ],
    });
    expect(write.status).toBe(200);
    expect(write.body.data).toMatchObject({ complete: true, replies: [{ command: 'BA', error: null }] });
    // One whole frame: count 2, then address and value of each register (10 data bytes).
    expect(write.body.data.requestHex).toMatch(/^fe 55 64 14 ba 00 0a 00 02 10 00 04 d2 10 01 00 07 [0-9a-f]{2} ae$/);
    const query = await read(admin, connected.sn, { kind: 'registerRead', addresses: [0x1001, 0x1000, 0x2000] });
    expect(query.status).toBe(200);
    expect(query.body.data.complete).toBe(true);
    const reply = query.body.data.replies[0]!;
    expect(reply).toMatchObject({ command: 'BB', error: null });
    const value = (path: string) => reply.fields.find((f) => f.path === path)?.display;
    expect([value('regs[0].address'), value('regs[0].value')]).toEqual(['4097', '7']);
    expect([value('regs[1].address'), value('regs[1].value')]).toEqual(['4096', '1234']);
    expect(value('regs[2].value')).toBe('0');
    // Whole frames only: the inverter (which a half BB frame would hang) still answers.
    expect(device.hung).toBe(false);
    const after = await read(admin, connected.sn, { kind: 'query', command: '0A' });
    expect(after.body.data.complete).toBe(true);
  });

  it('the gateway refuses to send a half frame: the inverter is not hung', async () => {
    const bb = buildRegisterQuery([0x1000], 603);
    if (!bb.ok) throw new Error('frame');
    await expect(gateway.exchange(connected.sn, bb.value.subarray(0, 8))).rejects.toThrow();
    expect(device.hung).toBe(false);
    const res = await read(admin, connected.sn, { kind: 'registerRead', addresses: [0x1000] });
    expect(res.body.data).toMatchObject({ complete: true, replies: [{ command: 'BB', error: null }] });
  });

  it('writes a register word above 32767 as the same 16-bit word; refuses one beyond 16 bits unsent', async () => {
    const write = await read(admin, connected.sn, {
      kind: 'registerWrite',
      registers: [{ address: 0x1002, value: 40000 }],
    });
    expect(write.status).toBe(200);
    // 40000 = 0x9c40 on the wire; the layout reads it back as the signed word it is.
    expect(write.body.data.requestHex).toMatch(/^fe 55 64 14 ba 00 06 00 01 10 02 9c 40 [0-9a-f]{2} ae$/);
    const query = await read(admin, connected.sn, { kind: 'registerRead', addresses: [0x1002] });
    const field = query.body.data.replies[0]!.fields.find((f) => f.path === 'regs[0].value');
    expect(field?.display).toBe(String(40000 - 0x10000));
    const answered = device.answered;
    const res = await read(admin, connected.sn, { kind: 'registerWrite', registers: [{ address: 1, value: 70000 }] });
    expect(res.status).toBe(400);
    expect(device.answered).toBe(answered);
  });

  it('refuses a write or unknown command as a query', async () => {
    for (const command of ['66', 'BB', 'ZZ']) {
      const res = await read(viewer, connected.sn, { kind: 'query', command });
      expect(res.status).toBe(400);
    }
  });

  it('answers 404 for a device outside the caller’s scope, as for a missing one', async () => {
    const res = await read(outsider, connected.sn, { kind: 'query', command: '0A' });
    expect(res.status).toBe(404);
    const missing = await api(s.app, 'POST', '/api/debug/999999/read', {
      token: admin,
      body: { kind: 'query', command: '0A' },
    });
    expect(missing.status).toBe(404);
  });

  it('says so when the device is not connected over OSIM', async () => {
    const res = await read(viewer, idle.sn, { kind: 'query', command: '0A' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('This device is not connected over OSIM right now, so it cannot be read');
    const zh = await read(viewer, idle.sn, { kind: 'query', command: '0A' }, 'zh');
    expect(zh.body.msg).toBe('该设备当前未通过 OSIM 连接，无法读取数据');
  });
});

describe('GET /api/debug/devices', () => {
  const search = (token: string, query = '', lang = 'en') =>
    api<DebugDeviceList>(s.app, 'GET', `/api/debug/devices${query}`, { token, lang });

  it('lists only the inverters connected over OSIM and counts the others by why they are missing', async () => {
    // Another inverter of the plant is an OSIM one that is not connected now; the rest talk MQTT.
    await s.db.query(`UPDATE devices SET protocol = 'osim' WHERE sn = $1`, [idle.sn]);
    const res = await search(viewer);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      items: [
        {
          id: deviceIds.get(connected.sn),
          sn: connected.sn,
          model: connected.model,
          plantName: expect.any(String),
          pcuVersion: 603,
        },
      ],
      total: 1,
      hidden: { offline: 1, mqttOnly: fleet.inverters.length - 2, noGateway: 0 },
    });
    // The counts follow the search.
    expect((await search(viewer, `?q=${idle.sn}`)).body.data).toEqual({
      items: [],
      total: 0,
      hidden: { offline: 1, mqttOnly: 0, noGateway: 0 },
    });
  });

  it('lists and counts nothing outside the caller’s scope', async () => {
    expect((await search(outsider)).body.data).toEqual({
      items: [],
      total: 0,
      hidden: { offline: 0, mqttOnly: 0, noGateway: 0 },
    });
  });

  it('says the OSIM inverters are missing because this server runs no gateway, when it runs none', async () => {
    detach();
    try {
      const res = await search(viewer);
      expect(res.body.data.items).toEqual([]);
      expect(res.body.data.hidden).toEqual({ offline: 0, mqttOnly: fleet.inverters.length - 2, noGateway: 2 });
    } finally {
      detach = s.app.onlineDebug.attach(gateway);
    }
  });

  it.each([
    ['de', 'Höchstens 32 Zeichen'],
    ['cs', 'Nejvýše 32 znaků'],
  ])('refuses a search longer than a serial number with a localised 400 (%s)', async (lang, message) => {
    const res = await search(viewer, `?q=${'x'.repeat(40)}`, lang);
    expect(res.status).toBe(400);
    expect((res.body as unknown as { msg: string }).msg).toBe(message);
  });
});
