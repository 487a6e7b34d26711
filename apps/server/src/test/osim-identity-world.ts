// The world the OSIM identity and continuity tests share: the real app, gateways started per test on loopback, stocked-in
// serial numbers, simulated and hand-driven inverters, and the gateway's log lines. A test file calls
// useOsimIdentityWorld() once: its hooks then run for that file. They are registered by that call, not on import,
// because the database project runs its files in one module graph per worker (apps/server/vitest.config.ts).
import { deviceDirectory, osimDeviceRecords } from '../features/devices/index.js';
import net from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import { buildCommand, commandCode, FrameReader, type OsimFrame } from '@voltfleet/osim';
import { OsimDevice } from '@voltfleet/simulator';
import { Ingest } from '../features/telemetry/index.js';
import { adminId, api, loginToken, startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from './harness.js';
import { testSimInverter } from './sim-inverter.js';
import type { LoginGuardLimits } from '../link/login-guard.js';
import { osimCommandLink } from '../link/osim-commands.js';
import { OsimGateway } from '../link/osim-gateway.js';

export let s: TestServer;
export let ingest: Ingest;
export let token = '';
export let n = 0;
export const gateways: OsimGateway[] = [];
export const detaches: (() => void)[] = [];
export const devices: OsimDevice[] = [];
export const sockets: net.Socket[] = [];
export const lines: { level: 'debug' | 'info' | 'warn' | 'error'; msg: string; obj: object }[] = [];
export const log = {
  debug: (obj: object, msg: string) => void lines.push({ level: 'debug', msg, obj }),
  info: (obj: object, msg: string) => void lines.push({ level: 'info', msg, obj }),
  warn: (obj: object, msg: string) => void lines.push({ level: 'warn', msg, obj }),
  error: (obj: object, msg: string) => void lines.push({ level: 'error', msg, obj }),
};

export function useOsimIdentityWorld(): void {
  beforeAll(async () => {
    n = 0;
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
}

/** A fresh stocked-in inverter (each test its own, so conflicts and protocols do not carry over). */
export async function stockIn(): Promise<{ sn: string; id: number }> {
  n += 1;
  const sn = `VFIDEN${String(n).padStart(4, '0')}`;
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, activated_at) VALUES ($1, 'inverter', '10K', $2, now())
     RETURNING id`,
    [sn, await adminId(s.db)],
  );
  return { sn, id: rows[0]!.id };
}

export async function gateway(
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
export class CountingInverter extends OsimDevice {
  readonly asked: string[] = [];
  override replies(code: string, nowMs: number): Uint8Array[] {
    this.asked.push(code);
    return super.replies(code, nowMs);
  }
}

export async function realInverter(g: OsimGateway, sn: string): Promise<CountingInverter> {
  const d = new CountingInverter({ host: '127.0.0.1', port: g.port, inverter: testSimInverter(sn) });
  devices.push(d);
  await d.start();
  return d;
}

/** A hand-driven client: `onFrame` gets every frame the gateway sends it. */
export async function rawClient(
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
export function answersAs(sn: string): (frame: OsimFrame, socket: net.Socket) => void {
  const sim = new OsimDevice({ host: '', port: 0, inverter: testSimInverter(sn) });
  return (frame, socket) => {
    const code = commandCode(frame.command);
    for (const reply of sim.replies(code, Date.now())) socket.write(reply);
  };
}

/** The 98 answer of an inverter with this serial number. */
export function identification(sn: string): Uint8Array {
  const frame = buildCommand(
    '98',
    { pcuVersion: 603, batteryManufacturer: 0, modelCode: 1, sn, productSnLn: '' },
    0,
    'reply',
  );
  if (!frame.ok) throw new Error(frame.error.code);
  return frame.value;
}

export const detailOf = async (id: number) =>
  (await api<DeviceDetail>(s.app, 'GET', `/api/devices/${id}/detail`, { token })).body.data;

export const warnings = () => lines.filter((l) => l.level === 'warn' || l.level === 'error').map((l) => l.msg);
