import { describe, expect, it } from 'vitest';
import { decodeFrame, fromHex, toHex, type OsimFrame } from './frame.js';
import {
  UPGRADE_CHUNK_BYTES,
  UPGRADE_RESULT_REPLY,
  buildUpgradeData,
  buildUpgradeResult,
  buildUpgradeRun,
  buildUpgradeStart,
  crc16Modbus,
  decodeUpgradeFrame,
  osimDspVersionParts,
  osimDspVersionText,
  osimVersionNumber,
  osimVersionText,
  upgradeChunks,
  upgradeStepOf,
} from './upgrade.js';
import type { OsimResult } from './errors.js';

const frameOf = (built: OsimResult<Uint8Array>): OsimFrame => {
  if (!built.ok) throw new Error(JSON.stringify(built.error));
  const frame = decodeFrame(built.value);
  if (!frame.ok) throw new Error(JSON.stringify(frame.error));
  return frame.value;
};

/** A deterministic test image whose CRC and length fill the fields' high bits. */
const image = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) & 0xff);

describe('CRC-16/MODBUS', () => {
  it.each([
    ['313233343536373839', 0x4b37], // the catalogue check value of "123456789"
    ['', 0xffff],
    ['00', 0x40bf],
  ])('crc of %s is %i', (hex, crc) => {
    const bytes = fromHex(hex);
    if (!bytes.ok) throw new Error('bad hex');
    expect(crc16Modbus(bytes.value)).toBe(crc);
  });
});

describe('upgrade frames', () => {
  it('builds the PCU start request byte for byte and the device answer 0000', () => {
    const start = buildUpgradeStart('PCU', image(10), 603);
    expect(start.ok && toHex(start.value)).toBe('fe 55 64 14 20 00 02 00 00 f6 ae');
    const result = buildUpgradeResult('0005', 603);
    expect(result.ok && toHex(result.value)).toBe('fe 55 14 64 00 00 02 00 05 d3 ae');
    expect(decodeUpgradeFrame(frameOf(result), 603)).toEqual({ ok: true, value: { step: 'result', code: '0005' } });
  });

  it.each([
    // PCU layout before 400: F000 carries a 2-byte length; from 400 a 4-byte one.
    [0, 40_000, 4],
    [399, 65_535, 4],
    [400, 70_000, 6],
    [603, 300_000, 6],
  ])('round-trips F000 for PCU version %i with a %i-byte image (%i data bytes)', (version, size, dataBytes) => {
    const bytes = image(size);
    const frame = frameOf(buildUpgradeRun('PCU', bytes, version));
    expect(frame.data.length).toBe(dataBytes);
    expect(decodeUpgradeFrame(frame, version)).toEqual({
      ok: true,
      value: { step: 'runPcu', lengthBytes: size, crc: crc16Modbus(bytes) },
    });
  });

  it('refuses an image too long for the F000 length field of the device version', () => {
    const built = buildUpgradeRun('PCU', image(65_536), 321);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.error).toMatchObject({ code: 'OUT_OF_RANGE', field: 'upgradedApplicationLength' });
  });

  it('carries a CRC above 0x7FFF (typed signed in the tables) unchanged', () => {
    // Find a size whose CRC has the top bit set, then check it survives both layouts.
    const size = Array.from({ length: 100 }, (_, i) => 100 + i).find((n) => crc16Modbus(image(n)) > 0x7fff);
    if (size === undefined) throw new Error('no test image with a high CRC');
    const bytes = image(size);
    for (const version of [0, 603]) {
      const decoded = decodeUpgradeFrame(frameOf(buildUpgradeRun('PCU', bytes, version)), version);
      expect(decoded.ok && decoded.value).toMatchObject({ crc: crc16Modbus(bytes) });
    }
    const dsp = decodeUpgradeFrame(frameOf(buildUpgradeRun('DSP', bytes, 603)), 603);
    expect(dsp.ok && dsp.value).toMatchObject({ crc: crc16Modbus(bytes) });
  });

  it('round-trips the DSP sequence: 1000 and E000 carry the first four bytes of the bin', () => {
    const bytes = Uint8Array.from([0x00, 0x3f, 0x80, 0x12, ...image(500)]);
    const start = decodeUpgradeFrame(frameOf(buildUpgradeStart('DSP', bytes, 603)), 603);
    expect(start).toEqual({ ok: true, value: { step: 'startDsp', head: '003f8012' } });
    const run = decodeUpgradeFrame(frameOf(buildUpgradeRun('DSP', bytes, 603)), 603);
    expect(run).toEqual({
      ok: true,
      value: { step: 'runDsp', address: '003f8012', lengthBytes: 504, crc: crc16Modbus(bytes) },
    });
    expect(buildUpgradeStart('DSP', Uint8Array.from([1, 2, 3]), 603).ok).toBe(false);
  });

  it.each([
    [0, false],
    [1, true],
    [UPGRADE_CHUNK_BYTES, true],
    [255, true],
    [256, false],
  ])('a 0001 data frame of %i bytes is built: %s', (size, built) => {
    const result = buildUpgradeData(image(size), 603);
    expect(result.ok).toBe(built);
    if (result.ok) {
      const decoded = decodeUpgradeFrame(frameOf(result), 603);
      expect(decoded.ok && decoded.value.step === 'data' && Array.from(decoded.value.part)).toEqual(
        Array.from(image(size)),
      );
    }
  });

  it('tells upgrade frames from OSIM frames and files the answer under 00', () => {
    expect(upgradeStepOf({ command: 0x0000 })).toBe('result');
    expect(upgradeStepOf({ command: 0x0001 })).toBe('data');
    expect(upgradeStepOf({ command: 0xf000 })).toBe('runPcu');
    expect(upgradeStepOf({ command: 0x9800 })).toBeUndefined();
    expect(upgradeStepOf({ command: 0x0a00 })).toBeUndefined();
    expect(UPGRADE_RESULT_REPLY).toBe('00');
  });

  it.each([
    [
      'an OSIM command',
      { source: 0x14, destination: 0x64, command: 0x9800, data: new Uint8Array(0) },
      'UNKNOWN_COMMAND',
    ],
    [
      'a result without data',
      { source: 0x14, destination: 0x64, command: 0x0000, data: new Uint8Array(0) },
      'FIELD_OVERRUN',
    ],
    [
      'a result with a byte too many',
      { source: 0x14, destination: 0x64, command: 0x0000, data: new Uint8Array(3) },
      'LENGTH_MISMATCH',
    ],
    [
      'an empty data frame',
      { source: 0x64, destination: 0x14, command: 0x0001, data: new Uint8Array(0) },
      'MISSING_FIELD',
    ],
    ['a short F000', { source: 0x64, destination: 0x14, command: 0xf000, data: new Uint8Array(3) }, 'FIELD_OVERRUN'],
  ])('refuses %s with a precise error', (_name, frame: OsimFrame, code) => {
    const decoded = decodeUpgradeFrame(frame, 603);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error.code).toBe(code);
  });

  it('cuts an image into parts that join back to it', () => {
    const bytes = image(1000);
    const parts = upgradeChunks(bytes, 128);
    expect(parts.map((p) => p.length)).toEqual([128, 128, 128, 128, 128, 128, 128, 104]);
    expect(parts.flatMap((p) => Array.from(p))).toEqual(Array.from(bytes));
    expect(upgradeChunks(bytes, 1000).map((p) => p.length)).toEqual([255, 255, 255, 235]);
    expect(upgradeChunks(new Uint8Array(0))).toEqual([]);
  });
});

