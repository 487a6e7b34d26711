/**
 * PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html, "Binary Format"): the
 * fastest way to load rows into both engines, since no value is converted from text (for PGlite, text-to-real
 * conversion was the slow part of a batch insert). Each value is written in its type's binary send format.
 */

export type BinaryType = 'int2' | 'int4' | 'int8' | 'real' | 'float8' | 'timestamptz' | 'jsonb';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Milliseconds from the Unix epoch to PostgreSQL's (2000-01-01 UTC). */
const PG_EPOCH_MS = 946_684_800_000;
/** The most a fixed-size value takes: length word and 8 bytes. */
const MAX_FIXED = 12;

type Value = number | null | undefined;

/**
 * Writes binary COPY input row by row: `row(columns)`, then one call per column in the table's column order, then
 * `finish()`. Null and undefined are SQL NULL. Numbers must fit their type (integers for int2/int4/int8, finite for
 * real and float8): readings are validated before they get here.
 */
export class CopyBinaryWriter {
  private buf: Buffer;
  /**
   * The same memory as `buf`: DataView's setters are compiled inline, where Buffer's writeInt32BE and writeFloatBE
   * check their arguments in JavaScript on every call (110 columns a reading: most of the encoding's time).
   */
  private view: DataView;
  private at = 0;
  /** Room kept for the fixed-size values of the current row. */
  private reserve = 0;

  constructor(expectedBytes = 64 * 1024) {
    this.buf = Buffer.allocUnsafe(Math.max(expectedBytes, 1024));
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
    this.at += SIGNATURE.copy(this.buf, 0);
    this.view.setInt32(this.at, 0); // flags
    this.view.setInt32(this.at + 4, 0); // header extension length
    this.at += 8;
  }

  /** Starts a row of `columns` values. */
  row(columns: number): void {
    this.reserve = columns * MAX_FIXED;
    this.ensure(2 + this.reserve);
    this.view.setInt16(this.at, columns);
    this.at += 2;
  }

  int2(v: Value): void {
    if (this.nullIf(v)) return;
    // DataView wraps what does not fit; a value that would be stored as another one is refused instead.
    if (!(v! >= -0x8000 && v! <= 0x7fff)) throw new RangeError(`not an int2 value: ${v}`);
    this.view.setInt32(this.at, 2);
    this.view.setInt16(this.at + 4, v!);
    this.at += 6;
  }

  int4(v: Value): void {
    if (this.nullIf(v)) return;
    if (!(v! >= -0x80000000 && v! <= 0x7fffffff)) throw new RangeError(`not an int4 value: ${v}`);
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, v!);
    this.at += 8;
  }

  int8(v: Value): void {
    if (this.nullIf(v)) return;
    this.view.setInt32(this.at, 8);
    this.int64(v!, this.at + 4);
    this.at += 12;
  }

  real(v: Value): void {
    if (this.nullIf(v)) return;
    this.view.setInt32(this.at, 4);
    this.view.setFloat32(this.at + 4, v!);
    this.at += 8;
  }

  float8(v: Value): void {
    if (this.nullIf(v)) return;
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, v!);
    this.at += 12;
  }

  /** Epoch milliseconds. */
  timestamptz(ms: Value): void {
    if (this.nullIf(ms)) return;
    this.view.setInt32(this.at, 8);
    this.int64(Math.round((ms! - PG_EPOCH_MS) * 1000), this.at + 4);
    this.at += 12;
  }

  /** JSON text. */
  jsonb(text: string | null | undefined): void {
    if (text === null || text === undefined) return void this.nullIf(null);
    const length = Buffer.byteLength(text);
    // Keep the room reserved for the rest of the row.
    this.ensure(5 + length + this.reserve);
    this.view.setInt32(this.at, length + 1);
    this.buf[this.at + 4] = 1; // jsonb format version
    this.at += 5;
    this.at += this.buf.write(text, this.at);
  }

  /** The COPY input: everything written and the trailer. */
  finish(): Buffer {
    this.ensure(2);
    this.view.setInt16(this.at, -1);
    this.at += 2;
    return this.buf.subarray(0, this.at);
  }

  /** A safe integer as a big-endian two's-complement int64, without a BigInt per value. */
  private int64(n: number, at: number): void {
    if (!Number.isSafeInteger(n)) throw new RangeError(`not an int64 value: ${n}`);
    const high = Math.floor(n / 2 ** 32);
    this.view.setInt32(at, high);
    this.view.setUint32(at + 4, n - high * 2 ** 32);
  }

  private nullIf(v: Value): boolean {
    if (v !== null && v !== undefined) return false;
    this.view.setInt32(this.at, -1);
    this.at += 4;
    return true;
  }

  private ensure(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
    this.view = new DataView(next.buffer, next.byteOffset, next.length);
  }
}

/** The writer method for a column type (jsonb takes text). */
export function columnWriter(type: Exclude<BinaryType, 'jsonb'>): (w: CopyBinaryWriter, v: Value) => void {
  switch (type) {
    case 'int2':
      return (w, v) => w.int2(v);
    case 'int4':
      return (w, v) => w.int4(v);
    case 'int8':
      return (w, v) => w.int8(v);
    case 'real':
      return (w, v) => w.real(v);
    case 'float8':
      return (w, v) => w.float8(v);
    case 'timestamptz':
      return (w, v) => w.timestamptz(v);
  }
}
