// Field-level decoding and encoding of an OSIM command's data by its layout.
import { fail, ok, type OsimError, type OsimResult } from './errors.js';
import { toHex } from './frame.js';
import type { CommandDef, FieldDef } from './layout.js';

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

/** A field alone, or a run of fields forming a repeated record. */
type Item =
  | { readonly kind: 'field'; readonly field: FieldDef }
  | { readonly kind: 'group'; readonly name: string; readonly fields: readonly FieldDef[] };

function itemsOf(command: CommandDef): Item[] {
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

const isInteger = (f: FieldDef) => f.type === 'int' || f.type === 'uInt' || f.type === 'long';
const isBits = (f: FieldDef) => f.type === 'bit' || f.type === 'bitRange';

function decimals(scale: number): number {
  const text = String(scale);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function scaled(raw: number, scale: number | undefined): number {
  if (scale === undefined) return raw;
  const factor = 10 ** decimals(scale);
  return Math.round(raw * scale * factor) / factor;
}

function readUnsigned(bytes: Uint8Array, offset: number, length: number, littleEndian: boolean): number {
  let n = 0;
  for (let i = 0; i < length; i += 1) {
    const b = bytes[littleEndian ? offset + length - 1 - i : offset + i] ?? 0;
    n = n * 256 + b;
  }
  return n;
}

function writeUnsigned(out: number[], offset: number, length: number, value: number, littleEndian: boolean): void {
  let n = value;
  for (let i = length - 1; i >= 0; i -= 1) {
    out[littleEndian ? offset + length - 1 - i : offset + i] = n % 256;
    n = Math.floor(n / 256);
  }
}

function integerBounds(field: FieldDef, length: number): { min: number; max: number } {
  const bits = length * 8;
  if (field.type === 'uInt' || isBits(field)) return { min: 0, max: 2 ** bits - 1 };
  return { min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1 };
}

export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

const SWITCH_WIRE: Readonly<Record<number, string>> = { 0: '0000', 1: 'ee00', 2: '00ee' };
const WEEKDAY_WIRE: readonly number[] = [0, 1, 3];

function bitWidth(field: FieldDef): number {
  return field.type === 'bit' ? 1 : (field.endBit ?? 0) - (field.fromBit ?? 0);
}

function bitShift(field: FieldDef): number {
  return field.type === 'bit' ? (field.bit ?? 0) : (field.fromBit ?? 0);
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

// ---------------------------------------------------------------------------------------------------------------------

/** Input of a builder: logical values by key (times as minutes or "HH:MM"; groups as arrays of records by tag). */
export type OsimInputScalar = number | string | readonly number[];
export type OsimInput = Readonly<
  Record<
    string,
    OsimInputScalar | readonly OsimInputScalar[] | readonly Readonly<Record<string, OsimInputScalar>>[] | undefined
  >
>;

function rangeText(field: FieldDef): string {
  if (field.allowed) return `{${field.allowed.join(', ')}}`;
  return `${field.min ?? '−∞'}–${field.max ?? '∞'}`;
}

function parseMinutes(path: string, input: OsimInputScalar): OsimResult<number> {
  if (typeof input === 'number') return ok(input);
  const m = typeof input === 'string' ? /^(\d{1,2}):(\d{2})$/.exec(input) : null;
  if (!m) return fail({ code: 'INVALID_VALUE', field: path, value: String(input) });
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (Number(m[2]) > 59 || minutes > 1440)
    return fail({ code: 'OUT_OF_RANGE', field: path, value: String(input), range: '00:00–24:00' });
  return ok(minutes);
}

function checkLogical(field: FieldDef, path: string, value: number): OsimError | undefined {
  if (!Number.isFinite(value)) return { code: 'INVALID_VALUE', field: path, value: String(value) };
  if (field.allowed && !field.allowed.includes(value))
    return { code: 'OUT_OF_RANGE', field: path, value: String(value), range: rangeText(field) };
  if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max))
    return { code: 'OUT_OF_RANGE', field: path, value: String(value), range: rangeText(field) };
  if (field.codec === 'time' && (value < 0 || value > 1440 || !Number.isInteger(value)))
    return { code: 'OUT_OF_RANGE', field: path, value: String(value), range: '0–1440' };
  return undefined;
}

function encodeValue(
  field: FieldDef,
  path: string,
  input: OsimInputScalar | undefined,
  out: number[],
  offset: number,
  validate: boolean,
): OsimResult<number> {
  const length = field.byteLen;
  const little = field.littleEndian === true;
  const fill = (n: number) => {
    for (let i = 0; i < n; i += 1) out[offset + i] ??= 0;
  };
  if (field.type === 'preserve') {
    fill(length);
    return ok(length);
  }
  if (field.codec === 'const') {
    const bytes = field.constant ?? '';
    for (let i = 0; i < bytes.length / 2; i += 1) out[offset + i] = Number.parseInt(bytes.slice(i * 2, i * 2 + 2), 16);
    return ok(bytes.length / 2);
  }
  if (input === undefined) return fail({ code: 'MISSING_FIELD', field: path });
  if (isInteger(field)) {
    let value: number;
    if (field.codec === 'time') {
      const minutes = parseMinutes(path, input);
      if (!minutes.ok) return minutes;
      value = minutes.value;
    } else if (typeof input === 'number') value = input;
    else return fail({ code: 'INVALID_VALUE', field: path, value: String(input) });
    if (validate) {
      const error = checkLogical(field, path, value);
      if (error) return fail(error);
    } else if (!Number.isFinite(value)) return fail({ code: 'INVALID_VALUE', field: path, value: String(value) });
    const exact = field.scale === undefined ? value : value / field.scale;
    const raw = Math.round(exact);
    if (Math.abs(exact - raw) > 1e-6) return fail({ code: 'INVALID_VALUE', field: path, value: String(value) });
    const bounds = integerBounds(field, length);
    if (raw < bounds.min || raw > bounds.max) {
      const lo = scaled(bounds.min, field.scale);
      const hi = scaled(bounds.max, field.scale);
      return fail({ code: 'OUT_OF_RANGE', field: path, value: String(value), range: `${lo}–${hi}` });
    }
    writeUnsigned(out, offset, length, raw < 0 ? raw + 2 ** (length * 8) : raw, little);
    return ok(length);
  }
  if (isBits(field)) {
    if (typeof input !== 'number' || !Number.isInteger(input))
      return fail({ code: 'INVALID_VALUE', field: path, value: String(input) });
    if (validate) {
      const error = checkLogical(field, path, input);
      if (error) return fail(error);
    }
    let wire = input;
    if (field.codec === 'weekday') {
      const mapped = WEEKDAY_WIRE[input];
      if (mapped === undefined)
        return fail({ code: 'OUT_OF_RANGE', field: path, value: String(input), range: '{0, 1, 2}' });
      wire = mapped;
    }
    const width = bitWidth(field);
    if (wire < 0 || wire >= 2 ** width)
      return fail({ code: 'OUT_OF_RANGE', field: path, value: String(input), range: `0–${2 ** width - 1}` });
    fill(length);
    const word = readUnsigned(Uint8Array.from(out.slice(offset, offset + length)), 0, length, little);
    const shift = 2 ** bitShift(field);
    const cleared = word - (Math.floor(word / shift) % 2 ** width) * shift;
    writeUnsigned(out, offset, length, cleared + wire * shift, little);
    return ok(length);
  }
  if (field.type === 'onePosition') {
    if (!Array.isArray(input)) return fail({ code: 'INVALID_VALUE', field: path, value: String(input) });
    fill(length);
    for (const bit of input as readonly number[]) {
      if (!Number.isInteger(bit) || bit < 0 || bit >= length * 8)
        return fail({ code: 'OUT_OF_RANGE', field: path, value: String(bit), range: `0–${length * 8 - 1}` });
      const at = offset + Math.floor(bit / 16) * 2;
      const word = ((out[at] ?? 0) << 8) | (out[at + 1] ?? 0);
      const next = word | (1 << (bit % 16));
      out[at] = next >> 8;
      out[at + 1] = next & 0xff;
    }
    return ok(length);
  }
  if (field.type === 'string') {
    if (typeof input !== 'string') return fail({ code: 'INVALID_VALUE', field: path, value: String(input) });
    if (!/^[\x20-\x7e]*$/.test(input)) return fail({ code: 'INVALID_VALUE', field: path, value: input });
    const max = length === 0 ? (field.maxLength ?? 255) : Math.min(length, field.maxLength ?? length);
    const min = field.minLength ?? 0;
    if (input.length > max || input.length < min)
      return fail({ code: 'OUT_OF_RANGE', field: path, value: input, range: `${min}–${max}` });
    if (field.format === 'ip' && !isIpv4(input)) return fail({ code: 'INVALID_VALUE', field: path, value: input });
    const size = length === 0 ? input.length : length;
    for (let i = 0; i < size; i += 1) out[offset + i] = i < input.length ? input.charCodeAt(i) : 0;
    return ok(size);
  }
  // hex and bytes
  let hex: string | undefined;
  if (field.codec === 'switch' || field.codec === 'onOff') {
    if (typeof input !== 'number') return fail({ code: 'INVALID_VALUE', field: path, value: String(input) });
    if (validate) {
      const error = checkLogical(field, path, input);
      if (error) return fail(error);
    }
    hex = field.codec === 'switch' ? SWITCH_WIRE[input] : input === 1 ? '55' : input === 0 ? 'aa' : undefined;
    if (hex === undefined)
      return fail({ code: 'OUT_OF_RANGE', field: path, value: String(input), range: rangeText(field) });
  } else {
    if (typeof input !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(input))
      return fail({ code: 'INVALID_VALUE', field: path, value: String(input) });
    hex = input;
  }
  const size = hex.length / 2;
  if (length !== 0 && size !== length)
    return fail({ code: 'OUT_OF_RANGE', field: path, value: hex, range: `${length} bytes` });
  for (let i = 0; i < size; i += 1) out[offset + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return ok(size);
}

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

const isRecordList = (v: unknown): v is readonly Readonly<Record<string, OsimInputScalar>>[] =>
  Array.isArray(v) && v.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r));

