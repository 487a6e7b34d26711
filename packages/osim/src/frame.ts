// OSIM framing: FE 55 | src | dst | cmd (2 bytes) | len | data | checksum | AE.
import { fail, ok, type OsimResult } from './errors.js';

export const FRAME_START = [0xfe, 0x55] as const;
export const FRAME_END = 0xae;
/** Header (start, src, dst, cmd, len) plus trailer (checksum, end). */
export const FRAME_OVERHEAD = 9;
export const MAX_DATA_LENGTH = 255;
/** The cloud or app (request source). */
export const ADDRESS_CLOUD = 0x64;
/** The inverter (request destination). */
export const ADDRESS_INVERTER = 0x14;

export interface OsimFrame {
  readonly source: number;
  readonly destination: number;
  /** The two command bytes, big-endian: OSIM command 0x0A is 0x0A00, upgrade command 1000 is 0x1000. */
  readonly command: number;
  readonly data: Uint8Array;
}

/** The 16-bit command of a table code: `0A` → 0x0A00, `1000` → 0x1000. */
export function commandNumber(code: string): number {
  const n = Number.parseInt(code, 16);
  return code.length <= 2 ? n << 8 : n;
}

/** The table code of a 16-bit command: 0x0A00 → `0A`, 0x1000 → `1000` (low byte set or no OSIM code → 4 digits). */
export function commandCode(command: number, family: 'osim' | 'upgrade' = 'osim'): string {
  const four = command.toString(16).toUpperCase().padStart(4, '0');
  return family === 'osim' && (command & 0xff) === 0 ? four.slice(0, 2) : four;
}

/** 0x0F XOR every byte before the checksum. */
export function checksum(bytes: Uint8Array, end = bytes.length): number {
  let sum = 0x0f;
  for (let i = 0; i < end; i += 1) sum ^= bytes[i] ?? 0;
  return sum;
}

const isByte = (n: number) => Number.isInteger(n) && n >= 0 && n <= 0xff;

export function encodeFrame(frame: OsimFrame): OsimResult<Uint8Array> {
  if (!isByte(frame.source)) return fail({ code: 'INVALID_VALUE', field: 'source', value: String(frame.source) });
  if (!isByte(frame.destination))
    return fail({ code: 'INVALID_VALUE', field: 'destination', value: String(frame.destination) });
  if (!Number.isInteger(frame.command) || frame.command < 0 || frame.command > 0xffff)
    return fail({ code: 'INVALID_VALUE', field: 'command', value: String(frame.command) });
  if (frame.data.length > MAX_DATA_LENGTH)
    return fail({
      code: 'OUT_OF_RANGE',
      field: 'data',
      value: String(frame.data.length),
      range: `0–${MAX_DATA_LENGTH}`,
    });
  const out = new Uint8Array(FRAME_OVERHEAD + frame.data.length);
  out[0] = FRAME_START[0];
  out[1] = FRAME_START[1];
  out[2] = frame.source;
  out[3] = frame.destination;
  out[4] = frame.command >> 8;
  out[5] = frame.command & 0xff;
  out[6] = frame.data.length;
  out.set(frame.data, 7);
  const at = 7 + frame.data.length;
  out[at] = checksum(out, at);
  out[at + 1] = FRAME_END;
  return ok(out);
}

/** Decodes exactly one frame (the whole input). */
export function decodeFrame(bytes: Uint8Array): OsimResult<OsimFrame> {
  if ((bytes.length >= 1 && bytes[0] !== FRAME_START[0]) || (bytes.length >= 2 && bytes[1] !== FRAME_START[1]))
    return fail({ code: 'BAD_START', actual: toHex(bytes.subarray(0, 2)) });
  if (bytes.length < 7) return fail({ code: 'TRUNCATED', needed: Math.max(FRAME_OVERHEAD, 7), actual: bytes.length });
  const declared = bytes[6] ?? 0;
  const total = FRAME_OVERHEAD + declared;
  if (bytes.length < total) return fail({ code: 'TRUNCATED', needed: total, actual: bytes.length });
  if (bytes.length > total) return fail({ code: 'LENGTH_MISMATCH', declared, actual: bytes.length - FRAME_OVERHEAD });
  const end = bytes[total - 1] ?? 0;
  if (end !== FRAME_END) return fail({ code: 'BAD_END', actual: end });
  const expected = checksum(bytes, total - 2);
  const actual = bytes[total - 2] ?? 0;
  if (expected !== actual) return fail({ code: 'BAD_CHECKSUM', expected, actual });
  return ok({
    source: bytes[2] ?? 0,
    destination: bytes[3] ?? 0,
    command: ((bytes[4] ?? 0) << 8) | (bytes[5] ?? 0),
    data: bytes.slice(7, 7 + declared),
  });
}

export function toHex(bytes: Uint8Array, separator = ' '): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(separator);
}

/** Parses hex text (spaces, colons, commas, `0x` prefixes and line breaks allowed). */
export function fromHex(text: string): OsimResult<Uint8Array> {
  const clean = text.replace(/0x/gi, '').replace(/[\s,:;-]+/g, '');
  if (!/^[0-9a-fA-F]*$/.test(clean) || clean.length % 2 !== 0)
    return fail({ code: 'INVALID_VALUE', field: 'hex', value: text.length > 40 ? `${text.slice(0, 40)}…` : text });
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return ok(out);
}
