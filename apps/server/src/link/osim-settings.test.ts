import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCommand,
  buildForcedChargeDischarge,
  decodeFrame,
  decodeMessage,
  mergeBlock,
  resolveCommand,
} from '@voltfleet/osim';
import { OsimDevice, type SimInverter } from '@voltfleet/simulator';
import { OSIM_COMMAND_REASONS, executeOsimCommand } from './osim-commands.js';

import {
  useOsimCommandWorld,
  gateway,
  fleet,
  inverters,
  devices,
  connect,
  issue,
  readBackOf,
  outcome,
} from '../test/osim-command-world.js';

useOsimCommandWorld();

describe('every R3.7 setting over OSIM, real TCP', () => {
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
