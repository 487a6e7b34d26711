// The world the OSIM command tests share: a test server, one demo plant's inverters simulated in OSIM mode dialling a
// real gateway over TCP, the command link attached, and helpers to issue commands and wait for their outcome. A test
// file calls useOsimCommandWorld() once: its hooks then run for that file (each file gets its own server and
// gateway). They are registered by that call, not on import, because the database project runs its files in one
// module graph per worker (apps/server/vitest.config.ts).
import { deviceDirectory, osimDeviceRecords } from '../features/devices/index.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Command } from '@voltfleet/domain/commands';
import { commandCode, type OsimFrame } from '@voltfleet/osim';
import { createFleet, demoFleetConfig, OsimDevice, type Fleet, type SimInverter } from '@voltfleet/simulator';
import { Ingest } from '../features/telemetry/index.js';
import { adminId, api, loginToken, startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from './harness.js';
import { insertFleet } from './fleet-fixture.js';
import { osimCommandLink } from '../link/osim-commands.js';
import { OsimGateway } from '../link/osim-gateway.js';

/** A simulated inverter that vanishes when the next 66 block write reaches it (before applying anything). */
export class VanishingDevice extends OsimDevice {
  vanishOn66 = false;
  override write(frame: OsimFrame, wallMs: number): Uint8Array[] {
    if (this.vanishOn66 && commandCode(frame.command) === '66') {
      this.drop();
      return [];
    }
    return super.write(frame, wallMs);
  }
}

export const START = Date.now() - 3600_000;
export let s: TestServer;
export let ingest: Ingest;
export let gateway: OsimGateway;
export let detach: () => void;
export let fleet: Fleet;
export let token = '';
export const inverters: SimInverter[] = [];
export const devices: OsimDevice[] = [];
export let deviceIds: Map<string, number>;

export function useOsimCommandWorld(): void {
  beforeAll(async () => {
    inverters.length = 0;
    devices.length = 0;
    s = await startTestServer({ COMMAND_EXPIRY_MINUTES: '5' });
    const demo = demoFleetConfig({ startMs: START, seed: 7 });
    const plant = demo.plants[0]!;
    const config = {
      seed: 7,
      startMs: START,
      plants: [plant],
      devices: demo.devices.filter((d) => d.plantId === plant.id),
    };
    ({ deviceIds } = await insertFleet(s.db, config, await adminId(s.db)));
    fleet = createFleet(config);
    fleet.advance(Date.now(), 60);
    inverters.push(...fleet.inverters);
    expect(inverters.length).toBeGreaterThan(0);
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
    detach = s.app.commands.attach(osimCommandLink(gateway), { offlineSeconds: 300, pollMs: 100, protocol: 'osim' });
    token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  });

  afterAll(async () => {
    for (const d of devices.splice(0)) await d.close();
    detach();
    await gateway.close();
    await ingest.flush();
    await s.close();
  });
}

export async function connect(inverter: SimInverter, device?: OsimDevice, pcuVersion = 603): Promise<OsimDevice> {
  const d =
    device ?? new OsimDevice({ host: '127.0.0.1', port: gateway.port, inverter, pcuVersion, now: () => fleet.now });
  devices.push(d);
  await d.start();
  await expect.poll(() => gateway.isConnected(inverter.sn), { timeout: 5000 }).toBe(true);
  // Commands go out once the connection answered a poll; the tests count the inverter's answers from when its first
  // poll is over.
  await expect.poll(() => gateway.commandReady(inverter.sn), { timeout: 5000 }).toBe(true);
  await expect.poll(() => gateway.connection(inverter.sn)?.backlog ?? 0, { timeout: 10_000 }).toBe(0);
  return d;
}

export async function issue(sn: string, body: Record<string, unknown>): Promise<number> {
  const res = await api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
    token,
    body: { idempotencyKey: randomUUID(), deviceIds: [deviceIds.get(sn)!], ...body },
  });
  expect(res.status).toBe(200);
  return res.body.data.commands[0]!.id;
}

export const commandOf = async (id: number) =>
  (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token })).body.data;

/** The values the device reported back for a command, as stored. */
export async function readBackOf(id: number): Promise<unknown> {
  const { rows } = await s.db.query<{ read_back: unknown }>(`SELECT read_back FROM commands WHERE id = $1`, [id]);
  return rows[0]?.read_back;
}

export async function outcome(id: number): Promise<Command> {
  await expect
    .poll(async () => (await commandOf(id)).status, { timeout: 8000 })
    .toMatch(/^(succeeded|failed|acknowledged)$/);
  return commandOf(id);
}
