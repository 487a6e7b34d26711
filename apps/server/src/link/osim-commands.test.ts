import { osimDeviceRecords } from '../features/devices/device-writes.service.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORCED_CHARGING_KEYS,
  SCALAR_PARAMETER_KEYS,
  TARIFF_MAX_PERIODS,
  TARIFF_PERIOD_COUNT_REGISTER,
  TARIFF_PRICE_REGISTERS,
  TARIFF_REGISTERS,
  type Command,
} from '@voltfleet/domain';
import {
  OSIM_FORCED_CHARGING_REGISTERS,
  OSIM_SCALAR_SETTINGS,
  OSIM_TARIFF_COUNT_REGISTER,
  OSIM_TARIFF_PRICES,
  OSIM_TARIFF_REGISTERS,
  OSIM_TARIFF_SLOTS,
  buildCommand,
  buildForcedChargeDischarge,
  commandCode,
  decodeFrame,
  decodeMessage,
  mergeBlock,
  resolveCommand,
  type OsimFrame,
} from '@voltfleet/osim';
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
import { OSIM_COMMAND_REASONS, blockOfSettings, executeOsimCommand, osimCommandLink } from './osim-commands.js';
import { OsimGateway } from './osim-gateway.js';
import { sweepCommands } from '../features/commands/lifecycle.repository.js';

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
    records: osimDeviceRecords(s.db),
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

