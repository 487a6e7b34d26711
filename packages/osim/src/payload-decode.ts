// Decoding an OSIM command's data by its layout: every field with its bytes (the debug page) and the values by key.
import { fail, ok, type OsimResult } from './errors.js';
import { toHex } from './frame.js';
import type { CommandDef, FieldDef } from './layout.js';
import {
  WEEKDAY_WIRE,
  bitShift,
  bitWidth,
  decimals,
  integerBounds,
  isBits,
  isInteger,
  itemsOf,
  readUnsigned,
  scaled,
} from './payload-wire.js';

export type OsimScalar = number | string | readonly number[];
export type OsimRecord = Readonly<Record<string, OsimScalar>>;
/** A decoded value: a scalar, the values of a repeated field, or the records of a repeated group. */
export type OsimValue = OsimScalar | readonly OsimScalar[] | readonly OsimRecord[];
export type OsimValues = Readonly<Record<string, OsimValue>>;

export interface DecodedField {
  /** Key with its position in a repetition, e.g. `pv1Voltage`, `pvPowerDay[3]`, `elecPrice[0].startTime`. */
  readonly path: string;
  readonly def: FieldDef;
  readonly value: OsimScalar;
  /** The value for people: scaled number with unit, HH:MM for times, hex for raw bytes. */
  readonly display: string;
  readonly offset: number;
  readonly length: number;
  /** The field's bytes as hex. */
  readonly raw: string;
}

export interface DecodedPayload {
  readonly command: CommandDef;
  /** Every field in wire order (reserved space included) with its bytes, for the debug page. */
  readonly fields: readonly DecodedField[];
  /** Field key → value; reserved space is left out. */
  readonly values: OsimValues;
  /** Bytes after the last field of the layout. */
  readonly trailingBytes: number;
}

export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function decodeValue(
  field: FieldDef,
  bytes: Uint8Array,
  offset: number,
  length: number,
): { value: OsimScalar; display: string } {
  const slice = bytes.subarray(offset, offset + length);
  const little = field.littleEndian === true;
  if (isInteger(field)) {
    const unsigned = readUnsigned(bytes, offset, length, little);
    const bounds = integerBounds(field, length);
    const raw = field.type === 'uInt' || unsigned <= bounds.max ? unsigned : unsigned - 2 ** (length * 8);
    if (field.codec === 'time') {
      return { value: raw, display: raw >= 0 && raw <= 1440 ? formatMinutes(raw) : `${raw} min` };
    }
    const value = scaled(raw, field.scale);
    const text = field.scale === undefined ? String(value) : value.toFixed(decimals(field.scale));
    return { value, display: field.unit ? `${text} ${field.unit}` : text };
  }
  if (isBits(field)) {
    const word = readUnsigned(bytes, offset, length, little);
    let value = Math.floor(word / 2 ** bitShift(field)) % 2 ** bitWidth(field);
    if (field.codec === 'weekday') value = Math.max(0, WEEKDAY_WIRE.indexOf(value));
    return { value, display: String(value) };
  }
  if (field.type === 'onePosition') {
    const set: number[] = [];
    for (let w = 0; w * 2 < length; w += 1) {
      const word = readUnsigned(bytes, offset + w * 2, Math.min(2, length - w * 2), false);
      for (let b = 0; b < 16; b += 1) if (Math.floor(word / 2 ** b) % 2 === 1) set.push(w * 16 + b);
    }
    return { value: set, display: set.length === 0 ? '—' : set.join(', ') };
  }
  if (field.type === 'string') {
    let text = '';
    for (const b of slice) {
      if (b === 0) break;
      text += String.fromCharCode(b);
    }
    return { value: text, display: text };
  }
  const hex = toHex(slice, '');
  if (field.codec === 'switch') {
    const value = hex === 'ee00' ? 1 : hex === '00ee' ? 2 : 0;
    return { value, display: String(value) };
  }
  if (field.codec === 'onOff' && (hex === '55' || hex === 'aa')) {
    const value = hex === '55' ? 1 : 0;
    return { value, display: String(value) };
  }
  return { value: hex, display: hex };
}

/** Decodes a command's data by its layout. */
export function decodePayload(command: CommandDef, data: Uint8Array): OsimResult<DecodedPayload> {
  const fields: DecodedField[] = [];
  const values: Record<string, OsimValue> = {};
  let position = 0;
  let previousStart = 0;

  const readOne = (field: FieldDef, path: string): OsimResult<OsimScalar> => {
    const start = field.same ? previousStart : position;
    const length = field.byteLen === 0 ? Math.max(0, data.length - start) : field.byteLen;
    if (start + length > data.length)
      return fail({ code: 'FIELD_OVERRUN', field: path, needed: length, available: Math.max(0, data.length - start) });
    const { value, display } = decodeValue(field, data, start, length);
    fields.push({
      path,
      def: field,
      value,
      display,
      offset: start,
      length,
      raw: toHex(data.subarray(start, start + length), ' '),
    });
    previousStart = start;
    position = start + length;
    return ok(value);
  };

  for (const item of itemsOf(command)) {
    if (item.kind === 'field') {
      const field = item.field;
      if (field.repeat === undefined) {
        const result = readOne(field, field.key);
        if (!result.ok) return result;
        if (field.type !== 'preserve') values[field.key] = result.value;
        continue;
      }
      const list: OsimScalar[] = [];
      for (let i = 0; i < field.repeat; i += 1) {
        const result = readOne(field, `${field.key}[${i}]`);
        if (!result.ok) return result;
        list.push(result.value);
      }
      if (field.type !== 'preserve') values[field.key] = list;
      continue;
    }
    const first = item.fields[0] as FieldDef;
    let count = first.repeat ?? 0;
    if (first.repeatRef !== undefined) {
      const ref = values[first.repeatRef];
      if (typeof ref !== 'number' || !Number.isInteger(ref) || ref < 0)
        return fail({ code: 'INVALID_VALUE', field: first.repeatRef, value: String(ref) });
      count = ref;
    }
    const records: OsimRecord[] = [];
    for (let r = 0; r < count; r += 1) {
      const record: Record<string, OsimScalar> = {};
      for (const field of item.fields) {
        const key = field.tag ?? field.key;
        const result = readOne(field, `${item.name}[${r}].${key}`);
        if (!result.ok) return result;
        if (field.type !== 'preserve') record[key] = result.value;
      }
      records.push(record);
    }
    values[item.name] = records;
  }
  return ok({ command, fields, values, trailingBytes: Math.max(0, data.length - position) });
}
