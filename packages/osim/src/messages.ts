// Request and reply frames of OSIM commands: decode a reply by the device's version, build a request or a write.
import {
  decodePayload,
  encodePayload,
  type DecodedPayload,
  type OsimInput,
  type OsimRecord,
  type OsimValues,
} from './codec.js';
import { fail, ok, type OsimResult } from './errors.js';
import {
  ADDRESS_CLOUD,
  ADDRESS_INVERTER,
  commandCode,
  commandNumber,
  decodeFrame,
  encodeFrame,
  type OsimFrame,
} from './frame.js';
import type { CommandDef } from './layout.js';
import { LAYOUT_V603 } from './tables/v603.js';
import { resolveCommand } from './registry.js';

export type Direction = 'request' | 'reply';

function frameBytes(command: string, data: Uint8Array, direction: Direction): OsimResult<Uint8Array> {
  const request = direction === 'request';
  return encodeFrame({
    source: request ? ADDRESS_CLOUD : ADDRESS_INVERTER,
    destination: request ? ADDRESS_INVERTER : ADDRESS_CLOUD,
    command: commandNumber(command),
    data,
  });
}

/** A query request (no data), e.g. `fe 55 64 14 0a 00 00 de ae` for 0A. */
export function buildQuery(code: string, pcuVersion: number): OsimResult<Uint8Array> {
  const command = resolveCommand(code, pcuVersion);
  if (!command.ok) return command;
  if (command.value.kind !== 'query' || command.value.code === 'BB')
    return fail({ code: 'NOT_SUPPORTED', command: command.value.code, version: pcuVersion });
  return frameBytes(command.value.code, new Uint8Array(0), 'request');
}

/** Any command's frame from logical values (write commands from the cloud; replies as an inverter sends them). */
export function buildCommand(
  code: string,
  values: OsimInput,
  pcuVersion: number,
  direction: Direction = 'request',
  options: { validate?: boolean } = {},
): OsimResult<Uint8Array> {
  const command = resolveCommand(code, pcuVersion);
  if (!command.ok) return command;
  const data = encodePayload(command.value, values, options);
  if (!data.ok) return data;
  return frameBytes(command.value.code, data.value, direction);
}

export interface DecodedMessage {
  readonly frame: OsimFrame;
  readonly direction: Direction;
  /** The decoded data; undefined for a request without data (a query). */
  readonly payload: DecodedPayload | undefined;
}

/** Decodes one whole frame and its data by the layout of the device's PCU version. */
export function decodeMessage(bytes: Uint8Array, pcuVersion: number): OsimResult<DecodedMessage> {
  const frame = decodeFrame(bytes);
  if (!frame.ok) return frame;
  return decodeFrameData(frame.value, pcuVersion);
}

export function decodeFrameData(frame: OsimFrame, pcuVersion: number): OsimResult<DecodedMessage> {
  const direction: Direction = frame.source === ADDRESS_CLOUD ? 'request' : 'reply';
  const command = resolveCommand(commandCode(frame.command), pcuVersion);
  if (!command.ok) return command;
  if (direction === 'request' && command.value.kind === 'query' && frame.data.length === 0)
    return ok({ frame, direction, payload: undefined });
  if (direction === 'request' && command.value.code === 'BB') {
    // A register query carries the count and the addresses only.
    const payload = decodePayload(REGISTER_QUERY_REQUEST, frame.data);
    return payload.ok ? ok({ frame, direction, payload: payload.value }) : payload;
  }
  const payload = decodePayload(command.value, frame.data);
  if (!payload.ok) return payload;
  return ok({ frame, direction, payload: payload.value });
}

/**
 * Layout of a BB request: the BB reply's layout (and so its names) without each register's value, which only the reply
 * carries.
 */
const REGISTER_QUERY_REQUEST: CommandDef = (() => {
  const reply = LAYOUT_V603.commands.find((c) => c.code === 'BB');
  if (!reply) throw new Error('the 603 layout defines BB');
  return { ...reply, fields: reply.fields.filter((f) => f.key !== 'value') };
})();

// --- Write commands --------------------------------------------------------------------------------------------------

/** 64: switch the inverter on (true) or off (false). */
export function buildOnOff(on: boolean, pcuVersion: number): OsimResult<Uint8Array> {
  return buildCommand('64', { onOff: on ? 1 : 0 }, pcuVersion);
}

/** 70: reset (restart) the inverter. */
export function buildReset(pcuVersion: number): OsimResult<Uint8Array> {
  return buildCommand('70', {}, pcuVersion);
}

