import { describe, expect, it } from 'vitest';
import { FORCED_CHARGING_KEYS, SCALAR_PARAMETER_KEYS } from '@voltfleet/domain/commands';
import {
  TARIFF_MAX_PERIODS,
  TARIFF_PERIOD_COUNT_REGISTER,
  TARIFF_PRICE_REGISTERS,
  TARIFF_REGISTERS,
} from '@voltfleet/domain/tariffs';
import {
  OSIM_FORCED_CHARGING_REGISTERS,
  OSIM_SCALAR_SETTINGS,
  OSIM_TARIFF_COUNT_REGISTER,
  OSIM_TARIFF_PRICES,
  OSIM_TARIFF_REGISTERS,
  OSIM_TARIFF_SLOTS,
} from '@voltfleet/osim';
import { encryptPassword, publicKey, TEST_ADMIN_PASSWORD } from '../test/harness.js';
import { OSIM_COMMAND_REASONS, blockOfSettings } from './osim-commands.js';
import { sweepCommands } from '../features/commands/lifecycle.repository.js';

import {
  useOsimCommandWorld,
  VanishingDevice,
  s,
  gateway,
  fleet,
  inverters,
  devices,
  connect,
  issue,
  commandOf,
  readBackOf,
  outcome,
} from '../test/osim-command-world.js';

useOsimCommandWorld();

describe('the OSIM settings table', () => {
  // @voltfleet/osim may not import the domain, so it spells the registers itself: a renamed register shows here.
  it('names the domain registers as the domain does', () => {
    expect(OSIM_TARIFF_REGISTERS).toEqual(TARIFF_REGISTERS);
    expect(OSIM_TARIFF_SLOTS).toBe(TARIFF_MAX_PERIODS);
    expect(OSIM_TARIFF_COUNT_REGISTER).toBe(TARIFF_PERIOD_COUNT_REGISTER);
    for (const price of OSIM_TARIFF_PRICES) expect(price.register).toBe(TARIFF_PRICE_REGISTERS[price.type]);
    expect(OSIM_FORCED_CHARGING_REGISTERS).toEqual(FORCED_CHARGING_KEYS);
    // onOff is the register of the power on/off commands; every other scalar is a R3.7 parameter.
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
