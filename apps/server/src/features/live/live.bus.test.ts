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
    await otherBus.start();
    expect(s.app.live.listening).toBe(true);
  });
  /** The app has announced what its tabs watch, and the other process has read it (both otherwise within 2 s). */
  const watchSeen = async () => {
    await s.app.live.announceWatched();
    await otherBus.refreshWatched();
  };
  const watchedInRegistry = async (origin: string) =>
    (
      await s.db.query<{ devices: number[] }>(`SELECT devices FROM live_watchers WHERE origin = $1`, [origin])
    ).rows[0]?.devices.sort((x, y) => x - y);
  afterAll(async () => {
    await otherBus.close();
    otherBus.hub.close();
    await other.close();
  });

  it('delivers another process’s readings and command status to the tabs that may see the device, once', async () => {
    const a = await tab(tokens.a);
    const b = await tab(tokens.b);
    await watchSeen();
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
    await watchSeen();
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

  it('sends a reading only while another process has a tab on its device (decision 0037)', async () => {
    const reading = (deviceId: number) => ({ deviceId, plantId: null, ts: Date.now(), values: { pvPowerW: 1 } });
    // No tab anywhere: the app's row says so, and a reading costs no notification.
    await expect
      .poll(async () => (await s.app.live.announceWatched(), watchedInRegistry(s.app.live.origin)))
      .toEqual([]);
    await otherBus.refreshWatched();
    let before = { ...otherBus.stats };
    otherBus.publishReadings([reading(devices.a)]);
    await pause(100);
    expect(otherBus.stats.flushes).toBe(before.flushes);
    expect(otherBus.stats.unwatched - before.unwatched).toBe(1);

    // busA's tab watches busA's devices (not busB's): only the watched device's reading is sent, and it arrives.
    const a = await tab(tokens.a);
    await watchSeen();
    expect(await watchedInRegistry(s.app.live.origin)).toEqual([devices.a, ...devices.many].sort((x, y) => x - y));
    before = { ...otherBus.stats };
    otherBus.publishReadings([reading(devices.a), reading(devices.b)]);
    await expect.poll(() => a.of('reading').map((r) => r.deviceId)).toEqual([devices.a]);
    expect(otherBus.stats.unwatched - before.unwatched).toBe(1);
    expect(otherBus.stats.flushes - before.flushes).toBe(1);

    // The tab closes: its devices go quiet again.
    a.ws.terminate();
    await expect
      .poll(async () => (await s.app.live.announceWatched(), watchedInRegistry(s.app.live.origin)))
      .toEqual([]);
    await otherBus.refreshWatched();
    before = { ...otherBus.stats };
    otherBus.publishReadings([reading(devices.a)]);
    await pause(100);
    expect(otherBus.stats.flushes).toBe(before.flushes);
    expect(otherBus.stats.unwatched - before.unwatched).toBe(1);
  });

  it('tells the tabs that brought newly watched devices to refetch once publishers have polled; renews its row', async () => {
    // A process of its own with a stand-in hub whose watched set the test sets.
    const watching = new Set<number>();
    const resyncs: (number[] | 'all')[] = [];
    let changed = () => undefined as void;
    const sink = Object.assign(new RecordingSink(), {
      watchedDevices: () => new Set(watching),
      onWatchChange: (listener: () => void) => ((changed = listener), () => undefined),
      resync: (devices?: ReadonlySet<number>) => void resyncs.push(devices ? [...devices] : 'all'),
    });
    const bus = new LiveBus(s.db, sink, {
      log: quiet,
      listen: true,
      channel: 'voltfleet_live_watch_test',
      watch: { pollMs: 60_000, renewMs: 200, resyncAfterMs: 300 },
    });
    await bus.start();
    try {
      watching.add(devices.a);
      changed();
      await bus.announceWatched();
      expect(await watchedInRegistry(bus.origin)).toEqual([devices.a]);
      await otherBus.refreshWatched();
      let before = otherBus.stats.unwatched;
      otherBus.publishReadings([{ deviceId: devices.a, plantId: null, ts: Date.now(), values: { pvPowerW: 2 } }]);
      expect(otherBus.stats.unwatched).toBe(before);
      // Not at once (the publishers may not have read the row yet), then exactly the new device's tabs.
      expect(resyncs).toEqual([]);
      await expect.poll(() => resyncs).toEqual([[devices.a]]);

      watching.add(devices.b);
      changed();
      await expect.poll(() => resyncs).toEqual([[devices.a], [devices.b]]);
      // A shrinking watch loses nothing: no refetch.
      watching.delete(devices.a);
      changed();
      await expect.poll(() => watchedInRegistry(bus.origin)).toEqual([devices.b]);
      await pause(400);
      expect(resyncs).toHaveLength(2);

      // A row that is gone (a restored database, a hand's DELETE) is written again at the renewal, and every tab
      // refetches after it.
      await s.db.query(`DELETE FROM live_watchers WHERE origin = $1`, [bus.origin]);
      await expect.poll(() => watchedInRegistry(bus.origin)).toEqual([devices.b]);
      await expect.poll(() => resyncs).toHaveLength(3);

      // A row not renewed for WATCH_FRESH_S belongs to a process that is gone: publishers ignore it.
      await bus.close();
      await s.db.query(
        `INSERT INTO live_watchers (origin, devices, seen_at) VALUES ('gone', $1, now() - interval '91 seconds')`,
        [[devices.b]],
      );
      await otherBus.refreshWatched();
      before = otherBus.stats.unwatched;
      otherBus.publishReadings([{ deviceId: devices.b, plantId: null, ts: Date.now(), values: { pvPowerW: 3 } }]);
      expect(otherBus.stats.unwatched).toBe(before + 1);
    } finally {
      await bus.close();
      await s.db.query(`DELETE FROM live_watchers WHERE origin = 'gone'`);
    }
    // A closed process withdraws its row.
    expect(await watchedInRegistry(bus.origin)).toBeUndefined();
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
