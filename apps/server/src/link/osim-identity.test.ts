// OSIM identity: a serial number that is live is not taken over (docs/security.md, "OSIM"): the real gateway over real TCP on loopback, simulated and
// hand-driven inverters, the real app for commands and the device detail API.
import { osimDeviceRecords } from '../features/devices/device-writes.service.js';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail } from '@voltfleet/domain';
import { buildCommand, commandCode, FrameReader, type OsimFrame } from '@voltfleet/osim';
import { OsimDevice } from '@voltfleet/simulator';
import { deviceDirectory } from '../features/devices/device-directory.js';
import { Ingest } from '../features/telemetry/ingest.js';
import { adminId, api, loginToken, startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../test/harness.js';
import { testSimInverter } from '../test/sim-inverter.js';
import type { IdentityConflict, LinkDevice } from './link.types.js';
import type { LoginGuardLimits } from './login-guard.js';
import { osimCommandLink } from './osim-commands.js';
import { OsimGateway } from './osim-gateway.js';
import { sleep, waitFor } from './test-support.js';

let s: TestServer;
let ingest: Ingest;
let token = '';
let n = 0;
const gateways: OsimGateway[] = [];
const detaches: (() => void)[] = [];
const devices: OsimDevice[] = [];
const sockets: net.Socket[] = [];
const lines: { level: 'debug' | 'info' | 'warn' | 'error'; msg: string; obj: object }[] = [];
const log = {
  debug: (obj: object, msg: string) => void lines.push({ level: 'debug', msg, obj }),
  info: (obj: object, msg: string) => void lines.push({ level: 'info', msg, obj }),
  warn: (obj: object, msg: string) => void lines.push({ level: 'warn', msg, obj }),
  error: (obj: object, msg: string) => void lines.push({ level: 'error', msg, obj }),
};

beforeAll(async () => {
  s = await startTestServer();
  ingest = new Ingest(s.db);
  token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterEach(async () => {
  for (const detach of detaches.splice(0)) detach();
  await Promise.all(devices.splice(0).map((d) => d.close()));
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  lines.length = 0;
});
afterAll(async () => {
  await ingest.flush();
  await s.close();
});

/** A fresh stocked-in inverter (each test its own, so conflicts and protocols do not carry over). */
async function stockIn(): Promise<{ sn: string; id: number }> {
  n += 1;
  const sn = `VFIDEN${String(n).padStart(4, '0')}`;
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, activated_at) VALUES ($1, 'inverter', '10K', $2, now())
     RETURNING id`,
    [sn, await adminId(s.db)],
  );
  return { sn, id: rows[0]!.id };
}

async function gateway(
  options: { pollIntervalMs?: number; requestTimeoutMs?: number; identifyLimits?: LoginGuardLimits } = {},
): Promise<OsimGateway> {
  const g = await OsimGateway.start({
    port: 0,
    host: '127.0.0.1',
    devices: deviceDirectory(s.db),
    sink: ingest,
    records: osimDeviceRecords(s.db),
    log,
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
    requestTimeoutMs: options.requestTimeoutMs ?? 2000,
    ...(options.identifyLimits ? { identifyLimits: options.identifyLimits } : {}),
  });
  gateways.push(g);
  detaches.push(s.app.commands.attach(osimCommandLink(g), { offlineSeconds: 300, pollMs: 100, protocol: 'osim' }));
  return g;
}

/** A simulated inverter dialling the gateway (it answers every query from its simulated state). */
class CountingInverter extends OsimDevice {
  readonly asked: string[] = [];
  override replies(code: string, nowMs: number): Uint8Array[] {
    this.asked.push(code);
    return super.replies(code, nowMs);
  }
}

async function realInverter(g: OsimGateway, sn: string): Promise<CountingInverter> {
  const d = new CountingInverter({ host: '127.0.0.1', port: g.port, inverter: testSimInverter(sn) });
  devices.push(d);
  await d.start();
  return d;
}

/** A hand-driven client: `onFrame` gets every frame the gateway sends it. */
async function rawClient(
  g: OsimGateway,
  onFrame: (frame: OsimFrame, socket: net.Socket) => void = () => undefined,
): Promise<{ socket: net.Socket; closed: Promise<number>; asked: string[] }> {
  const socket = net.connect({ host: '127.0.0.1', port: g.port });
  sockets.push(socket);
  const asked: string[] = [];
  const reader = new FrameReader();
  socket.on('data', (chunk: Buffer) => {
    for (const event of reader.push(chunk)) {
      if (!event.ok) continue;
      asked.push(commandCode(event.frame.command));
      onFrame(event.frame, socket);
    }
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, asked };
}

/** A spoofer: a client that answers everything, 98 included, as the inverter with this serial number would. */
function answersAs(sn: string): (frame: OsimFrame, socket: net.Socket) => void {
  const sim = new OsimDevice({ host: '', port: 0, inverter: testSimInverter(sn) });
  return (frame, socket) => {
    const code = commandCode(frame.command);
    for (const reply of sim.replies(code, Date.now())) socket.write(reply);
  };
}

/** The 98 answer of an inverter with this serial number. */
function identification(sn: string): Uint8Array {
  const frame = buildCommand(
    '98',
    { pcuVersion: 603, batteryManufacturer: 0, modelCode: 1, sn, productSnLn: '' },
    0,
    'reply',
  );
  if (!frame.ok) throw new Error(frame.error.code);
  return frame.value;
}

const detailOf = async (id: number) =>
  (await api<DeviceDetail>(s.app, 'GET', `/api/devices/${id}/detail`, { token })).body.data;

const warnings = () => lines.filter((l) => l.level === 'warn' || l.level === 'error').map((l) => l.msg);

describe('a serial number that is live is not taken over', () => {
  it('a spoofer answering 98 with a connected inverter’s serial number is refused; the real one keeps its connection and its polls; the conflict is counted, emitted and shown on the device page', async () => {
    const { sn, id } = await stockIn();
    const g = await gateway({ pollIntervalMs: 500, requestTimeoutMs: 1000 });
    const conflicts: [LinkDevice, IdentityConflict][] = [];
    g.events.on('identityConflict', (device, conflict) => conflicts.push([device, conflict]));
    const real = await realInverter(g, sn);
    await waitFor(() => g.commandReady(sn), 'the real inverter to answer its first poll');
    const holder = g.connection(sn);
    const started = Date.now();
    const spoofer = await rawClient(g, answersAs(sn));
    const closedAt = await spoofer.closed;
    // Refused as soon as the real one answered the liveness check, not after a timeout.
    expect(closedAt - started).toBeLessThan(1000);
    expect(spoofer.asked).toEqual(['98']);
    expect(g.connection(sn)).toBe(holder);
    expect(real.isConnected).toBe(true);
    expect(g.counters.identityConflicts).toBe(1);
    expect(g.counters.takeovers).toBe(0);
    expect(conflicts).toEqual([
      [
        { id, sn },
        {
          claimant: expect.stringMatching(/127\.0\.0\.1/),
          holder: { link: 'osim', remote: expect.stringMatching(/127\.0\.0\.1/) },
          at: expect.any(Number),
        },
      ],
    ]);
    expect(warnings()).toContain(
      'osim: identity conflict: the serial number is live elsewhere; the claiming connection is refused',
    );
    // The real inverter goes on being polled on its connection.
    const polled = real.asked.filter((code) => code === '0C').length;
    await waitFor(() => real.asked.filter((code) => code === '0C').length >= polled + 2, 'two more polls', 5000);
    expect(g.connection(sn)).toBe(holder);
    await expect.poll(async () => (await detailOf(id)).identityConflict, { timeout: 5000 }).not.toBeNull();
    expect((await detailOf(id)).identityConflict).toEqual({
      count: 1,
      lastAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      remote: expect.stringMatching(/127\.0\.0\.1/),
    });
  });

  it('claims arriving together share one liveness check: the real inverter is asked for its 98 once', async () => {
    const { sn } = await stockIn();
    const g = await gateway();
    // The holder answers polls at once and 98 after 600 ms, so the five claims below overlap its liveness check.
    let identified = false;
    const holder = await rawClient(g, (frame, socket) => {
      const code = commandCode(frame.command);
      if (code !== '98') return answersAs(sn)(frame, socket);
      if (!identified) {
        identified = true;
        return void socket.write(identification(sn));
      }
      setTimeout(() => socket.write(identification(sn)), 600);
    });
    await waitFor(() => g.commandReady(sn), 'the holder to be proven');
    await waitFor(() => g.connection(sn)?.backlog === 0, 'its first poll to end');
    const claims = await Promise.all([1, 2, 3, 4, 5].map(() => rawClient(g, answersAs(sn))));
    await Promise.all(claims.map((c) => c.closed));
    expect(holder.asked.filter((code) => code === '98')).toHaveLength(2);
    expect(g.counters.identityConflicts).toBe(5);
    expect(holder.socket.destroyed).toBe(false);
    expect(g.commandReady(sn)).toBe(true);
  });

  it('identity conflicts count against the claimant’s address: its next connection is refused unasked', async () => {
    const { sn } = await stockIn();
    const g = await gateway({
      identifyLimits: { perAddress: 2, addressWindowMs: 60_000, perSn: 2, snWindowMs: 60_000 },
    });
    await realInverter(g, sn);
    await waitFor(() => g.commandReady(sn), 'the real inverter to be proven');
    for (let i = 0; i < 2; i += 1) await (await rawClient(g, answersAs(sn))).closed;
    expect(g.counters.identityConflicts).toBe(2);
    const refused = await rawClient(g, answersAs(sn));
    await refused.closed;
    expect(refused.asked).toEqual([]);
    expect(g.counters.identityConflicts).toBe(2);
    // The serial number itself is not held against anyone: the real inverter stays, and stays ready.
    expect(g.commandReady(sn)).toBe(true);
  });

  it('two claimants racing for a dead connection’s serial number: the first takes it over, the second is refused', async () => {
    const { sn } = await stockIn();
    const g = await gateway({ requestTimeoutMs: 400 });
    // The first connection answers 98 and its first poll query, then goes dead without closing (half-open).
    let answering = true;
    const dead = await rawClient(g, (frame, socket) => {
      if (!answering) return;
      answersAs(sn)(frame, socket);
      if (commandCode(frame.command) !== '98') answering = false;
    });
    await waitFor(() => g.commandReady(sn), 'the first connection to be proven');
    const old = g.connection(sn);
    const real = await realInverter(g, sn);
    // The real inverter's claim is being checked: the dead connection was asked for its 98 again.
    await waitFor(() => dead.asked.filter((code) => code === '98').length === 2, 'the liveness check');
    const spoofer = await rawClient(g, answersAs(sn));
    await spoofer.closed;
    await waitFor(() => g.commandReady(sn) && g.connection(sn) !== old, 'the real inverter to hold the serial number');
    await sleep(200);
    expect(real.isConnected).toBe(true);
    expect(old!.closed).toBe(true);
    expect(g.counters.takeovers).toBe(1);
    expect(g.counters.identityConflicts).toBe(1);
  });

  it('a serial number live on the MQTT link is not taken over OSIM; once it is offline there, it may be', async () => {
    const { sn, id } = await stockIn();
    await s.db.query(`UPDATE devices SET last_seen_at = now() WHERE id = $1`, [id]);
    const g = await gateway();
    const conflicts: IdentityConflict[] = [];
    g.events.on('identityConflict', (_device, conflict) => conflicts.push(conflict));
    const claim = await rawClient(g, answersAs(sn));
    await claim.closed;
    expect(conflicts.map((c) => c.holder)).toEqual([{ link: 'mqtt' }]);
    const { rows } = await s.db.query<{ protocol: string }>(`SELECT protocol FROM devices WHERE id = $1`, [id]);
    expect(rows[0]!.protocol).toBe('mqtt');
    await expect.poll(async () => (await detailOf(id)).identityConflict?.count, { timeout: 5000 }).toBe(1);
    // Silent on MQTT for longer than the offline threshold (5 minutes by default): an inverter that moved to OSIM.
    await s.db.query(`UPDATE devices SET last_seen_at = now() - interval '6 minutes' WHERE id = $1`, [id]);
    await realInverter(g, sn);
    await waitFor(() => g.commandReady(sn), 'the OSIM inverter to be proven');
    const after = await s.db.query<{ protocol: string }>(`SELECT protocol FROM devices WHERE id = $1`, [id]);
    expect(after.rows[0]!.protocol).toBe('osim');
  });
});
