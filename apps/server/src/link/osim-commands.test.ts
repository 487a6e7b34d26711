import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '@voltfleet/domain';
import { commandCode, type OsimFrame } from '@voltfleet/osim';
import { createFleet, demoFleetConfig, OsimDevice, type Fleet, type SimInverter } from '@voltfleet/simulator';
import { Ingest } from '../features/telemetry/ingest.js';
import { deviceDirectory } from '../features/devices/device-directory.js';
import {
  adminId,
  api,
  encryptPassword,
  loginToken,
  publicKey,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../test/harness.js';
import { insertFleet } from '../test/fleet-fixture.js';
import { OSIM_COMMAND_REASONS, isOsimBlockParameter, osimCommandLink } from './osim-commands.js';
import { OsimGateway } from './osim-gateway.js';

/** A simulated inverter that vanishes when the next 66 block write reaches it (before applying anything). */
class VanishingDevice extends OsimDevice {
  vanishOn66 = false;
  override write(frame: OsimFrame, wallMs: number): Uint8Array[] {
    if (this.vanishOn66 && commandCode(frame.command) === '66') {
      this.drop();
      return [];
    }
    return super.write(frame, wallMs);
  }
}

const START = Date.now() - 3600_000;
let s: TestServer;
let ingest: Ingest;
let gateway: OsimGateway;
let detach: () => void;
let fleet: Fleet;
let token = '';
const inverters: SimInverter[] = [];
const devices: OsimDevice[] = [];
let deviceIds: Map<string, number>;

beforeAll(async () => {
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
    db: s.db,
    pollIntervalMs: 60_000,
    requestTimeoutMs: 1500,
  });
  detach = s.app.commands.attach(osimCommandLink(gateway), { offlineSeconds: 300, pollMs: 100, protocol: 'osim' });
  token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
});

afterAll(async () => {
  for (const d of devices) await d.close();
  detach();
  await gateway.close();
  await ingest.flush();
  await s.close();
});

async function connect(inverter: SimInverter, device?: OsimDevice): Promise<OsimDevice> {
  const d = device ?? new OsimDevice({ host: '127.0.0.1', port: gateway.port, inverter, now: () => fleet.now });
  devices.push(d);
  await d.start();
  await expect.poll(() => gateway.isConnected(inverter.sn), { timeout: 5000 }).toBe(true);
  return d;
}

async function issue(sn: string, body: Record<string, unknown>): Promise<number> {
  const res = await api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
    token,
    body: { idempotencyKey: randomUUID(), deviceIds: [deviceIds.get(sn)!], ...body },
  });
  expect(res.status).toBe(200);
  return res.body.data.commands[0]!.id;
}

const commandOf = async (id: number) => (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token })).body.data;

/** The values the device reported back for a command, as stored. */
async function readBackOf(id: number): Promise<unknown> {
  const { rows } = await s.db.query<{ read_back: unknown }>(`SELECT read_back FROM commands WHERE id = $1`, [id]);
  return rows[0]?.read_back;
}

async function outcome(id: number): Promise<Command> {
  await expect
    .poll(async () => (await commandOf(id)).status, { timeout: 8000 })
    .toMatch(/^(succeeded|failed|acknowledged)$/);
  return commandOf(id);
}

describe('the OSIM parameter table', () => {
  it.each([
    ['workMode', true],
    ['socLowerLimitPct', true],
    ['gridConnectionLimitW', true],
    ['antiBackflow', true],
    ['batteryType', false],
    ['backupSupplyOrder', false],
    ['forcedChargingMode', false],
  ])('%s in the 95/66 block: %s', (param, carried) => {
    expect(isOsimBlockParameter(param)).toBe(carried);
  });
});

describe('commands to an OSIM inverter over real TCP', () => {
  it('sets the work mode by reading 95, writing the whole 66 block and confirming by read-back', async () => {
    const inverter = inverters[0]!;
    await connect(inverter);
    const before = { ...inverter.parameters };
    const target = before.workMode === 4 ? 2 : 4;
    const id = await issue(inverter.sn, { kind: 'workMode', value: target });
    const done = await outcome(id);
    expect(done).toMatchObject({ status: 'succeeded', reason: null });
    expect(await readBackOf(id)).toEqual({ workMode: target });
    expect(inverter.parameters.workMode).toBe(target);
    // The other fields of the block were written back unchanged.
    expect(inverter.parameters.socLowerLimitPct).toBe(before.socLowerLimitPct);
    expect(inverter.parameters.gridConnectionLimitW).toBe(before.gridConnectionLimitW);
    expect(inverter.parameters.antiBackflow).toBe(before.antiBackflow);
  });

  it('switches the inverter off and on again, confirmed by the on/off state of 0C', async () => {
    const inverter = inverters[0]!;
    expect(inverter.parameters.onOff).toBe(1);
    const off = await outcome(
      await issue(inverter.sn, {
        kind: 'powerOff',
        password: encryptPassword(await publicKey(s.app), TEST_ADMIN_PASSWORD),
      }),
    );
    expect(off.status).toBe('succeeded');
    expect(await readBackOf(off.id)).toEqual({ onOff: 0 });
    expect(inverter.parameters.onOff).toBe(0);
    const on = await outcome(await issue(inverter.sn, { kind: 'powerOn' }));
    expect(on.status).toBe('succeeded');
    expect(await readBackOf(on.id)).toEqual({ onOff: 1 });
    expect(inverter.parameters.onOff).toBe(1);
  });

  it('a value the inverter refuses is not confirmed and changes nothing', async () => {
    // Anti-backflow changes only while the inverter is off: the running inverter ignores the block.
    const inverter = inverters[0]!;
    const before = inverter.parameters.antiBackflow;
    const done = await outcome(await issue(inverter.sn, { kind: 'antiBackflow', value: before === 1 ? 2 : 1 }));
    expect(done).toMatchObject({ status: 'failed', reason: OSIM_COMMAND_REASONS.writeNotConfirmed });
    expect(inverter.parameters.antiBackflow).toBe(before);
  });

  it('refuses a parameter the OSIM layout does not carry, without writing', async () => {
    const inverter = inverters[0]!;
    const before = { ...inverter.parameters };
    const done = await outcome(
      await issue(inverter.sn, { kind: 'batteryType', value: before.batteryType === 1 ? 2 : 1 }),
    );
    expect(done).toMatchObject({ status: 'failed', reason: OSIM_COMMAND_REASONS.notInOsimLayout });
    expect(inverter.parameters).toEqual(before);
  });

  it('a device vanishing between the 95 read and the 66 write fails the command, nothing half-written', async () => {
    const inverter = inverters[1] ?? inverters[0]!;
    if (gateway.isConnected(inverter.sn)) {
      for (const d of devices.splice(0)) await d.close();
      await expect.poll(() => gateway.isConnected(inverter.sn), { timeout: 5000 }).toBe(false);
    }
    const device = new VanishingDevice({ host: '127.0.0.1', port: gateway.port, inverter, now: () => fleet.now });
    await connect(inverter, device);
    device.vanishOn66 = true;
    const before = { ...inverter.parameters };
    const done = await outcome(
      await issue(inverter.sn, { kind: 'socLowerLimitPct', value: before.socLowerLimitPct === 30 ? 40 : 30 }),
    );
    expect(done).toMatchObject({ status: 'failed', reason: OSIM_COMMAND_REASONS.disconnected });
    expect(inverter.parameters).toEqual(before);
    await expect.poll(() => gateway.isConnected(inverter.sn), { timeout: 5000 }).toBe(false);
  });
});
