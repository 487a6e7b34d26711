import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENERGY_QUANTITIES } from '@voltfleet/domain/telemetry';
import type { Db, Queryable } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { FIELD_COLUMNS } from './columns.js';
import { CopyBinaryWriter } from './copy-binary.js';
import { ensurePartitions, insertReadings, type Energy, type NewReadingRow } from './ingest.repository.js';

// The binary COPY path of insertReadings must store exactly what the INSERT … unnest path stores.

let db: Db;
let deviceId: number;

const energy = (x: number): Energy =>
  Object.fromEntries(ENERGY_QUANTITIES.map((q, i) => [q, x * (i + 1) + 0.000123])) as Energy;

/** Rows that exercise every column type: NULLs, negatives, fractions, large codes, text needing escapes. */
function rows(): NewReadingRow[] {
  const base = Date.UTC(2026, 9, 21, 10, 0, 0, 0);
  return Array.from({ length: 40 }, (_, i) => {
    const values: NewReadingRow['values'] = {};
    FIELD_COLUMNS.forEach((c, k) => {
      if ((i + k) % 5 === 0) return; // some NULL columns
      if (c.type === 'int2') values[c.key] = (i + k) % 2;
      else if (c.type === 'int8') values[c.key] = 4_294_967_295 - i * k;
      else if (c.type === 'float8') values[c.key] = 123456.789012 + i / 7;
      else values[c.key] = i % 2 ? -(i * 10.1 + k / 3) : i * 0.3 + k;
    });
    return {
      deviceId,
      ts: base + i * 60_123,
      seq: i % 3 ? i * 1_000_003 : null,
      prevTs: i ? base + (i - 1) * 60_123 : null,
      values,
      extra: i % 4 ? null : { fw: `2024-05-0${i % 9}`, note: 'quote " backslash \\ tab \t ü ß 日本', n: -i / 3 },
      delta: energy(i),
      deltaNext: energy(i / 2),
    };
  });
}

async function stored(): Promise<Record<string, unknown>[]> {
  const { rows: found } = await db.query<Record<string, unknown>>(
    `SELECT * FROM readings WHERE device_id = $1 ORDER BY ts`,
    [deviceId],
  );
  return found.map(({ received_at: _received, ...rest }) => rest);
}

beforeAll(async () => {
  db = await openTestDb();
  const owner = await adminId(db);
  deviceId = (
    await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id) VALUES ('VFCOPY000001', 'inverter', '10K', $1) RETURNING id`,
      [owner],
    )
  ).rows[0]!.id;
  await ensurePartitions(db, ['2026-10']);
});
afterAll(() => db.close());

describe('binary COPY of readings', () => {
  it('stores the same values as the INSERT path, on this engine', async () => {
    const input = rows();
    let copied = false;
    await db.transaction(async (tx) => {
      expect(tx.copyFrom).toBeTypeOf('function');
      const spy: Queryable = {
        query: (sql, params) => tx.query(sql, params),
        copyFrom: (sql, data) => ((copied = true), tx.copyFrom!(sql, data)),
      };
      await insertReadings(spy, input);
    });
    expect(copied).toBe(true);
    const viaCopy = await stored();
    await db.query(`DELETE FROM readings WHERE device_id = $1`, [deviceId]);
    // Without copyFrom the repository falls back to INSERT … SELECT unnest(…).
    await db.transaction((tx) => insertReadings({ query: (sql, params) => tx.query(sql, params) }, input));
    const viaInsert = await stored();
    expect(viaCopy).toHaveLength(input.length);
    expect(viaCopy).toEqual(viaInsert);
    expect(viaCopy.filter((r) => r.extra !== null)).toHaveLength(10);
  });

  it('fails the transaction on a reading already stored (callers drop duplicates first)', async () => {
    const [first] = rows();
    await expect(db.transaction((tx) => insertReadings(tx, [first!]))).rejects.toThrow();
    expect(await stored()).toHaveLength(40);
  });
});

describe('CopyBinaryWriter', () => {
  it('writes int64 values as PostgreSQL does, negative and beyond 32 bits included', () => {
    const values = [0, 1, -1, 2 ** 32, 2 ** 32 - 1, -(2 ** 32), 2 ** 40 + 5, -(2 ** 40) - 3, Number.MAX_SAFE_INTEGER];
    const w = new CopyBinaryWriter();
    w.row(values.length);
    values.forEach((v) => w.int8(v));
    const out = w.finish();
    const expected = Buffer.alloc(12);
    values.forEach((v, i) => {
      expected.writeInt32BE(8, 0);
      expected.writeBigInt64BE(BigInt(v), 4);
      // signature (11) + flags and extension (8) + field count (2), then 12 bytes per value
      expect(out.subarray(21 + i * 12, 33 + i * 12)).toEqual(expected);
    });
    expect(() => w.int8(2 ** 53)).toThrow(RangeError);
  });

  // Each fixed-size type's bytes as Buffer's own big-endian writers give them, across a buffer that has to grow.
  it.each([
    ['int2', 6, [0, 1, -1, 32767, -32768], (b: Buffer, v: number) => b.writeInt16BE(v, 4)],
    ['int4', 8, [0, 1, -1, 2 ** 31 - 1, -(2 ** 31)], (b: Buffer, v: number) => b.writeInt32BE(v, 4)],
    ['real', 8, [0, -0, 1.5, -273.15, 3.4e38, 1e-45, 123456.789], (b: Buffer, v: number) => b.writeFloatBE(v, 4)],
    ['float8', 12, [0, -0, 0.1, -1e308, 5e-324, 2 ** 53 + 2], (b: Buffer, v: number) => b.writeDoubleBE(v, 4)],
  ] as const)('writes %s values as their big-endian send format', (type, size, values, write) => {
    const w = new CopyBinaryWriter(1);
    for (let i = 0; i < 200; i++) {
      w.row(values.length);
      values.forEach((v) => w[type](v));
    }
    const out = w.finish();
    const expected = Buffer.alloc(size);
    expected.writeInt32BE(size - 4, 0);
    values.forEach((v, i) => {
      write(expected, v);
      const at = 19 + 199 * (2 + values.length * size) + 2 + i * size;
      expect(out.subarray(at, at + size)).toEqual(expected);
    });
    expect(out.readInt16BE(out.length - 2)).toBe(-1);
  });

  it.each([
    ['int2', 32768],
    ['int2', -32769],
    ['int4', 2 ** 31],
    ['int4', -(2 ** 31) - 1],
    ['int4', Number.NaN],
  ] as const)('refuses %s %d rather than store another value', (type, v) => {
    const w = new CopyBinaryWriter();
    w.row(1);
    expect(() => w[type](v)).toThrow(RangeError);
  });
});
