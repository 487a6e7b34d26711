import { describe, expect, test } from 'vitest';
import { testInverter } from '../test-support.js';
import { SimFirmware } from '../firmware-upgrade.js';
import type { DeviceCommand, FirmwareOrder } from '@voltfleet/domain/protocol';
import { inverterCommands, parseCommand } from './commands.js';

const WALL = Date.UTC(2025, 0, 15, 8, 0, 0);
const cmd = (c: Omit<DeviceCommand, 'commandId'>): DeviceCommand => ({ commandId: 'c1', ...c });

describe('inverterCommands', () => {
  test.each<[string, Record<string, number>, { ok: boolean; values?: Record<string, number>; reason?: string }]>([
    ['power off', { onOff: 0 }, { ok: true, values: { onOff: 0 } }],
    ['power on', { onOff: 1 }, { ok: true, values: { onOff: 1 } }],
    ['work mode 6', { workMode: 6 }, { ok: true, values: { workMode: 6 } }],
    ['work mode 5 refused', { workMode: 5 }, { ok: false, reason: 'notAllowed' }],
    ['battery charge state', { batteryChargeState: 0 }, { ok: true, values: { batteryChargeState: 0 } }],
    ['SOC lower limit 9 refused', { socLowerLimitPct: 9 }, { ok: false, reason: 'outOfRange' }],
    ['grid limit above rating refused', { gridConnectionLimitW: 10_001 }, { ok: false, reason: 'outOfRange' }],
    [
      'forced charging registers',
      { forcedChargingMode: 2, forcedChargeDays: 5, forcedChargeStartMin: 60, forcedChargeEndMin: 330 },
      {
        ok: true,
        values: { forcedChargingMode: 2, forcedChargeDays: 5, forcedChargeStartMin: 60, forcedChargeEndMin: 330 },
      },
    ],
    [
      'weekday mask above 127 refused',
      { forcedChargingMode: 2, forcedChargeDays: 128 },
      { ok: false, reason: 'outOfRange' },
    ],
    ['minute 1440 refused', { forcedChargeEndMin: 1440 }, { ok: false, reason: 'outOfRange' }],
    ['unknown register refused', { selfDestruct: 1 }, { ok: false, reason: 'unknownParameter' }],
    ['anti-backflow while on refused', { antiBackflow: 1 }, { ok: false, reason: 'inverterMustBeOff' }],
    [
      'anti-backflow with switching off',
      { onOff: 0, antiBackflow: 1 },
      { ok: true, values: { onOff: 0, antiBackflow: 1 } },
    ],
  ])('%s', (_name, values, answer) => {
    const inv = testInverter();
    const before = { ...inv.parameters };
    const result = inverterCommands(inv, () => WALL)(cmd({ type: 'setParameters', key: 'x', values }));
    expect(result).toEqual(answer);
    // A refused write changes nothing.
    if (!answer.ok) expect(inv.parameters).toEqual(before);
    else expect(inv.parameters).toMatchObject(answer.values!);
  });

  test('a refused register in a group leaves the others unwritten', () => {
    const inv = testInverter();
    const result = inverterCommands(inv)(
      cmd({ type: 'setParameters', key: 'x', values: { workMode: 2, socLowerLimitPct: 5 } }),
    );
    expect(result).toEqual({ ok: false, reason: 'outOfRange' });
    expect(inv.parameters.workMode).toBe(1);
  });

  test('restart reports a fresh uptime; clock sync reads the clock back', () => {
    const inv = testInverter();
    const run = inverterCommands(inv, () => WALL);
    expect(run(cmd({ type: 'remote', key: 'restart' }))).toEqual({ ok: true, values: { uptimeS: 0 } });
    expect(inv.uptimeS(WALL + 5000)).toBe(5);
    expect(inv.clockS(WALL)).toBe(WALL / 1000 - 90);
    expect(run(cmd({ type: 'remote', key: 'clockSync', value: WALL / 1000 }))).toEqual({
      ok: true,
      values: { clockS: WALL / 1000 },
    });
    expect(run(cmd({ type: 'remote', key: 'clockSync' }))).toEqual({ ok: false, reason: 'outOfRange' });
    expect(run(cmd({ type: 'remote', key: 'selfDestruct' }))).toEqual({ ok: false, reason: 'unknownCommand' });
  });
});

