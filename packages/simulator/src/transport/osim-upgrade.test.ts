import { describe, expect, test } from 'vitest';
import {
  UPGRADE_RESULTS,
  buildUpgradeData,
  buildUpgradeRun,
  buildUpgradeStart,
  decodeFrame,
  decodeUpgradeFrame,
  upgradeChunks,
  type OsimResult,
} from '@voltfleet/osim';
import type { UpgradeOrder } from '../firmware-upgrade.js';
import { MINUTE, testInverter } from '../test-support.js';
import { OsimUpgradeReceiver, readSimulatedImage, simulatedImage, type UpgradeFrameAnswer } from './osim-upgrade.js';

const T0 = Date.UTC(2024, 5, 10, 12);
const VERSION = 603;
const pcu: UpgradeOrder = { kind: 'PCU', family: '10K', version: '4.1.0' };
const dsp: UpgradeOrder = { kind: 'DSP', family: '10K', version: 'V210A00D00' };

const frame = (built: OsimResult<Uint8Array>) => {
  if (!built.ok) throw new Error(JSON.stringify(built.error));
  const decoded = decodeFrame(built.value);
  if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
  return decoded.value;
};

/** The result code of the device's 0000 answer. */
function resultOf(answer: UpgradeFrameAnswer): string | undefined {
  const [reply] = answer.replies;
  if (!reply || answer.replies.length !== 1) return undefined;
  const decoded = decodeUpgradeFrame(frame({ ok: true, value: reply }), VERSION);
  return decoded.ok && decoded.value.step === 'result' ? decoded.value.code : undefined;
}

function receiver(onOff: 0 | 1 = 0) {
  const inverter = testInverter({ startMs: T0 });
  expect(inverter.applyParameter('onOff', onOff)).toMatchObject({ ok: true });
  return { inverter, device: new OsimUpgradeReceiver(inverter, 5 * MINUTE) };
}

/** Start and data frames of an image, each answered; returns the run frame's answer. */
function send(device: OsimUpgradeReceiver, kind: 'PCU' | 'DSP', image: Uint8Array, run = image): UpgradeFrameAnswer {
  expect(resultOf(device.receive(frame(buildUpgradeStart(kind, image, VERSION)), VERSION, T0))).toBe('0000');
  for (const part of upgradeChunks(image, 100))
    expect(resultOf(device.receive(frame(buildUpgradeData(part, VERSION)), VERSION, T0))).toBe('0000');
  return device.receive(frame(buildUpgradeRun(kind, run, VERSION)), VERSION, T0);
}

describe('simulated firmware images', () => {
  test.each([pcu, dsp])('an image names its kind, family and version: %o', (order) => {
    const image = simulatedImage(order, 2048);
    expect(image.length).toBe(2048);
    expect(readSimulatedImage(image)).toEqual(order);
  });

  test('bytes without the tag are no simulated image', () => {
    expect(readSimulatedImage(Buffer.alloc(512, 7))).toBeUndefined();
  });
});

describe('the OSIM upgrade receiver of a simulated inverter', () => {
  test('a shut-down inverter takes a PCU image, restarts and reports the new version', () => {
    const { inverter, device } = receiver();
    const answer = send(device, 'PCU', simulatedImage(pcu, 3000));
    expect(resultOf(answer)).toBe(UPGRADE_RESULTS.ok);
    expect(answer.restartMs).toBe(5 * MINUTE);
    expect(device.firmware.restartingAt(T0 + MINUTE)).toBe(true);
    expect(inverter.pcuVersion).toBe('4.0.0');
    expect(device.finishRestart(T0 + 5 * MINUTE)).toBe(410);
    expect(inverter.pcuVersion).toBe('4.1.0');
  });

  test('a DSP image changes the DSP version and leaves the OSIM PCU version alone', () => {
    const { inverter, device } = receiver();
    const answer = send(device, 'DSP', simulatedImage(dsp, 1500));
    expect(resultOf(answer)).toBe(UPGRADE_RESULTS.ok);
    expect(device.finishRestart(T0 + 5 * MINUTE)).toBeUndefined();
    expect(inverter.dspVersion).toBe('V210A00D00');
    expect(inverter.pcuVersion).toBe('4.0.0');
  });

  test('a running inverter refuses the start', () => {
    const { device } = receiver(1);
    const start = device.receive(frame(buildUpgradeStart('PCU', simulatedImage(pcu), VERSION)), VERSION, T0);
    expect(resultOf(start)).toBe(UPGRADE_RESULTS.notShutDown);
    const data = device.receive(frame(buildUpgradeData(Uint8Array.of(1, 2), VERSION)), VERSION, T0);
    expect(resultOf(data)).toBe(UPGRADE_RESULTS.outOfSequence);
  });

  test.each<[string, UpgradeOrder, string]>([
    ['a 5K image', { ...pcu, family: '5K' }, UPGRADE_RESULTS.familyMismatch],
    ['a version 98 cannot report', { ...pcu, version: '4.10.0' }, UPGRADE_RESULTS.badImage],
  ])('refuses %s after the transfer, without restarting', (_name, order, code) => {
    const { inverter, device } = receiver();
    const answer = send(device, 'PCU', simulatedImage(order, 1000));
    expect(resultOf(answer)).toBe(code);
    expect(answer.restartMs).toBeUndefined();
    expect(inverter.pcuVersion).toBe('4.0.0');
  });

  test('a CRC or length that does not match the received bytes is refused', () => {
    const { inverter, device } = receiver();
    const image = simulatedImage(pcu, 1000);
    const corrupt = Buffer.from(image);
    corrupt[500] = (corrupt[500]! + 1) & 0xff;
    expect(resultOf(send(device, 'PCU', image, corrupt))).toBe(UPGRADE_RESULTS.crcMismatch);
    expect(resultOf(send(device, 'PCU', image, image.subarray(0, 999)))).toBe(UPGRADE_RESULTS.lengthMismatch);
    expect(inverter.pcuVersion).toBe('4.0.0');
  });

  test('a connection lost mid-transfer drops the half image: the run frame after it is out of sequence', () => {
    const { inverter, device } = receiver();
    const image = simulatedImage(pcu, 1000);
    device.receive(frame(buildUpgradeStart('PCU', image, VERSION)), VERSION, T0);
    device.receive(frame(buildUpgradeData(image.subarray(0, 200), VERSION)), VERSION, T0);
    device.abort();
    const run = device.receive(frame(buildUpgradeRun('PCU', image, VERSION)), VERSION, T0);
    expect(resultOf(run)).toBe(UPGRADE_RESULTS.outOfSequence);
    expect(device.finishRestart(T0 + 10 * MINUTE)).toBeUndefined();
    expect(inverter.pcuVersion).toBe('4.0.0');
  });
});
