import { numberColumn } from './compact-format.js';

/*
 * The rows of readings_compact (compact-format.ts) decoded in Node, for the one reader where the SQL decode was the
 * whole cost: a compacted day's 5-minute history (values-5m.repository.ts, decision 0038). PostgreSQL spent 21 ms
 * unnesting and summing a day's 8 arrays with window functions; here the arrays come as text and their digits are read
 * by hand (about 1–2 ms for a day's 8 arrays of 1,440 on the 2-core machine; a split took three times as long).
 * Decoded exactly as compactedBranch decodes: the same integers summed in the same order, divided by the same powers
 * of ten, rounded to 4 bytes for reals (`Math.fround` is PostgreSQL's float8 → real cast); a test compares the two on
 * every value.
 */

/** 10^0 … 10^22 as literals (each an exact double), as the SQL divisors are. */
const POWERS_OF_TEN = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
  1e21, 1e22,
];

/** A catalogue measurement or counter column (differenced, not a code): the columns Node decodes. */
const nodeDecodable = (column: string) => {
  const c = numberColumn(column);
  return c !== undefined && c.differenced && !c.nextOfWhole && (c.type === 'real' || c.type === 'float8');
};

/**
 * The select list (on a readings_compact row `rc`) decodeCompactedDay needs for `columns`: the day, the count, the
 * times and each column's array as text (read by hand below: the driver's array parser, or a split, makes a string
 * per element), the decimals, and whether any of the columns kept its texts (`exact`): such a row must be read
 * through compactedBranch instead.
 */
export function compactedArraysSelect(columns: readonly string[]): string {
  for (const c of columns) if (!nodeDecodable(c)) throw new Error(`${c} is not decoded in Node`);
  const named = columns.map((c) => `'${c}'`).join(', ');
  return selectList([
    `rc.day::text`,
    `rc.n`,
    `rc.ts_us::text`,
    `rc.decimals`,
    `coalesce(rc.exact ?| ARRAY[${named}]::text[], false)`,
    ...columns.map((c) => `rc.${c}::text`),
  ]);
}

/** The same columns as compactedArraysSelect(columns), all NULL: for the other branches of a UNION. */
export const compactedArraysNone = (columns: readonly string[]) =>
  selectList([
    'NULL::text',
    'NULL::int4',
    'NULL::text',
    'NULL::jsonb',
    'NULL::bool',
    ...columns.map(() => 'NULL::text'),
  ]);

const NAMES = ['day', 'n', 'ts_us', 'decimals', 'has_exact'];
const selectList = (values: string[]) =>
  values.map((v, i) => `${v} AS ${NAMES[i] ?? `a${i - NAMES.length}`}`).join(', ');

/** A row selected by compactedArraysSelect, as the driver returns it. */
export interface CompactedArraysRow {
  day: string;
  n: number;
  ts_us: string;
  decimals: Record<string, number>;
  has_exact: boolean;
  [array: `a${number}`]: string | null;
}

/**
 * One decoded day: reading times and each column's values, NaN where a reading has none (no stored value is NaN in a
 * row decoded here: NaN keeps its text, and such rows are not decoded in Node).
 */
export interface DecodedDay {
  /** Microseconds after the day's UTC midnight (exact integers), in time order. */
  tUs: Float64Array;
  dayStartMs: number;
  /** Per requested column, in order: a value per reading, NaN for none. */
  values: Float64Array[];
}

const MINUS = 45;
const ZERO = 48;
const N = 78;

/**
 * Writes the running sums of the integer array text `{1,-2,NULL}` into `out`, each divided by `power` (and rounded to
 * 4 bytes for a real), NaN where an element is NULL (a window `sum` skips it). Integers of up to 15 digits are read
 * digit by digit (exact); longer ones by Number(), which rounds as PostgreSQL's int8 → float8 cast does.
 */
function sumsInto(text: string, out: Float64Array, power: number, real: boolean): void {
  const end = text.length - 1;
  let sum = 0;
  let k = 0;
  for (let i = 1; i < end;) {
    if (text.charCodeAt(i) === N) {
      out[k++] = NaN;
      i += 5;
      continue;
    }
    const negative = text.charCodeAt(i) === MINUS;
    const first = negative ? i + 1 : i;
    let j = first;
    let v = 0;
    for (; j < end; j++) {
      const digit = text.charCodeAt(j) - ZERO;
      if (digit < 0 || digit > 9) break;
      v = v * 10 + digit;
    }
    if (j - first > 15) v = Number(text.slice(first, j));
    sum += negative ? -v : v;
    out[k++] = real ? Math.fround(sum / power) : sum / power;
    i = j + 1;
  }
}

/**
 * Decodes a row of compactedArraysSelect(columns); null when a column kept its texts (has_exact): read that row with
 * compactedBranch.
 */
export function decodeCompactedDay(row: CompactedArraysRow, columns: readonly string[]): DecodedDay | null {
  if (row.has_exact) return null;
  const tUs = new Float64Array(row.n);
  sumsInto(row.ts_us, tUs, 1, false);
  const values = columns.map((column, i) => {
    const out = new Float64Array(row.n);
    const text = row[`a${i}`];
    const d = row.decimals[column];
    if (text === null || text === undefined || d === undefined) out.fill(NaN);
    else sumsInto(text, out, POWERS_OF_TEN[d]!, numberColumn(column)!.type === 'real');
    return out;
  });
  return { tUs, dayStartMs: Date.parse(`${row.day}T00:00:00Z`), values };
}
