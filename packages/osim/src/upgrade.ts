// Firmware upgrade frames (docs/protocol.md, "OSIM firmware upgrade"): PCU 2000 → 0001… → F000, DSP 1000 → 0001… →
// E000, each step answered by the device with 0000 (the result). The layouts are the upgrade tables of the registry;
// the conventions the reference leaves open (CRC algorithm, chunk size, result codes, version form) are ours.
import { decodePayload, encodePayload, type OsimInput } from './codec.js';
import { fail, ok, type OsimResult } from './errors.js';
import {
  ADDRESS_CLOUD,
  ADDRESS_INVERTER,
  MAX_DATA_LENGTH,
  commandCode,
  commandNumber,
  encodeFrame,
  type OsimFrame,
} from './frame.js';
import type { FieldDef } from './layout.js';
import { resolveUpgradeCommand } from './registry.js';
import type { Direction } from './messages.js';

/** The upgrade commands by role (table codes). */
export const UPGRADE_COMMANDS = {
  result: '0000',
  startDsp: '1000',
  runDsp: 'E000',
  startPcu: '2000',
  runPcu: 'F000',
  data: '0001',
} as const;
export type UpgradeStep = keyof typeof UPGRADE_COMMANDS;

/** What an image programs: the control board (PCU) or the power stage's signal processor (DSP). */
export type UpgradeTarget = 'PCU' | 'DSP';

/** Largest part of an image one 0001 frame can carry: the frame's one-byte length field. */
export const UPGRADE_DATA_MAX_BYTES = MAX_DATA_LENGTH;
/** Our chunk size: 128 bytes per 0001 frame (a power of two under the 255-byte limit). */
export const UPGRADE_CHUNK_BYTES = 128;

/**
 * Result codes of 0000 (the reference gives only "upgrade result, 2-byte hex"): 0000 accepted, anything else a
 * failure. The others are the simulator's codes; a real inverter's own codes are stored as they come.
 */
export const UPGRADE_RESULTS = {
  ok: '0000',
  notShutDown: '0001',
  familyMismatch: '0002',
  badImage: '0003',
  lengthMismatch: '0004',
  crcMismatch: '0005',
  outOfSequence: '0006',
  restarting: '0007',
} as const;

const STEP_BY_NUMBER: ReadonlyMap<number, UpgradeStep> = new Map(
  (Object.entries(UPGRADE_COMMANDS) as [UpgradeStep, string][]).map(([step, code]) => [commandNumber(code), step]),
);

/** The upgrade step of a frame, or undefined for an ordinary OSIM frame (no OSIM code uses these numbers). */
export function upgradeStepOf(frame: Pick<OsimFrame, 'command'>): UpgradeStep | undefined {
  return STEP_BY_NUMBER.get(frame.command);
}

/** The key under which a frame reader's command code (`commandCode`) files the device's 0000 answer: `00`. */
export const UPGRADE_RESULT_REPLY = commandCode(commandNumber(UPGRADE_COMMANDS.result));

