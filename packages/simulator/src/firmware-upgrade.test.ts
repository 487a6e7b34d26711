import { describe, expect, test } from 'vitest';
import { SimFirmware, type UpgradeOrder } from './firmware-upgrade.js';
import { MINUTE, testInverter } from './test-support.js';

const T0 = Date.UTC(2024, 5, 10, 12);
const pcu: UpgradeOrder = { kind: 'PCU', family: '10K', version: '4.1.0' };

function shutDownInverter() {
  const inverter = testInverter({ startMs: T0 });
  expect(inverter.applyParameter('onOff', 0)).toMatchObject({ ok: true });
  return inverter;
}

describe('SimFirmware', () => {
  test.each<[string, UpgradeOrder, boolean, string]>([
    ['a running inverter', pcu, false, 'notShutDown'],
    ['a 5K image on a 10K', { ...pcu, family: '5K' }, true, 'familyMismatch'],
    ['a DSP image with a PCU version', { kind: 'DSP', family: '10K', version: '4.1.0' }, true, 'badVersion'],
  ])('refuses %s with a reason', (_name, order, shutDown, reason) => {
    const inverter = shutDown ? shutDownInverter() : testInverter({ startMs: T0 });
    const firmware = new SimFirmware(inverter, 5 * MINUTE);
    expect(firmware.start(order, T0)).toEqual({ ok: false, reason });
    expect(inverter.pcuVersion).toBe('4.0.0');
  });

  test('a shut-down inverter restarts for the configured time and comes back with the new PCU version', () => {
    const inverter = shutDownInverter();
    const firmware = new SimFirmware(inverter, 5 * MINUTE);
    expect(firmware.start(pcu, T0)).toEqual({ ok: true, restartUntilMs: T0 + 5 * MINUTE });
    expect(firmware.restartingAt(T0 + MINUTE)).toBe(true);
    expect(firmware.start({ kind: 'DSP', family: '10K', version: 'V210A00D00' }, T0 + MINUTE)).toEqual({
      ok: false,
      reason: 'restarting',
    });
    expect(firmware.tick(T0 + 4 * MINUTE)).toBe(false);
    expect(inverter.pcuVersion).toBe('4.0.0');
    expect(firmware.tick(T0 + 5 * MINUTE)).toBe(true);
    expect(inverter.pcuVersion).toBe('4.1.0');
    expect(inverter.dspVersion).toBe('V201A00D00');
    expect(firmware.restartingAt(T0 + 5 * MINUTE)).toBe(false);
    expect(firmware.tick(T0 + 6 * MINUTE)).toBe(false);
  });

  test('a DSP image changes only the DSP version; the default wait is R9.2 20 minutes', () => {
    const inverter = shutDownInverter();
    const firmware = new SimFirmware(inverter);
    expect(firmware.start({ kind: 'DSP', family: '10K', version: 'V210A00D00' }, T0)).toEqual({
      ok: true,
      restartUntilMs: T0 + 20 * MINUTE,
    });
    firmware.tick(T0 + 20 * MINUTE);
    expect([inverter.pcuVersion, inverter.dspVersion]).toEqual(['4.0.0', 'V210A00D00']);
  });
});