export interface ClockInput {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** 68: set the inverter's clock (its local time). */
export function buildClock(time: ClockInput, pcuVersion: number): OsimResult<Uint8Array> {
  const days = new Date(Date.UTC(time.year, time.month, 0)).getUTCDate();
  if (
    Number.isInteger(time.day) &&
    Number.isInteger(time.month) &&
    time.month >= 1 &&
    time.month <= 12 &&
    time.day > days
  )
    return fail({ code: 'OUT_OF_RANGE', field: 'day', value: String(time.day), range: `1–${days}` });
  return buildCommand('68', { ...time }, pcuVersion);
}

/** 67 (PCU ≥ 500): the power factor setting. */
export function buildPowerFactor(powerFactor: number, pcuVersion: number): OsimResult<Uint8Array> {
  const command = resolveCommand('67', pcuVersion);
  if (!command.ok) return command;
  if (!command.value.fields.some((f) => f.key === 'powerFactor'))
    return fail({ code: 'NOT_SUPPORTED', command: '67', version: pcuVersion });
  return buildCommand('67', { powerFactor }, pcuVersion);
}

/**
 * The values of a write block taken from the block read back (95 for 66, 95 or 9D for 6A) with some fields changed.
 * A group sized by a count field keeps as many records as the read-back count says.
 */
export function mergeBlock(write: CommandDef, readBack: OsimValues, changes: OsimInput): OsimResult<OsimInput> {
  const merged: Record<string, OsimInput[string]> = {};
  for (const field of write.fields) {
    if (field.type === 'preserve' || field.codec === 'const') continue;
    if (field.group !== undefined) {
      if (field.group in merged) continue;
      const fromChanges = changes[field.group];
      if (fromChanges !== undefined) {
        merged[field.group] = fromChanges;
        continue;
      }
      const records = readBack[field.group];
      if (!Array.isArray(records)) return fail({ code: 'MISSING_FIELD', field: field.group });
      const countKey = field.repeatRef;
      const count = countKey !== undefined ? readBack[countKey] : records.length;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > records.length)
        return fail({ code: 'INVALID_VALUE', field: countKey ?? field.group, value: String(count) });
      merged[field.group] = (records as readonly OsimRecord[]).slice(0, count);
      continue;
    }
    if (write.fields.some((g) => g.repeatRef === field.key)) continue; // derived from the group's records
    const value = changes[field.key] ?? readBack[field.key];
    if (value === undefined) return fail({ code: 'MISSING_FIELD', field: field.key });
    merged[field.key] = value as OsimInput[string];
  }
  for (const key of Object.keys(changes)) {
    if (!(key in merged) && !write.fields.some((f) => f.repeatRef === key))
      return fail({ code: 'NOT_SUPPORTED', command: write.code, version: write.version });
  }
  return ok(merged);
}

/** 66: the operating mode block, written whole: the 95 block read back with the given fields changed. */
export function buildOperatingModeBlock(
  readBack95: OsimValues,
  changes: OsimInput,
  pcuVersion: number,
): OsimResult<Uint8Array> {
  const command = resolveCommand('66', pcuVersion);
  if (!command.ok) return command;
  const values = mergeBlock(command.value, readBack95, changes);
  if (!values.ok) return values;
  return buildCommand('66', values.value, pcuVersion);
}

/** 6A: battery / off-grid parameters, written whole from the block read back (95 before PCU 259, 9D after). */
export function buildBatteryParameters(
  readBack: OsimValues,
  changes: OsimInput,
  pcuVersion: number,
): OsimResult<Uint8Array> {
  const command = resolveCommand('6A', pcuVersion);
  if (!command.ok) return command;
  const values = mergeBlock(command.value, readBack, changes);
  if (!values.ok) return values;
  return buildCommand('6A', values.value, pcuVersion);
}

/** 71 (PCU ≥ 500): forced charge and discharge per weekday with up to four periods each. */
export function buildForcedChargeDischarge(values: OsimInput, pcuVersion: number): OsimResult<Uint8Array> {
  return buildCommand('71', values, pcuVersion);
}

export interface RegisterWrite {
  readonly address: number;
  readonly value: number;
}

/** BA (PCU ≥ 603): write up to 10 raw registers, always as one whole frame. */
export function buildRegisterWrite(registers: readonly RegisterWrite[], pcuVersion: number): OsimResult<Uint8Array> {
  if (registers.length === 0) return fail({ code: 'MISSING_FIELD', field: 'regs' });
  // A register holds a 16-bit word, which the layout types as signed: 0xFFFF and -1 are the same word.
  const word = (value: number) => (value > 0x7fff && value <= 0xffff ? value - 0x10000 : value);
  return buildCommand('BA', { regs: registers.map((r) => ({ address: r.address, value: word(r.value) })) }, pcuVersion);
}

/** BB (PCU ≥ 603): read up to 10 raw registers. */
export function buildRegisterQuery(addresses: readonly number[], pcuVersion: number): OsimResult<Uint8Array> {
  const command = resolveCommand('BB', pcuVersion);
  if (!command.ok) return command;
  if (addresses.length === 0) return fail({ code: 'MISSING_FIELD', field: 'regs' });
  const data = encodePayload(REGISTER_QUERY_REQUEST, { regs: addresses.map((address) => ({ address })) });
  if (!data.ok) return data;
  return frameBytes('BB', data.value, 'request');
}