function order(over: Partial<Record<keyof FirmwareOrder, unknown>> = {}): Record<string, unknown> {
  return { imageId: 3, kind: 'PCU', family: '10K', version: '4.1.0', sha256: 'ab'.repeat(32), ...over };
}

describe('firmware upgrade command', () => {
  const upgrade = (over: Partial<Record<keyof FirmwareOrder, unknown>> = {}) =>
    cmd({ type: 'firmwareUpgrade', key: 'firmwareUpgrade', firmware: order(over) as unknown as FirmwareOrder });

  test.each<[string, number, Partial<Record<keyof FirmwareOrder, unknown>>, { ok: boolean; reason?: string }]>([
    ['refused while on', 1, {}, { ok: false, reason: 'notShutDown' }],
    ['refused for another family', 0, { family: '5K' }, { ok: false, reason: 'familyMismatch' }],
    ['refused for a malformed version', 0, { kind: 'DSP', version: 'V201' }, { ok: false, reason: 'badVersion' }],
    ['accepted when off and of its family', 0, {}, { ok: true }],
  ])('%s', (_name, onOff, over, answer) => {
    const inv = testInverter({ parameters: { onOff: onOff as 0 | 1 } });
    const firmware = new SimFirmware(inv, 60_000);
    expect(inverterCommands(inv, () => WALL, firmware)(upgrade(over))).toEqual(answer);
    expect(firmware.restartingAt(WALL)).toBe(answer.ok);
  });

  test('restarts, then comes back on the new version; without firmware support it is refused', () => {
    const inv = testInverter({ parameters: { onOff: 0 } });
    const firmware = new SimFirmware(inv, 60_000);
    inverterCommands(inv, () => WALL, firmware)(upgrade());
    expect(firmware.tick(WALL + 59_999)).toBe(false);
    expect(inv.pcuVersion).toBe('4.0.0');
    expect(firmware.tick(WALL + 60_000)).toBe(true);
    expect(inv.pcuVersion).toBe('4.1.0');
    expect(inverterCommands(inv, () => WALL)(upgrade())).toEqual({ ok: false, reason: 'unsupported' });
  });
});

describe('parseCommand', () => {
  test.each<[unknown, boolean]>([
    [{ commandId: 'a', type: 'setParameters', key: 'workMode', values: { workMode: 2 } }, true],
    [{ commandId: 'a', type: 'remote', key: 'restart' }, true],
    [{ commandId: 'a', type: 'setParameters', key: 'workMode', values: { workMode: '2' } }, false],
    [{ commandId: 'a', type: 'setParameters', key: 'workMode', values: [1] }, false],
    [{ commandId: 'a', type: 'explode', key: 'x' }, false],
    [{ commandId: 'a', type: 'firmwareUpgrade', key: 'firmwareUpgrade', firmware: order() }, true],
    [{ commandId: 'a', type: 'firmwareUpgrade', key: 'firmwareUpgrade' }, false],
    [{ commandId: 'a', type: 'firmwareUpgrade', key: 'firmwareUpgrade', firmware: order({ kind: 'MCU' }) }, false],
    [{ commandId: 'a', type: 'firmwareUpgrade', key: 'firmwareUpgrade', firmware: order({ sha256: 'x' }) }, false],
    [{ commandId: 'a', type: 'firmwareUpgrade', key: 'firmwareUpgrade', firmware: order({ version: '' }) }, false],
  ])('%o → %s', (payload, valid) => {
    expect(parseCommand(Buffer.from(JSON.stringify(payload))) !== null).toBe(valid);
  });
});
