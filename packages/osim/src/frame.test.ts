import { describe, expect, it } from 'vitest';
import type { OsimError } from './errors.js';
import { checksum, commandCode, commandNumber, decodeFrame, encodeFrame, fromHex, toHex } from './frame.js';

const hex = (text: string): Uint8Array => {
  const r = fromHex(text);
  if (!r.ok) throw new Error(`bad test hex ${text}`);
  return r.value;
};

describe('OSIM framing', () => {
  it('encodes the README example request for 0A', () => {
    const r = encodeFrame({ source: 0x64, destination: 0x14, command: 0x0a00, data: new Uint8Array(0) });
    expect(r.ok && toHex(r.value)).toBe('fe 55 64 14 0a 00 00 de ae');
  });

  it('decodes the README example request', () => {
    const r = decodeFrame(hex('fe 55 64 14 0a 00 00 de ae'));
    expect(r).toEqual({
      ok: true,
      value: { source: 0x64, destination: 0x14, command: 0x0a00, data: new Uint8Array(0) },
    });
  });

  it('computes the checksum as 0x0F xor every byte before it', () => {
    expect(checksum(hex('fe 55 64 14 0a 00 00'))).toBe(0xde);
    expect(checksum(new Uint8Array(0))).toBe(0x0f);
  });

  it('round-trips data of every length byte value', () => {
    for (const length of [0, 1, 2, 77, 254, 255]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff);
      const encoded = encodeFrame({ source: 0x14, destination: 0x64, command: 0x9500, data });
      expect(encoded.ok).toBe(true);
      if (!encoded.ok) continue;
      expect(encoded.value.length).toBe(length + 9);
      expect(decodeFrame(encoded.value)).toEqual({
        ok: true,
        value: { source: 0x14, destination: 0x64, command: 0x9500, data },
      });
    }
  });

  it('refuses data longer than the length byte can say, and bad header values', () => {
    const long = encodeFrame({ source: 0x64, destination: 0x14, command: 0x9500, data: new Uint8Array(256) });
    expect(long.ok || long.error.code).toBe('OUT_OF_RANGE');
    const badSource = encodeFrame({ source: 256, destination: 0x14, command: 0x9500, data: new Uint8Array(0) });
    expect(badSource.ok || badSource.error).toEqual({ code: 'INVALID_VALUE', field: 'source', value: '256' });
    const badCommand = encodeFrame({ source: 1, destination: 0x14, command: 0x10000, data: new Uint8Array(0) });
    expect(badCommand.ok || badCommand.error.code).toBe('INVALID_VALUE');
  });

  const malformed: [string, string, OsimError][] = [
    ['wrong first byte', 'ff 55 64 14 0a 00 00 de ae', { code: 'BAD_START', actual: 'ff 55' }],
    ['wrong second byte', 'fe 54 64 14 0a 00 00 de ae', { code: 'BAD_START', actual: 'fe 54' }],
    ['wrong end byte', 'fe 55 64 14 0a 00 00 de af', { code: 'BAD_END', actual: 0xaf }],
    ['wrong checksum', 'fe 55 64 14 0a 00 00 df ae', { code: 'BAD_CHECKSUM', expected: 0xde, actual: 0xdf }],
    ['empty input', '', { code: 'TRUNCATED', needed: 9, actual: 0 }],
    ['header cut short', 'fe 55 64 14 0a', { code: 'TRUNCATED', needed: 9, actual: 5 }],
    ['data cut short', 'fe 55 14 64 0a 00 04 01 02', { code: 'TRUNCATED', needed: 13, actual: 9 }],
    ['trailer missing', 'fe 55 64 14 0a 00 00 de', { code: 'TRUNCATED', needed: 9, actual: 8 }],
    [
      'more bytes than the length says',
      'fe 55 64 14 0a 00 00 00 de ae',
      { code: 'LENGTH_MISMATCH', declared: 0, actual: 1 },
    ],
  ];
  it.each(malformed)('reports %s precisely', (_name, bytes, error) => {
    expect(decodeFrame(hex(bytes))).toEqual({ ok: false, error });
  });

  it('maps table codes to command bytes and back', () => {
    expect(commandNumber('0A')).toBe(0x0a00);
    expect(commandNumber('98')).toBe(0x9800);
    expect(commandNumber('1000')).toBe(0x1000);
    expect(commandNumber('0001')).toBe(0x0001);
    expect(commandCode(0x0a00)).toBe('0A');
    expect(commandCode(0x0a01)).toBe('0A01');
    expect(commandCode(0x1000, 'upgrade')).toBe('1000');
  });

  it('parses hex text leniently and refuses non-hex', () => {
    expect(fromHex('FE:55 0x64,14\n0a')).toEqual({ ok: true, value: Uint8Array.from([0xfe, 0x55, 0x64, 0x14, 0x0a]) });
    expect(fromHex('fe 5').ok).toBe(false);
    expect(fromHex('zz').ok).toBe(false);
  });
});
