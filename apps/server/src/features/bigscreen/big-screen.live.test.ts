import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { KIOSK_QUERY, type KioskLinkCreated } from '@voltfleet/domain/big-screen';
import { type LiveMessage } from '@voltfleet/domain/device-list';
import { type Reading } from '@voltfleet/domain/telemetry';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { addDevice, addPlant } from '../../test/plant-figures-fixture.js';
import { Ingest } from '../telemetry/ingest.js';

// A link for plant X: its screen's socket hears X's device and never Y's (same owner) or W's (another branch).
let s: TestServer;
let ingest: Ingest;
let session = '';
const devices = { x: 0, y: 0, w: 0 };
const plants = { x: 0, y: 0 };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const reading = (sn: string): Reading => ({ sn, ts: Date.now(), values: { pvPowerW: 2500, batSocPct: 40 } });

async function link(plantIds: number[] | null): Promise<KioskLinkCreated> {
  const res = await api<KioskLinkCreated>(s.app, 'POST', '/api/kiosk-links', {
    token: session,
    body: { name: 'Live wall', plantIds, expiresOn: inDays(3) },
  });
  return res.body.data;
}

async function connect(url: string, headers: Record<string, string> = {}) {
  const messages: LiveMessage[] = [];
  let closed = 0;
  const ws: WebSocket = await s.app.injectWS(
    url,
    { headers },
    {
      onInit: (socket) => {
        socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
        socket.on('close', (code) => (closed = code));
      },
    },
  );
  await expect.poll(() => messages.some((m) => m.type === 'hello')).toBe(true);
  return { ws, messages, closed: () => closed };
}

const readingsOf = (m: LiveMessage[]) =>
  m.filter((x): x is Extract<LiveMessage, { type: 'reading' }> => x.type === 'reading').map((r) => r.deviceId);

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const a = await makeUser(s.db, { username: 'bsLiveA', roleId: dealer, superiorId: root });
  const b = await makeUser(s.db, { username: 'bsLiveB', roleId: dealer, superiorId: root });
  plants.x = await addPlant(s.db, { name: 'Live_X', ownerId: a.id, timeZone: 'UTC' });
  plants.y = await addPlant(s.db, { name: 'Live_Y', ownerId: a.id, timeZone: 'UTC' });
  const w = await addPlant(s.db, { name: 'Live_W', ownerId: b.id, timeZone: 'UTC' });
  devices.x = await addDevice(s.db, { sn: 'BSLIVEX01', ownerId: a.id, plantId: plants.x });
  devices.y = await addDevice(s.db, { sn: 'BSLIVEY01', ownerId: a.id, plantId: plants.y });
  devices.w = await addDevice(s.db, { sn: 'BSLIVEW01', ownerId: b.id, plantId: w });
  session = await loginToken(s.app, 'bsLiveA', 'Passw0rd-1');
  ingest = new Ingest(s.db);
  ingest.on('stored', (stored) => s.app.live.publishReadings(stored));
}, 120_000);
afterAll(() => s.close());

describe('the live socket of a kiosk screen', () => {
  it('carries only the events of the link’s plants, and no command status', async () => {
    const { token } = await link([plants.x]);
    const screen = await connect(`/api/ws?${KIOSK_QUERY}=${encodeURIComponent(token)}`);
    const owner = await connect('/api/ws', { token: session });
    for (const [id, sn] of [
      [devices.x, 'BSLIVEX01'],
      [devices.y, 'BSLIVEY01'],
      [devices.w, 'BSLIVEW01'],
    ] as const)
      await ingest.submit({ id, sn }, reading(sn));
    await ingest.flush();
    await expect.poll(() => readingsOf(owner.messages).sort()).toEqual([devices.x, devices.y].sort());
    await expect.poll(() => readingsOf(screen.messages)).toEqual([devices.x]);
    s.app.live.publishCommandStatus({
      type: 'commandStatus',
      commandId: 1,
      deviceId: devices.x,
      status: 'sent',
      reason: null,
      finishedAt: null,
    });
    s.app.live.publishPlantStatus(plants.y, 'alarm');
    s.app.live.publishPlantStatus(plants.x, 'alarm');
    await expect.poll(() => owner.messages.filter((m) => m.type === 'plantStatus').length).toBe(2);
    await expect.poll(() => screen.messages.filter((m) => m.type === 'plantStatus').length).toBe(1);
    expect(screen.messages.some((m) => m.type === 'commandStatus')).toBe(false);
    expect(owner.messages.some((m) => m.type === 'commandStatus')).toBe(true);
    screen.ws.terminate();
    owner.ws.terminate();
  });

  it('closes within 5 seconds of its link’s revocation, not at the minute’s check; other screens stay', async () => {
    const revoked = await link(null);
    const kept = await link(null);
    const screen = await connect(`/api/ws?${KIOSK_QUERY}=${encodeURIComponent(revoked.token)}`);
    const twin = await connect(`/api/ws?${KIOSK_QUERY}=${encodeURIComponent(revoked.token)}`);
    const other = await connect(`/api/ws?${KIOSK_QUERY}=${encodeURIComponent(kept.token)}`);
    const res = await api(s.app, 'DELETE', `/api/kiosk-links/${revoked.id}`, { token: session });
    expect(res.status).toBe(200);
    // No refreshAll here: the revocation itself must reach the sockets (the minute's round would be too late).
    await expect.poll(() => [screen.closed(), twin.closed()], { timeout: 5_000 }).toEqual([4401, 4401]);
    expect(other.closed()).toBe(0);
    other.ws.terminate();
  });

  it('is closed at the minute’s check once the link expired, which nothing announces', async () => {
    const created = await link(null);
    const screen = await connect(`/api/ws?${KIOSK_QUERY}=${encodeURIComponent(created.token)}`);
    await s.app.live.hub.refreshAll();
    expect(screen.closed()).toBe(0);
    await s.db.query(`UPDATE kiosk_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [created.id]);
    await s.app.live.hub.refreshAll();
    await expect.poll(() => screen.closed()).toBe(4401);
  });

  it('refuses an unknown or revoked token before the upgrade', async () => {
    await expect(s.app.injectWS(`/api/ws?${KIOSK_QUERY}=not-a-token`)).rejects.toThrow(/401/);
    const created = await link(null);
    await api(s.app, 'DELETE', `/api/kiosk-links/${created.id}`, { token: session });
    await expect(s.app.injectWS(`/api/ws?${KIOSK_QUERY}=${created.token}`)).rejects.toThrow(/401/);
  });
});
