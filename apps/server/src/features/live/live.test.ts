import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Reading } from '@voltfleet/domain/telemetry';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { Ingest } from '../telemetry/ingest.js';
import type { LiveMessage } from './live.hub.js';

let s: TestServer;
let ingest: Ingest;
const devices = { a: 0, b: 0 };
const tokens = { admin: '', a: '', b: '' };

async function plantWithDevice(ownerId: number, sn: string): Promise<number> {
  const plant = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id) VALUES ($1, 1, 10, 14.4, 50.1, 'Europe/Prague', $2) RETURNING id`,
    [`plant_${sn}`, ownerId],
  );
  const device = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', '10K', $2, $3) RETURNING id`,
    [sn, ownerId, plant.rows[0]!.id],
  );
  return device.rows[0]!.id;
}

const reading = (sn: string, ts: number): Reading => ({
  sn,
  ts,
  values: { pvPowerW: 1234, batSocPct: 55, pvEnergyTodayKwh: 1, pvEnergyTotalKwh: 100 },
});

/** Opens the live socket and collects what arrives. */
async function connect(token: string) {
  const messages: LiveMessage[] = [];
  const ws: WebSocket = await s.app.injectWS(
    '/api/ws',
    { headers: { token } },
    { onInit: (socket) => socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage)) },
  );
  await expect.poll(() => messages.some((m) => m.type === 'hello')).toBe(true);
  return { ws, messages };
}

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const a = await makeUser(s.db, { username: 'liveA', roleId: dealer, superiorId: root, level: 1 });
  const b = await makeUser(s.db, { username: 'liveB', roleId: dealer, superiorId: root, level: 1 });
  devices.a = await plantWithDevice(a.id, 'VFLIVEA0001');
  devices.b = await plantWithDevice(b.id, 'VFLIVEB0001');
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  tokens.a = await loginToken(s.app, 'liveA', 'Passw0rd-1');
  tokens.b = await loginToken(s.app, 'liveB', 'Passw0rd-1');
  ingest = new Ingest(s.db);
  ingest.on('stored', (stored) => s.app.live.publishReadings(stored));
});
afterAll(() => s.close());

describe('live push over one WebSocket per tab', () => {
  it('delivers live readings only for devices the user may see', async () => {
    const a = await connect(tokens.a);
    const b = await connect(tokens.b);
    const admin = await connect(tokens.admin);
    const now = Date.now();
    await Promise.all([
      ingest.submit({ id: devices.a, sn: 'VFLIVEA0001' }, reading('VFLIVEA0001', now)),
      ingest.submit({ id: devices.b, sn: 'VFLIVEB0001' }, reading('VFLIVEB0001', now)),
    ]);
    const readings = (m: LiveMessage[]) =>
      m.filter((x): x is Extract<LiveMessage, { type: 'reading' }> => x.type === 'reading');
    await expect.poll(() => readings(admin.messages).length).toBe(2);
    await expect.poll(() => readings(a.messages).length).toBe(1);
    expect(readings(a.messages)[0]).toMatchObject({ deviceId: devices.a, values: { pvPowerW: 1234 } });
    expect(readings(b.messages).map((r) => r.deviceId)).toEqual([devices.b]);
    for (const c of [a, b, admin]) c.ws.terminate();
  });

  it('sends status changes to the users who may see the device', async () => {
    const a = await connect(tokens.a);
    const b = await connect(tokens.b);
    s.app.live.publishDeviceStatus(devices.a, null, 'offline');
    await expect.poll(() => a.messages.some((m) => m.type === 'deviceStatus')).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(b.messages.some((m) => m.type === 'deviceStatus')).toBe(false);
    a.ws.terminate();
    b.ws.terminate();
  });

  it('closes a tab’s socket once its session has ended', async () => {
    const token = await loginToken(s.app, 'liveA', 'Passw0rd-1');
    const c = await connect(token);
    let closed = 0;
    c.ws.on('close', (code) => (closed = code));
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { token } });
    await s.app.live.hub.refreshAll();
    await expect.poll(() => closed).toBe(4401);
    // The refresh is a periodic task of the app, counted on /metrics.
    const metrics = (await s.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^voltfleet_periodic_rounds_total\{task="live-session-refresh"\} [1-9]/m);
  });

  it('refuses a socket without a session', async () => {
    await expect(s.app.injectWS('/api/ws')).rejects.toThrow(/401/);
  });
});
