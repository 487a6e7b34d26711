import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemplate } from '../../test/template.js';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { WebSocket } from 'ws';
import { FIELDS, type ReadingValues } from '@voltfleet/domain/telemetry';
import { type CommandStatusMessage } from '@voltfleet/domain/commands';
import { type LiveMessage } from '@voltfleet/domain/device-list';
import { openDb, type Db } from '../../db/db.js';
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
import type { StoredReading } from '../telemetry/ingest.js';
import { LIVE_CHANNEL, LiveBus, type LiveSink } from './live.bus.js';
import { LiveHub } from './live.hub.js';

const POSTGRES = testTemplate().kind === 'postgres';
const MANY = 60;

let s: TestServer;
const devices = { a: 0, b: 0, many: [] as number[] };
const tokens = { admin: '', a: '', b: '' };
type Reading = Extract<LiveMessage, { type: 'reading' }>;

async function plantWithDevices(ownerId: number, sns: string[]): Promise<number[]> {
  const plant = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ($1, 1, 10, 14.4, 50.1, 'Europe/Prague', $2) RETURNING id`,
    [`plant_${sns[0]}`, ownerId],
  );
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id)
     SELECT sn, 'inverter', '10K', $2, $3 FROM unnest($1::text[]) AS sn RETURNING id`,
    [sns, ownerId, plant.rows[0]!.id],
  );
  return rows.map((r) => r.id);
}

/** A live tab of the app under test: what arrives, once its hello has. */
async function tab(token: string) {
  const messages: LiveMessage[] = [];
  const ws: WebSocket = await s.app.injectWS(
    '/api/ws',
    { headers: { token } },
    { onInit: (socket) => socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage)) },
  );
  await expect.poll(() => messages.some((m) => m.type === 'hello')).toBe(true);
  const of = <T extends LiveMessage['type']>(type: T) =>
    messages.filter((m): m is Extract<LiveMessage, { type: T }> => m.type === type);
  return { ws, messages, of };
}

/** Every catalogue field set (whole numbers: some columns are integers), so a reading is large on the wire. */
function fullValues(seed: number): ReadingValues {
  const values: Record<string, number> = {};
  for (const f of FIELDS)
    values[f.key] = f.options?.[0]?.value ?? Math.min(f.max, Math.ceil(f.min) + ((seed * 31 + f.key.length) % 97));
  return values as ReadingValues;
}

const commandStatus = (commandId: number, deviceId: number): CommandStatusMessage => ({
  type: 'commandStatus',
  commandId,
  deviceId,
  status: 'succeeded',
  reason: null,
  finishedAt: '2025-01-01T00:00:00.000Z',
});

/** A stand-in for a hub: records what the bus hands over (the bus, not the hub, is under test there). */
class RecordingSink implements LiveSink {
  readonly size = 1;
  readonly readings: StoredReading[] = [];
  readonly commands: CommandStatusMessage[] = [];
  publishReadings(readings: StoredReading[]) {
    this.readings.push(...readings);
  }
  publishDeviceStatus() {}
  publishPlantStatus() {}
  publishCommandStatus(message: CommandStatusMessage) {
    this.commands.push(message);
  }
  publishAlarm() {}
  resyncs = 0;
  resync() {
    this.resyncs += 1;
  }
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const a = await makeUser(s.db, { username: 'busA', roleId: dealer, superiorId: root, level: 1 });
  const b = await makeUser(s.db, { username: 'busB', roleId: dealer, superiorId: root, level: 1 });
  devices.a = (await plantWithDevices(a.id, ['VFBUSA0001']))[0]!;
  devices.b = (await plantWithDevices(b.id, ['VFBUSB0001']))[0]!;
  devices.many = await plantWithDevices(
    a.id,
    Array.from({ length: MANY }, (_, i) => `VFBUSM${String(i).padStart(4, '0')}`),
  );
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  tokens.a = await loginToken(s.app, 'busA', 'Passw0rd-1');
  tokens.b = await loginToken(s.app, 'busB', 'Passw0rd-1');
});
afterAll(() => s.close());