describe('OSIM PCU version convention', () => {
  it.each([
    [603, '6.0.3'],
    [400, '4.0.0'],
    [0, '0.0.0'],
    [259, '2.5.9'],
    [1203, '12.0.3'],
  ])('%i is %s and back', (n, text) => {
    expect(osimVersionText(n)).toBe(text);
    expect(osimVersionNumber(text)).toBe(n);
  });

  it.each([
    ['4.10.0', undefined],
    ['4.0', undefined],
    ['v4.0.0', undefined],
    ['400.0.0', undefined],
  ])('%s has no OSIM number', (text, n) => {
    expect(osimVersionNumber(text)).toBe(n);
  });

  it.each([-1, 1.5, 0x8000])('%s is no version', (n) => {
    expect(osimVersionText(n)).toBeUndefined();
  });
});

describe('OSIM DSP version convention (0B dspHighVersion, dspLowVersion)', () => {
  it.each([
    [201, 0, 'V201A00D00'],
    [105, 103, 'V105A01D03'],
    [0, 0, 'V000A00D00'],
    [999, 9999, 'V999A99D99'],
  ])('%i and %i are %s and back', (high, low, text) => {
    expect(osimDspVersionText(high, low)).toBe(text);
    expect(osimDspVersionParts(text)).toEqual({ high, low });
  });

  it.each([
    [1000, 0],
    [-1, 0],
    [201, 10000],
    [201, -1],
    [201.5, 0],
  ])('%s and %s are no version', (high, low) => {
    expect(osimDspVersionText(high, low)).toBeUndefined();
  });

  it.each(['V201', 'V201A00D0', 'v201A00D00', '2.0.1', 'V2010A00D00'])('%s has no OSIM parts', (text) => {
    expect(osimDspVersionParts(text)).toBeUndefined();
  });
});