/**
 * Encodes a command's data from logical values. Values are range-checked (`validate`, on by default; the simulator
 * turns it off to answer with whatever its state holds). The count field of a repeated group is derived from the
 * number of records.
 */
export function encodePayload(
  command: CommandDef,
  input: OsimInput,
  options: { validate?: boolean } = {},
): OsimResult<Uint8Array> {
  const validate = options.validate ?? true;
  const values: Record<string, unknown> = { ...input };
  const items = itemsOf(command);
  // Derive the counts of groups sized by another field.
  for (const item of items) {
    if (item.kind !== 'group') continue;
    const ref = item.fields[0]?.repeatRef;
    if (ref === undefined) continue;
    const records = values[item.name];
    if (!isRecordList(records)) return fail({ code: 'MISSING_FIELD', field: item.name });
    if (values[ref] === undefined) values[ref] = records.length;
    else if (values[ref] !== records.length)
      return fail({ code: 'INVALID_VALUE', field: ref, value: String(values[ref]) });
  }
  const out: number[] = [];
  let position = 0;
  let previousStart = 0;
  const shared = new Set<FieldDef>();
  command.fields.forEach((f, i) => {
    if (f.same) {
      shared.add(f);
      const before = command.fields[i - 1];
      if (before) shared.add(before);
    }
  });

  const writeOne = (field: FieldDef, path: string, value: unknown, checks: boolean): OsimResult<void> => {
    const start = field.same ? previousStart : position;
    // Fields sharing a status word of a reply may be left out (they contribute zero bits).
    if (value === undefined && shared.has(field) && command.kind === 'query') {
      for (let i = 0; i < field.byteLen; i += 1) out[start + i] ??= 0;
      previousStart = start;
      position = start + field.byteLen;
      return ok(undefined);
    }
    if (value !== undefined && typeof value !== 'number' && typeof value !== 'string' && !Array.isArray(value))
      return fail({ code: 'INVALID_VALUE', field: path, value: String(value) });
    const written = encodeValue(field, path, value as OsimInputScalar | undefined, out, start, checks);
    if (!written.ok) return written;
    previousStart = start;
    position = start + written.value;
    return ok(undefined);
  };

  for (const item of items) {
    if (item.kind === 'field') {
      const field = item.field;
      const value = values[field.key];
      if (field.repeat === undefined) {
        const written = writeOne(field, field.key, value, validate);
        if (!written.ok) return written;
        continue;
      }
      if (field.type !== 'preserve' && (!Array.isArray(value) || value.length !== field.repeat))
        return value === undefined
          ? fail({ code: 'MISSING_FIELD', field: field.key })
          : fail({
              code: 'OUT_OF_RANGE',
              field: field.key,
              value: `${Array.isArray(value) ? value.length : 1} values`,
              range: String(field.repeat),
            });
      for (let i = 0; i < field.repeat; i += 1) {
        const written = writeOne(field, `${field.key}[${i}]`, (value as readonly unknown[] | undefined)?.[i], validate);
        if (!written.ok) return written;
      }
      continue;
    }
    const first = item.fields[0] as FieldDef;
    const records = values[item.name];
    if (!isRecordList(records)) return fail({ code: 'MISSING_FIELD', field: item.name });
    const count = first.repeatRef !== undefined ? records.length : (first.repeat ?? 0);
    if (records.length > count)
      return fail({ code: 'OUT_OF_RANGE', field: item.name, value: `${records.length} records`, range: `0–${count}` });
    for (let r = 0; r < count; r += 1) {
      const record = records[r];
      for (const field of item.fields) {
        const key = field.tag ?? field.key;
        // Records past the given ones are padded with the field's default (zero).
        const value = record ? record[key] : (field.defaultValue ?? 0);
        const written = writeOne(field, `${item.name}[${r}].${key}`, value, validate && record !== undefined);
        if (!written.ok) return written;
      }
    }
  }
  for (let i = 0; i < out.length; i += 1) out[i] ??= 0;
  return ok(Uint8Array.from(out));
}
