// Encoding an OSIM command's data from logical values by its layout, each value checked before a byte is produced.
import { fail, ok, type OsimError, type OsimResult } from './errors.js';
import type { CommandDef, FieldDef } from './layout.js';
import {
  SWITCH_WIRE,
  WEEKDAY_WIRE,
  bitShift,
  bitWidth,
  integerBounds,
  isBits,
  isInteger,
  itemsOf,
  readUnsigned,
  scaled,
  writeUnsigned,
} from './payload-wire.js';

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
