import { describe, expect, it } from 'vitest';
import { FIELD_COLUMNS } from './columns.js';
import { COMPACT_COLUMNS, decimalOf, encodeDay, type DayTexts } from './compact-format.js';

/*
 * The columnar encoding without a database (the round trip through PostgreSQL is compaction.test.ts's): decimalOf on
 * the texts PostgreSQL prints, and encodeDay's integers checked against a reference written here in BigInt only, so
 * the fast double path (plain decimals of up to 15 digits) and the BigInt path (everything else) must both give what
 * exact arithmetic gives, and what no integer holds must be kept as text.
 */

const DAY = '2026-03-29';
const DAY_US = BigInt(Date.parse(`${DAY}T00:00:00Z`)) * 1000n;
const typeOf = (column: string) => FIELD_COLUMNS.find((c) => c.column === column)!.type;

/** encodeDay of one column's values (every other column NULL): its decimals, array literal and exact texts. */
function encode(column: string, values: (string | null)[]) {
  const texts: DayTexts = {
    tsUs: values.map((_v, i) => DAY_US + BigInt(i) * 60_000_000n),
    prevUs: values.map(() => null),
    receivedUs: values.map(() => 0n),
    seq: values.map(() => null),
    extra: null,
    values: { [column]: values },
  };
  const row = encodeDay(7, DAY, texts);
  const decimals = (JSON.parse(String(row[COMPACT_COLUMNS.indexOf('decimals')])) as Record<string, number>)[column];
  const exact = row[COMPACT_COLUMNS.indexOf('exact')] as string | null;
  return {
    decimals: decimals ?? null,
    array: row[COMPACT_COLUMNS.indexOf(column)] as string | null,
    exact: exact === null ? null : ((JSON.parse(exact) as Record<string, unknown>)[column] ?? null),
  };
}

/** The reference: every value an integer of 10^-d units (d the most decimals of the day), differences in BigInt. */
function reference(values: (string | null)[], differenced: boolean) {
  const parsed = values.map((v) => (v === null ? null : decimalOf(v)!));
  const decimals = Math.max(0, ...parsed.map((p) => p?.decimals ?? 0));
  let prev = 0n;
  const out = parsed.map((p) => {
    if (p === null) return 'NULL';
    const v = p.int * 10n ** BigInt(decimals - p.decimals);
    const d = differenced ? v - prev : v;
    prev = v;
    return String(d);
  });
  return { decimals, array: `{${out.join(',')}}`, exact: null };
}

describe('decimalOf', () => {
  it.each([
    ['0', 0n, 0],
    ['220.4', 2204n, 1],
    ['-3', -3n, 0],
    ['1.50', 150n, 2],
    ['1.5e-05', 15n, 6],
    ['-2.5e-07', -25n, 8],
    ['1.25e1', 125n, 1],
    ['12e3', 12000n, 0],
    ['1e+21', 10n ** 21n, 0],
    ['1e-22', 1n, 22],
    ['9223372036854775807', 9223372036854775807n, 0],
    ['-9223372036854775808', -9223372036854775808n, 0],
    ['0.30000000000000004', 30000000000000004n, 17],
  ])('%s is %s × 10^-%s', (text, int, decimals) => {
    expect(decimalOf(text)).toEqual({ int, decimals });
  });

  it.each(['-0', '-0.0', '-0e-5', 'NaN', 'Infinity', '-Infinity', '1e-23', '5e-324', '', '1.', '.5', '+1', '0x10'])(
    '%j has no integer form',
    (text) => {
      expect(decimalOf(text)).toBeNull();
    },
  );
});

describe('encodeDay: integers exactly as BigInt arithmetic gives them', () => {
  it.each([
    // Fast path: plain decimals of at most 15 digits.
    ['pv_energy_total_kwh', ['123456789.012345', '123456789.012346', null, '999999999.9']],
    ['pv_energy_total_kwh', ['1.5', '-2.25', '0', '-0.001', '7']],
    ['pv_power_w', ['-1200', '-1199.5', '3.25', null, '0.001']],
    ['grid_frequency_hz', ['49.99', '50', '50.01', '-0.5']],
    // BigInt path: 16 and 17 digits, exponents, and a mix with fast-path values of fewer decimals.
    ['pv_energy_total_kwh', ['1234567890.123456', '1234567890.123457', '-1234567890.123456', '1.5']],
    ['pv_energy_total_kwh', ['45035996273704.95', '1', '-45035996273704.95']],
    ['pv_energy_total_kwh', ['1.5e-05', '2', '-3.25']],
    ['pv_energy_total_kwh', ['9007199254740991', '-9007199254740991', null]],
    ['pv_power_w', ['1.5e-05', '2e+03', '-7']],
    // Codes are kept as they are (no differences), 8-byte integers in full.
    ['fault_word', ['9223372036854775807', '-9223372036854775808', '0', null, '4294967296']],
    ['fault_word', ['1', '2', '3']],
    ['pcs_state', ['32767', '-32768', '0', null]],
  ])('%s %j', (column, values) => {
    const differenced = typeOf(column) !== 'int8';
    expect(encode(column, values)).toEqual(reference(values, differenced));
  });

  it('encodes a day of NULLs as no array and no decimals (the column reads as NULL)', () => {
    expect(encode('pv_power_w', [null, null])).toEqual({ decimals: null, array: null, exact: null });
  });
});

describe('encodeDay: what no integer holds keeps its text', () => {
  it.each([
    ['-0 of a float', 'pv_energy_total_kwh', ['1', '-0', '2']],
    ['-0 of a real (fast path)', 'pv_power_w', ['-0', '1']],
    ['NaN', 'pv_power_w', ['NaN', '1']],
    ['Infinity', 'pv_energy_total_kwh', ['1', 'Infinity']],
    ['more than 22 decimals', 'pv_energy_total_kwh', ['1e-23', '1']],
    ['a real with 9 decimals', 'pv_power_w', ['0.123456789', '1']],
    ['a float beyond 2^53 once scaled', 'pv_energy_total_kwh', ['0.000000001', '9999999.5']],
    ['a float integer beyond 2^53', 'pv_energy_total_kwh', ['9007199254740993']],
    ['a real difference beyond 4 bytes', 'pv_power_w', ['-2000000000', '2000000000']],
    ['decimals in an integer column', 'pcs_state', ['1', '1.5']],
  ])('%s', (_what, column, values) => {
    expect(encode(column, values)).toEqual({ decimals: null, array: null, exact: values });
  });

  it('keeps a real with 8 decimals as an integer (the bound of exact decoding)', () => {
    expect(encode('pv_power_w', ['0.12345678', '1'])).toEqual(reference(['0.12345678', '1'], true));
  });
});