describe.skipIf(!POSTGRES)('live events between processes sharing PostgreSQL (LISTEN/NOTIFY)', () => {
  // "Another process": its own pool to the same database and its own bus and hub; it sends, the app listens.
  let other: Db;
  let otherBus: LiveBus<LiveHub>;
  const url = () => (s.db.native as pg.Pool).options.connectionString!;

  beforeAll(async () => {
    other = await openDb({ databaseUrl: url() });
    otherBus = new LiveBus(other, new LiveHub(other), { log: quiet, listen: false });
    expect(s.app.live.listening).toBe(true);
  });
  afterAll(async () => {
    await otherBus.close();
    otherBus.hub.close();
    await other.close();
  });

  it('delivers another process’s readings and command status to the tabs that may see the device, once', async () => {
    const a = await tab(tokens.a);
    const b = await tab(tokens.b);
    const ts = Date.now();
    otherBus.publishReadings([
      { deviceId: devices.a, plantId: null, ts, values: { pvPowerW: 1500.5, batSocPct: 61 } },
      { deviceId: devices.b, plantId: null, ts, values: { pvPowerW: 800 } },
    ]);
    otherBus.publishCommandStatus(commandStatus(4711, devices.a));
    await expect.poll(() => a.of('commandStatus').length).toBe(1);
    await expect.poll(() => b.of('reading').length).toBe(1);
    await pause(200);
    expect(a.of('reading')).toEqual([
      { type: 'reading', deviceId: devices.a, plantId: null, ts, values: { pvPowerW: 1500.5, batSocPct: 61 } },
    ]);
    expect(a.of('commandStatus')).toEqual([commandStatus(4711, devices.a)]);
    expect(b.of('reading').map((r) => r.deviceId)).toEqual([devices.b]);
    expect(b.of('commandStatus')).toEqual([]);
    a.ws.terminate();
    b.ws.terminate();
  });

  it('sends an ingest batch as one statement of several notifications; every device’s newest reading arrives', async () => {
    const admin = await tab(tokens.admin);
    const ingest = new Ingest(other, { maxBatch: 1000, maxDelayMs: 50 });
    ingest.on('stored', (stored) => otherBus.publishReadings(stored));
    const before = { ...otherBus.stats };
    const start = Date.now() - 10 * 60_000;
    // Three readings per device in one batch: a live view needs only the newest.
    await Promise.all(
      devices.many.flatMap((id, i) =>
        [0, 1, 2].map((k) =>
          ingest.submit(
            { id, sn: `VFBUSM${String(i).padStart(4, '0')}` },
            { sn: `VFBUSM${String(i).padStart(4, '0')}`, ts: start + k * 60_000, values: fullValues(i * 3 + k) },
          ),
        ),
      ),
    );
    expect(ingest.stats).toMatchObject({ batches: 1, stored: MANY * 3 });
    await expect.poll(() => admin.of('reading').length, { timeout: 5000 }).toBe(MANY);
    expect(otherBus.stats.flushes - before.flushes).toBe(1);
    // 60 readings of every field do not fit in one notification.
    expect(otherBus.stats.payloadsSent - before.payloadsSent).toBeGreaterThan(1);
    const got = new Map(admin.of('reading').map((r: Reading) => [r.deviceId, r]));
    devices.many.forEach((id, i) => {
      expect(got.get(id)).toMatchObject({ ts: start + 2 * 60_000, values: fullValues(i * 3 + 2) });
    });
    admin.ws.terminate();
  });

  it('does not hand a process its own events twice (its echo is skipped)', async () => {
    const a = await tab(tokens.a);
    const echoes = s.app.live.stats.echoes;
    s.app.live.publishDeviceStatus(devices.a, null, 'alarm');
    s.app.live.publishCommandStatus(commandStatus(4712, devices.a));
    await expect.poll(() => s.app.live.stats.echoes).toBeGreaterThan(echoes);
    await pause(100);
    expect(a.of('deviceStatus')).toEqual([
      { type: 'deviceStatus', deviceId: devices.a, plantId: null, status: 'alarm' },
    ]);
    expect(a.of('commandStatus')).toEqual([commandStatus(4712, devices.a)]);
    a.ws.terminate();
  });

  it('listens on a dedicated connection and comes back, with a log line, after losing it', async () => {
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => void logged.push(msg),
      warn: (_: object, msg: string) => void logged.push(msg),
      error: (_: object, msg: string) => void logged.push(msg),
    };
    const sink = new RecordingSink();
    const bus = new LiveBus(s.db, sink, { log, listen: true, channel: 'voltfleet_live_reconnect' });
    await bus.start();
    const sender = new LiveBus(other, new RecordingSink(), {
      log: quiet,
      listen: false,
      channel: 'voltfleet_live_reconnect',
    });
    const listener = async () =>
      (
        await other.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND query = 'LISTEN voltfleet_live_reconnect'`,
        )
      ).rows.map((r) => r.pid);
    try {
      const [first] = await listener();
      if (first === undefined) throw new Error('no LISTEN connection of its own');
      sender.publishCommandStatus(commandStatus(1, devices.a));
      await expect.poll(() => sink.commands.length).toBe(1);
      // The first LISTEN missed nothing: no resync.
      expect(sink.resyncs).toBe(0);
      await other.query(`SELECT pg_terminate_backend($1)`, [first]);
      await expect.poll(() => logged.some((m) => m.includes('LISTEN connection lost'))).toBe(true);
      await expect.poll(() => bus.listening, { timeout: 10_000 }).toBe(true);
      expect(logged).toContain('live events: LISTEN connection restored');
      const [second] = await listener();
      expect(second).not.toBe(first);
      // The tabs are told to refetch once LISTEN is back (what was sent in the gap is not replayed).
      expect(sink.resyncs).toBe(1);
      expect(bus.stats.resyncs).toBe(1);
      sender.publishCommandStatus(commandStatus(2, devices.a));
      await expect.poll(() => sink.commands.map((c) => c.commandId)).toEqual([1, 2]);
    } finally {
      await sender.close();
      await bus.close();
    }
    expect(await listener()).toEqual([]);
  });
});

describe.skipIf(POSTGRES)('live events with PGlite (one process)', () => {
  it('go to this process’s tabs only, without a notification', async () => {
    const heard: string[] = [];
    const unlisten = await (s.db.native as PGlite).listen(LIVE_CHANNEL, (payload) => heard.push(payload));
    const a = await tab(tokens.a);
    s.app.live.publishCommandStatus(commandStatus(7, devices.a));
    await expect.poll(() => a.of('commandStatus').length).toBe(1);
    await pause(100);
    expect(heard).toEqual([]);
    expect(s.app.live.stats.flushes).toBe(0);
    await unlisten();
    a.ws.terminate();
  });
});