/** CRC-16/MODBUS (polynomial 0x8005 reflected, initial 0xFFFF, no final XOR): our choice, the reference names none. */
export function crc16Modbus(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** The tables type lengths and CRCs as signed `int`: an unsigned value travels as its two's complement. */
function signedFor(field: FieldDef | undefined, value: number): number {
  if (!field || field.type === 'uInt') return value;
  const bits = field.byteLen * 8;
  // Too large even unsigned: left as it is, so the encoder reports it out of range.
  return value >= 2 ** (bits - 1) && value < 2 ** bits ? value - 2 ** bits : value;
}

function unsignedFor(field: FieldDef | undefined, value: number): number {
  if (!field || value >= 0) return value;
  return value + 2 ** (field.byteLen * 8);
}

function build(code: string, values: OsimInput, pcuVersion: number, direction: Direction): OsimResult<Uint8Array> {
  const command = resolveUpgradeCommand(code, pcuVersion);
  if (!command.ok) return command;
  const signed: Record<string, OsimInput[string]> = { ...values };
  for (const field of command.value.fields) {
    const value = values[field.key];
    if (typeof value === 'number') signed[field.key] = signedFor(field, value);
  }
  const data = encodePayload(command.value, signed);
  if (!data.ok) return data;
  const request = direction === 'request';
  return encodeFrame({
    source: request ? ADDRESS_CLOUD : ADDRESS_INVERTER,
    destination: request ? ADDRESS_INVERTER : ADDRESS_CLOUD,
    command: commandNumber(code),
    data: data.value,
  });
}

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The first four bytes of an image: 1000's "fixed content in bin" and E000's "main function address" (DSP). */
function head(image: Uint8Array): OsimResult<string> {
  if (image.length < 4)
    return fail({ code: 'OUT_OF_RANGE', field: 'image', value: String(image.length), range: '≥ 4' });
  return ok(hexOf(image.subarray(0, 4)));
}

/** The frame that opens an upgrade: 2000 (PCU, fixed 0000) or 1000 (DSP, the image's first four bytes). */
export function buildUpgradeStart(target: UpgradeTarget, image: Uint8Array, pcuVersion: number) {
  if (target === 'PCU') return build(UPGRADE_COMMANDS.startPcu, { fixedContent0000: '0000' }, pcuVersion, 'request');
  const first = head(image);
  if (!first.ok) return first;
  return build(UPGRADE_COMMANDS.startDsp, { fixedContentInBin: first.value }, pcuVersion, 'request');
}

/** One 0001 frame with the next part of the image (1–255 bytes). */
export function buildUpgradeData(part: Uint8Array, pcuVersion: number): OsimResult<Uint8Array> {
  if (part.length === 0 || part.length > UPGRADE_DATA_MAX_BYTES)
    return fail({
      code: 'OUT_OF_RANGE',
      field: 'partOfData',
      value: String(part.length),
      range: `1–${UPGRADE_DATA_MAX_BYTES}`,
    });
  return build(UPGRADE_COMMANDS.data, { partOfData: hexOf(part) }, pcuVersion, 'request');
}

/**
 * The frame that ends an upgrade with the whole image's length and CRC: F000 (PCU; a 2-byte length before layout
 * 400, 4 bytes from 400) or E000 (DSP, with the main function address = the image's first four bytes).
 */
export function buildUpgradeRun(target: UpgradeTarget, image: Uint8Array, pcuVersion: number) {
  const summary = { upgradedApplicationLength: image.length, upgradedApplicationCRC: crc16Modbus(image) };
  if (target === 'PCU') return build(UPGRADE_COMMANDS.runPcu, summary, pcuVersion, 'request');
  const first = head(image);
  if (!first.ok) return first;
  return build(UPGRADE_COMMANDS.runDsp, { mainFunctionAddress: first.value, ...summary }, pcuVersion, 'request');
}

/** The device's answer 0000 with a 2-byte result code (four hex digits, `0000` = accepted). */
export function buildUpgradeResult(code: string, pcuVersion: number): OsimResult<Uint8Array> {
  return build(UPGRADE_COMMANDS.result, { upgradeResult: code }, pcuVersion, 'reply');
}

/** An upgrade frame's content. */
export type UpgradeMessage =
  | { readonly step: 'result'; readonly code: string }
  | { readonly step: 'startPcu' }
  | { readonly step: 'startDsp'; readonly head: string }
  | { readonly step: 'data'; readonly part: Uint8Array }
  | { readonly step: 'runPcu'; readonly lengthBytes: number; readonly crc: number }
  | { readonly step: 'runDsp'; readonly address: string; readonly lengthBytes: number; readonly crc: number };

/** Decodes an upgrade frame by the layout of the device's PCU version. */
export function decodeUpgradeFrame(frame: OsimFrame, pcuVersion: number): OsimResult<UpgradeMessage> {
  const step = upgradeStepOf(frame);
  const code = commandCode(frame.command, 'upgrade');
  if (!step) return fail({ code: 'UNKNOWN_COMMAND', command: code, version: pcuVersion });
  if (step === 'data') {
    if (frame.data.length === 0) return fail({ code: 'MISSING_FIELD', field: 'partOfData' });
    return ok({ step, part: frame.data.slice() });
  }
  const command = resolveUpgradeCommand(code, pcuVersion);
  if (!command.ok) return command;
  const payload = decodePayload(command.value, frame.data);
  if (!payload.ok) return payload;
  if (payload.value.trailingBytes > 0)
    return fail({
      code: 'LENGTH_MISMATCH',
      declared: frame.data.length - payload.value.trailingBytes,
      actual: frame.data.length,
    });
  const values = payload.value.values;
  const field = (key: string) => command.value.fields.find((f) => f.key === key);
  const number = (key: string) => unsignedFor(field(key), Number(values[key]));
  const text = (key: string) => String(values[key]);
  switch (step) {
    case 'result':
      return ok({ step, code: text('upgradeResult') });
    case 'startPcu':
      return ok({ step });
    case 'startDsp':
      return ok({ step, head: text('fixedContentInBin') });
    case 'runPcu':
      return ok({ step, lengthBytes: number('upgradedApplicationLength'), crc: number('upgradedApplicationCRC') });
    case 'runDsp':
      return ok({
        step,
        address: text('mainFunctionAddress'),
        lengthBytes: number('upgradedApplicationLength'),
        crc: number('upgradedApplicationCRC'),
      });
  }
}

/** The image cut into 0001 parts of `size` bytes (the last one shorter). */
export function upgradeChunks(image: Uint8Array, size = UPGRADE_CHUNK_BYTES): Uint8Array[] {
  const step = Math.min(Math.max(1, Math.floor(size)), UPGRADE_DATA_MAX_BYTES);
  const parts: Uint8Array[] = [];
  for (let at = 0; at < image.length; at += step) parts.push(image.subarray(at, at + step));
  return parts;
}

/**
 * Our convention for OSIM PCU versions (query 98 reports an integer): abc is the dotted version a.b.c of the
 * catalogue and the upgrade rules (603 → 6.0.3; the upgrade layout switch at 400 is R4.7 (d)'s 4.0.0). Undefined for
 * a negative or non-integer number.
 */
export function osimVersionText(version: number): string | undefined {
  if (!Number.isInteger(version) || version < 0 || version > 0x7fff) return undefined;
  return `${Math.floor(version / 100)}.${Math.floor(version / 10) % 10}.${version % 10}`;
}

/**
 * Our convention for the DSP version 0B reports as two integers (`dspHighVersion`, `dspLowVersion`): the high one is
 * the series number xxx of R4.7 (g)'s VxxxA00D00, the low one aadd its A and D parts (V201A00D00 = 201 and 0,
 * V105A01D03 = 105 and 103). Undefined for numbers that cannot be such a version.
 */
export function osimDspVersionText(high: number, low: number): string | undefined {
  if (!Number.isInteger(high) || !Number.isInteger(low) || high < 0 || high > 999 || low < 0 || low > 9999)
    return undefined;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `V${pad(high, 3)}A${pad(Math.floor(low / 100), 2)}D${pad(low % 100, 2)}`;
}

/** The two 0B integers of a DSP version of the form VxxxAaaDdd; undefined for any other form. */
export function osimDspVersionParts(text: string): { high: number; low: number } | undefined {
  const m = /^V(\d{3})A(\d{2})D(\d{2})$/.exec(text);
  if (!m) return undefined;
  return { high: Number(m[1]), low: Number(m[2]) * 100 + Number(m[3]) };
}

/** The OSIM integer of a dotted PCU version (6.0.3 → 603); undefined when OSIM cannot express it (e.g. 4.10.0). */
export function osimVersionNumber(text: string): number | undefined {
  const m = /^(\d{1,3})\.(\d)\.(\d)$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]) * 100 + Number(m[2]) * 10 + Number(m[3]);
  return n <= 0x7fff ? n : undefined;
}
