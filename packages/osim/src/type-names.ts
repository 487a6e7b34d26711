// What the parameter description calls each wire type and bit position: keys of the catalogue's `osim` namespace,
// which the online debug page loads with its route.
import type { FieldType, OsimText, OsimTextKey } from './layout.js';

export const FIELD_TYPE_NAMES: Readonly<Record<FieldType, OsimTextKey>> = {
  int: 'osim.type.int',
  uInt: 'osim.type.uInt',
  long: 'osim.type.long',
  string: 'osim.type.string',
  hex: 'osim.type.hex',
  bytes: 'osim.type.bytes',
  bit: 'osim.type.bit',
  bitRange: 'osim.type.bitRange',
  onePosition: 'osim.type.onePosition',
  preserve: 'osim.type.preserve',
};

/** The bit a `bit` field reads, e.g. "bit 12". */
export function bitText(bit: number): OsimText {
  return { key: 'osim.bit', params: { bit } };
}

/** The bits a `bitRange` field reads, first and last included, e.g. "bits 0–3". */
export function bitRangeText(first: number, last: number): OsimText {
  return { key: 'osim.bits', params: { first, last } };
}
