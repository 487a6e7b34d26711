// Shared by payload decoding and encoding: how a layout's fields group into records, and how numbers and bit fields
// sit on the wire. Internal to the codec (not exported from the package).
import type { CommandDef, FieldDef } from './layout.js';

/** A field alone, or a run of fields forming a repeated record. */
export type Item =
  | { readonly kind: 'field'; readonly field: FieldDef }
  | { readonly kind: 'group'; readonly name: string; readonly fields: readonly FieldDef[] };

export function itemsOf(command: CommandDef): Item[] {
  const items: Item[] = [];
  const fields = command.fields;
  for (let i = 0; i < fields.length;) {
    const field = fields[i] as FieldDef;
    if (field.group === undefined) {
      items.push({ kind: 'field', field });
      i += 1;
      continue;
    }
    const run: FieldDef[] = [];
    while (i < fields.length && fields[i]?.group === field.group) run.push(fields[i++] as FieldDef);
    items.push({ kind: 'group', name: field.group, fields: run });
  }
  return items;
}

export const isInteger = (f: FieldDef) => f.type === 'int' || f.type === 'uInt' || f.type === 'long';
export const isBits = (f: FieldDef) => f.type === 'bit' || f.type === 'bitRange';

export function decimals(scale: number): number {
  const text = String(scale);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function scaled(raw: number, scale: number | undefined): number {
  if (scale === undefined) return raw;
  const factor = 10 ** decimals(scale);
  return Math.round(raw * scale * factor) / factor;
}

export function readUnsigned(bytes: Uint8Array, offset: number, length: number, littleEndian: boolean): number {
  let n = 0;
  for (let i = 0; i < length; i += 1) {
    const b = bytes[littleEndian ? offset + length - 1 - i : offset + i] ?? 0;
    n = n * 256 + b;
  }
  return n;
}

export function writeUnsigned(
  out: number[],
  offset: number,
  length: number,
  value: number,
  littleEndian: boolean,
): void {
  let n = value;
  for (let i = length - 1; i >= 0; i -= 1) {
    out[littleEndian ? offset + length - 1 - i : offset + i] = n % 256;
    n = Math.floor(n / 256);
  }
}

export function integerBounds(field: FieldDef, length: number): { min: number; max: number } {
  const bits = length * 8;
  if (field.type === 'uInt' || isBits(field)) return { min: 0, max: 2 ** bits - 1 };
  return { min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1 };
}

export const SWITCH_WIRE: Readonly<Record<number, string>> = { 0: '0000', 1: 'ee00', 2: '00ee' };
export const WEEKDAY_WIRE: readonly number[] = [0, 1, 3];

export function bitWidth(field: FieldDef): number {
  return field.type === 'bit' ? 1 : (field.endBit ?? 0) - (field.fromBit ?? 0);
}

export function bitShift(field: FieldDef): number {
  return field.type === 'bit' ? (field.bit ?? 0) : (field.fromBit ?? 0);
}