async function connect(inverter: SimInverter, device?: OsimDevice, pcuVersion = 603): Promise<OsimDevice> {
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

describe('the OSIM settings table', () => {
  // @voltfleet/osim may not import the domain, so it spells the registers itself: a renamed register shows here.
  it('names the domain registers as the domain does', () => {
    expect(OSIM_TARIFF_REGISTERS).toEqual(TARIFF_REGISTERS);
    expect(OSIM_TARIFF_SLOTS).toBe(TARIFF_MAX_PERIODS);
    expect(OSIM_TARIFF_COUNT_REGISTER).toBe(TARIFF_PERIOD_COUNT_REGISTER);
    for (const price of OSIM_TARIFF_PRICES) expect(price.register).toBe(TARIFF_PRICE_REGISTERS[price.type]);
    expect(OSIM_FORCED_CHARGING_REGISTERS).toEqual(FORCED_CHARGING_KEYS);
    // onOff is the register of the power on/off commands; every other scalar is a SPEC §3 parameter.
    const { onOff, ...parameters } = OSIM_SCALAR_SETTINGS;
    expect(onOff.block).toBe('onOff');
    expect(SCALAR_PARAMETER_KEYS).toEqual(expect.arrayContaining(Object.keys(parameters)));
  });

  it.each([
    [
      { workMode: 2, tariffPeriodCount: 1 },
      { ok: true, block: 'operatingMode' },
    ],
    [{ forcedChargingMode: 0 }, { ok: true, block: 'forcedCharge' }],
    [
      { workMode: 2, batteryType: 1 },
      { ok: false, reason: 'mixedOsimBlocks' },
    ],
    [
      { onOff: 1, antiBackflow: 2 },
      { ok: false, reason: 'mixedOsimBlocks' },
    ],
    [
      { workMode: 2, weeklyForcedCharging: 1 },
      { ok: false, reason: 'notInOsimLayout' },
    ],
    [{}, { ok: false, reason: 'notInOsimLayout' }],
  ] as const)('the settings %j go to %j', (settings, expected) => {
    expect(blockOfSettings(settings)).toEqual(expected);
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

  it('syncs the clock with 68 and takes the time the inverter answers as the read-back', async () => {
    const inverter = inverters[0]!;
    const id = await issue(inverter.sn, { kind: 'clockSync' });
    const done = await outcome(id);
    expect(done).toMatchObject({ status: 'succeeded', reason: null });
    const { clockS } = done.parameters;
    expect(await readBackOf(id)).toEqual({ clockS });
    // The simulated inverter applies writes on the wall clock (osim-device.ts), so its clock is read on the wall clock.
    expect(Math.abs(inverter.clockS(Date.now()) - clockS!)).toBeLessThanOrEqual(5);
  });

  it('a confirmed reset (70) ends acknowledged, and the sweep does not time it out', async () => {
    const inverter = inverters[0]!;
    const id = await issue(inverter.sn, { kind: 'restart' });
    await expect.poll(async () => (await commandOf(id)).status, { timeout: 8000 }).toBe('acknowledged');
    expect((await commandOf(id)).finishedAt).not.toBeNull();
    // Even with no time allowed, a final acknowledgement is not a command that never got an answer.
    await sweepCommands(s.db, 0);
    expect((await commandOf(id)).status).toBe('acknowledged');
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

describe('every SPEC §3 setting over OSIM, real TCP', () => {
  let inverter: SimInverter;
  let device: OsimDevice;
  const connectionOf = () => gateway.connection(inverter.sn)!;
  /** The block `code` as the simulated inverter reports it now. */
  const blockOf = (code: string) => {
    for (const frame of device.replies(code, fleet.now)) {
      const decoded = decodeMessage(frame, 603);
      if (decoded.ok && decoded.value.payload?.command.code === code) return decoded.value.payload.values;
    }
    throw new Error(`no ${code} reply`);
  };

  beforeAll(async () => {
    inverter = inverters[2] ?? inverters[0]!;
    // expect.poll works only inside a test: wait by hand.
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i += 1) await new Promise((r) => setTimeout(r, 50));
      expect(done()).toBe(true);
    };
    for (const d of devices.splice(0)) await d.close();
    await until(() => !gateway.isConnected(inverter.sn));
    // It dials back after 69, which makes the inverter drop the connection.
    device = new OsimDevice({ host: '127.0.0.1', port: gateway.port, inverter, now: () => fleet.now, reconnectMs: 50 });
    devices.push(device);
    await device.start();
    await until(() => gateway.isConnected(inverter.sn));
  });

  it('battery type: 95 read, 69 written with the other four fields unchanged; the inverter drops the connection, dials back, 95 is read back', async () => {
    const first = gateway.connection(inverter.sn);
    // A field without a domain parameter, as the inverter holds it: it must survive the write-back.
    const raw = buildCommand(
      '69',
      { elecCode: 4, dcBatteryType: inverter.parameters.batteryType, ah: 150, batteryProtocol: 2, meterProtocol: 1 },
      603,
    );
    const rawFrame = raw.ok ? decodeFrame(raw.value) : null;
    expect(rawFrame?.ok && device.write(rawFrame.value, Date.now())).toHaveLength(1);
    const target = inverter.parameters.batteryType === 1 ? 2 : 1;
    const done = await outcome(await issue(inverter.sn, { kind: 'batteryType', value: target }));
    expect(done).toMatchObject({ status: 'succeeded', reason: null });
    expect(await readBackOf(done.id)).toEqual({ batteryType: target });
    expect(inverter.parameters.batteryType).toBe(target);
    expect(gateway.connection(inverter.sn)).not.toBe(first);
    expect(blockOf('95')).toMatchObject({
      dcBatteryType: target,
      elecCode: 4,
      ah: 150,
      batteryProtocol: 2,
      meterProtocol: 1,
    });
  });

  it('battery charge state through the 66 block', async () => {
    const target = inverter.parameters.batteryChargeState === 0 ? 1 : 0;
    const before = { ...inverter.parameters };
    const done = await outcome(await issue(inverter.sn, { kind: 'batteryChargeState', value: target }));
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(await readBackOf(done.id)).toEqual({ batteryChargeState: target });
    expect(inverter.parameters).toEqual({ ...before, batteryChargeState: target });
  });

  it.each([
    ['acCouplingPvSource', 'pvSourceChoice', 2],
    ['backupSupplyOrder', 'backUpOrder', 1],
  ] as const)('%s: 9D read, 6A written whole, 9D read back', async (kind, field, target) => {
    const before = { ...inverter.parameters };
    const done = await outcome(await issue(inverter.sn, { kind, value: target }));
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(await readBackOf(done.id)).toEqual({ [kind]: target });
    expect(inverter.parameters).toEqual({ ...before, [kind]: target });
    expect(blockOf('9D')[field]).toBe(target);
  });

  it('weekly forced charging: A2 read, 71 written whole, the domain registers decoded from A2', async () => {
    // The charge SOC limit has no domain parameter: set on the inverter, it survives the write.
    const rawA2 = blockOf('A2');
    const rawCommand = resolveCommand('71', 603);
    const merged = rawCommand.ok ? mergeBlock(rawCommand.value, rawA2, { fcSocLimit: 85 }) : null;
    const rawFrame = merged?.ok ? buildForcedChargeDischarge(merged.value, 603) : null;
    const decodedRaw = rawFrame?.ok ? decodeFrame(rawFrame.value) : null;
    expect(decodedRaw?.ok && device.write(decodedRaw.value, Date.now())).toHaveLength(1);
    const done = await outcome(
      await issue(inverter.sn, {
        kind: 'forcedCharging',
        forcedCharging: {
          mode: 2,
          chargeDays: [true, false, true, false, false, false, false],
          dischargeDays: [false, false, false, false, false, false, true],
          chargeStart: '01:00',
          chargeEnd: '03:30',
          dischargeStart: '18:00',
          dischargeEnd: '20:00',
        },
      }),
    );
    expect(done).toMatchObject({ status: 'succeeded', reason: null });
    const expected = {
      forcedChargingMode: 2,
      forcedChargeDays: 0b0000101,
      forcedDischargeDays: 0b1000000,
      forcedChargeStartMin: 60,
      forcedChargeEndMin: 210,
      forcedDischargeStartMin: 1080,
      forcedDischargeEndMin: 1200,
    };
    expect(await readBackOf(done.id)).toEqual(expected);
    expect(inverter.parameters).toMatchObject(expected);
    // Weekly travels as 3 on the wire and reads back as 2; the SOC limit was written back unchanged.
    expect(blockOf('A2')).toMatchObject({ fcOpen: 1, fcMonEnable: 2, fcWenEnable: 2, fdSunEnable: 2, fcSocLimit: 85 });
    const off = await outcome(
      await issue(inverter.sn, {
        kind: 'forcedCharging',
        forcedCharging: { mode: 0, chargeDays: Array(7).fill(false), dischargeDays: Array(7).fill(false) },
      }),
    );
    expect(off.status).toBe('succeeded');
    // Off is just the mode, as the domain writes it and an MQTT inverter reports it: no day is on the wire then.
    expect(await readBackOf(off.id)).toEqual({ forcedChargingMode: 0 });
    expect(inverter.parameters.forcedChargingMode).toBe(0);
  });

  it('tariff periods: 66 prices (0.1) and elecPrice records, read back from 95 as the same registers', async () => {
    const workMode = inverter.parameters.workMode;
    const done = await outcome(
      await issue(inverter.sn, {
        kind: 'tariffPeriods',
        tariff: {
          periods: [
            { type: 4, start: '00:00', end: '07:59', price: 0.35 },
            { type: 2, start: '08:00', end: '17:59', price: 1.2 },
            { type: 1, start: '18:00', end: '21:59', price: 1.85 },
            { type: 2, start: '22:00', end: '23:59', price: 1.2 },
          ],
        },
      }),
    );
    expect(done).toMatchObject({ status: 'succeeded', reason: null });
    expect(await readBackOf(done.id)).toEqual({
      tariffPriceSharpMilli: 1900,
      tariffPricePeakMilli: 1200,
      tariffPriceFlatMilli: 0,
      tariffPriceValleyMilli: 400,
      tariffPeriodCount: 4,
      tariffPeriod0Type: 4,
      tariffPeriod0StartMin: 0,
      tariffPeriod0EndMin: 479,
      tariffPeriod1Type: 2,
      tariffPeriod1StartMin: 480,
      tariffPeriod1EndMin: 1079,
      tariffPeriod2Type: 1,
      tariffPeriod2StartMin: 1080,
      tariffPeriod2EndMin: 1319,
      tariffPeriod3Type: 2,
      tariffPeriod3StartMin: 1320,
      tariffPeriod3EndMin: 1439,
    });
    expect(inverter.parameters).toMatchObject({
      tariffPeriodCount: 4,
      tariffPeriod2Type: 1,
      tariffPricePeakMilli: 1200,
    });
    expect(inverter.parameters.workMode).toBe(workMode);
  });

  it('keys of one block in one command are written in one 66 block; keys of two blocks are refused unwritten', async () => {
    const target = inverter.parameters.workMode === 2 ? 3 : 2;
    const together = await executeOsimCommand(connectionOf(), {
      commandId: 'mixed-1',
      type: 'setParameters',
      key: 'mixed',
      values: { workMode: target, tariffPriceFlatMilli: 800 },
    });
    expect(together).toEqual({
      ok: true,
      values: expect.objectContaining({ workMode: target, tariffPriceFlatMilli: 800 }),
    });
    expect(inverter.parameters).toMatchObject({ workMode: target, tariffPriceFlatMilli: 800 });
    const before = structuredClone(inverter.parameters);
    const answered = device.answered;
    const mixed = await executeOsimCommand(connectionOf(), {
      commandId: 'mixed-2',
      type: 'setParameters',
      key: 'mixed',
      values: { workMode: target === 2 ? 3 : 2, batteryType: before.batteryType === 1 ? 2 : 1 },
    });
    expect(mixed).toEqual({ ok: false, reason: OSIM_COMMAND_REASONS.mixedBlocks });
    expect(inverter.parameters).toEqual(before);
    expect(device.answered).toBe(answered);
  });

  it('a table the inverter refuses (no period: it keeps 1–10) is not confirmed and changes nothing', async () => {
    const before = structuredClone(inverter.parameters);
    const refused = await executeOsimCommand(connectionOf(), {
      commandId: 'refused-1',
      type: 'setParameters',
      key: 'tariffPeriods',
      values: { tariffPeriodCount: 0 },
    });
    expect(refused).toEqual({ ok: false, reason: OSIM_COMMAND_REASONS.writeNotConfirmed });
    expect(inverter.parameters).toEqual(before);
  });

  it('at PCU 258 (no 9D, no A2) the 6A and 71 settings are refused without writing', async () => {
    for (const d of devices.splice(0)) await d.close();
    await expect.poll(() => gateway.isConnected(inverter.sn), { timeout: 5000 }).toBe(false);
    const old = await connect(inverter, undefined, 258);
    expect(gateway.connection(inverter.sn)?.pcuVersion).toBe(258);
    const before = structuredClone(inverter.parameters);
    const answered = old.answered;
    const pv = await outcome(await issue(inverter.sn, { kind: 'acCouplingPvSource', value: 1 }));
    expect(pv).toMatchObject({ status: 'failed', reason: OSIM_COMMAND_REASONS.notInOsimLayout });
    const forced = await outcome(
      await issue(inverter.sn, {
        kind: 'forcedCharging',
        forcedCharging: {
          mode: 1,
          chargeDays: [false, false, false, false, true, false, false],
          dischargeDays: Array(7).fill(false),
          chargeStart: '02:00',
          chargeEnd: '04:00',
        },
      }),
    );
    expect(forced).toMatchObject({ status: 'failed', reason: OSIM_COMMAND_REASONS.notInOsimLayout });
    expect(inverter.parameters).toEqual(before);
    expect(old.answered).toBe(answered);
    // The 66 block exists at 258: the battery charge state still goes through.
    const charge = await outcome(await issue(inverter.sn, { kind: 'batteryChargeState', value: 2 }));
    expect(charge).toMatchObject({ status: 'succeeded' });
  });
});
