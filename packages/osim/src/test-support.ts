// Test support: every error code the codec may return, to check that failures are always typed; blocks to start
// the settings tests from.
import { decodePayload, type OsimValue, type OsimValues } from './codec.js';
import type { OsimErrorCode, OsimResult } from './errors.js';
import { decodeMessage } from './messages.js';
import { resolveCommand } from './registry.js';
import type { CommandDef } from './layout.js';

export const OSIM_ERROR_CODES_FOR_TEST: readonly OsimErrorCode[] = [
  'BAD_START',
  'BAD_END',
  'BAD_CHECKSUM',
  'LENGTH_MISMATCH',
  'TRUNCATED',
  'UNKNOWN_COMMAND',
  'FIELD_OVERRUN',
  'MISSING_FIELD',
  'OUT_OF_RANGE',
  'INVALID_VALUE',
  'NOT_SUPPORTED',
];

/**
 * A block as an inverter might report it at `version`: every field zero, except the ones a whole-block write checks
 * (SOC limits, battery type), which are set within their range, then `fields` on top.
 */
export function blockForTest(code: string, version: number, fields: Record<string, OsimValue> = {}): OsimValues {
  const command = resolveCommand(code, version);
  if (!command.ok) throw new Error(`${code} at PCU ${version}: ${command.error.code}`);
  const decoded = decodePayload(command.value, new Uint8Array(255));
  if (!decoded.ok) throw new Error(`${code} at PCU ${version}: ${decoded.error.code}`);
  return {
    ...decoded.value.values,
    soc: 50,
    offGridSoc: 50,
    dcBatteryType: 1,
    fcSocLimit: 90,
    fdSocLimit: 10,
    ...fields,
  };
}

/** The values of a whole frame decoded by the layouts of `version`. */
export function frameValuesForTest(frame: OsimResult<Uint8Array>, version: number): OsimValues {
  if (!frame.ok) throw new Error(JSON.stringify(frame.error));
  const decoded = decodeMessage(frame.value, version);
  if (!decoded.ok || !decoded.value.payload) throw new Error('frame not decoded');
  return decoded.value.payload.values;
}

/** The values a whole frame decodes to at a version; throws on any failure, or a frame without payload. */
export function valuesForTest(bytes: Uint8Array, version: number): OsimValues {
  const r = decodeMessage(bytes, version);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  if (!r.value.payload) throw new Error('no payload');
  return r.value.payload.values;
}

/** A command's definition at a version; throws when the version does not have it. */
export function commandForTest(code: string, version: number): CommandDef {
  const r = resolveCommand(code, version);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}
