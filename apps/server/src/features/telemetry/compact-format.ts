import { ENERGY_DELTA_COLUMNS, FIELD_COLUMNS, type FieldColumnType } from './columns.js';

/*
 * The columnar form of a device's UTC day of readings (table readings_compact, migration 0047, decision 0036): this
 * file writes it (encodeDay) and generates the SQL that reads it back (compactedBranch), so the two cannot drift.
 *
 * Every value comes back exactly, by construction (the tests compare every value of a year before and after):
 * - A value is stored as the integer q of its shortest text (PostgreSQL's output, which reads back to the same value)
 *   times 10^d. A double is decoded as q / 10^d in double arithmetic: q and 10^d (d <= 22) are exact doubles, so the
 *   division rounds the exact decimal once, to the stored double. A real (4-byte float) is decoded the same way and
 *   then rounded to 4 bytes: two roundings, which give the nearest 4-byte float to the decimal unless the double lies
 *   within half its last place of a midpoint between two 4-byte floats without the decimal being that midpoint; for
 *   q below 2^31 that needs 10^d above 2^28, so reals keep at most 8 decimals.
 * - Running sums of differences are integers: 8-byte integer sums, or double sums where every partial sum is an
 *   integer below 2^53.
 * - What no such integer holds (-0, NaN, more digits) keeps its text, read back by the same parser that wrote it.
 */

/** The integer array type holding a catalogue column's values: 4 bytes where the catalogue's ranges allow. */
const INT_ARRAY: Record<FieldColumnType, 'int4' | 'int8'> = {
  real: 'int4',
  int2: 'int4',
  float8: 'int8',
  int8: 'int8',
};
const INT4_MAX = 2n ** 31n - 1n;
const INT8_MAX = 2n ** 63n - 1n;
/** The largest integer a double holds exactly: a float column's integer must stay within it to divide exactly. */
const FLOAT_EXACT = 2n ** 53n - 1n;
/** 10^22 is the largest power of ten a double holds exactly. */
const MAX_DECIMALS = 22;
/** See above: a real decoded from q / 10^d is exact for d <= 8. */
const MAX_REAL_DECIMALS = 8;
const POWERS = `'{${Array.from({ length: MAX_DECIMALS + 1 }, (_v, i) => `1e${i}`).join(',')}}'::float8[]`;

/** Columns of `readings` besides device_id and ts, in table order. */
export const READING_VALUE_COLUMNS = [
  'received_at',
  'seq',
  'prev_ts',
  ...FIELD_COLUMNS.map((c) => c.column),
  ...ENERGY_DELTA_COLUMNS,
  'extra',
] as const;
export type ReadingColumn = (typeof READING_VALUE_COLUMNS)[number];

/**
 * The columns held as integers of 10^-decimals units: the catalogue fields, then the energy deltas (float8, rounded
 * to the microwatt-hour by the chain). A row's `decimals` names each column it holds as integers with its d, so a
 * field added to the catalogue later reads as NULL from rows written before it.
 */
const NUMBER_COLUMNS: { column: string; type: FieldColumnType; differenced: boolean }[] = [
  // Measurements and counters move by small steps: their differences compress. Codes (bit words) rarely change and
  // are kept as they are (a running sum of 8-byte integers would cost numeric arithmetic to decode).
  ...FIELD_COLUMNS.map((c) => ({ column: c.column, type: c.type, differenced: c.type !== 'int8' })),
  // Energy per interval does not move by small steps: its differences compress worse than the values (measured).
  ...ENERGY_DELTA_COLUMNS.map((column) => ({ column, type: 'float8' as const, differenced: false })),
];
const NUMBER_INDEX = new Map(NUMBER_COLUMNS.map((c) => [c.column, c]));
/** Each energy column holding the part of a delta in the next day, with the whole delta's column. */
const NEXT_OF = new Map(
  ENERGY_DELTA_COLUMNS.filter((c) => c.endsWith('_next_kwh')).map((c) => [c, c.replace('_next_kwh', '_kwh')]),
);

/** A number as PostgreSQL prints it ("220.4", "-3", "1.5e-05") as an integer and its decimals; null if none fits. */
export function decimalOf(text: string): { int: bigint; decimals: number } | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(text);
  if (!m) return null;
  const [, sign, whole, frac = '', exp = '0'] = m;
  let digits = whole! + frac;
  let decimals = frac.length - Number(exp);
  if (decimals < 0) {
    digits += '0'.repeat(-decimals);
    decimals = 0;
  }
  if (decimals > MAX_DECIMALS) return null;
  const int = BigInt(digits);
  // -0 is a value of its own for a float (1 / -0 is -Infinity): no integer holds it.
  if (sign && int === 0n) return null;
  return { int: sign ? -int : int, decimals };
}

const literal = (values: readonly (bigint | number | string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/**
 * Differences to the previous non-NULL value (the first value itself), as an array literal; null when every value is
 * NULL. Decoding is a running sum that skips NULLs.
 */
function differences(
  values: readonly (bigint | null)[],
): { text: string; fitsInt4: boolean; fitsInt8: boolean } | null {
  let prev = 0n;
  let fitsInt4 = true;
  let fitsInt8 = true;
  let any = false;
  const out = values.map((v) => {
    if (v === null) return null;
    any = true;
    const d = v - prev;
    prev = v;
    if (d > INT4_MAX || d < -INT4_MAX) fitsInt4 = false;
    if (d > INT8_MAX || d < -INT8_MAX) fitsInt8 = false;
    return d;
  });
  return any ? { text: literal(out), fitsInt4, fitsInt8 } : null;
}

type Encoded = { decimals: number; array: string | null } | null;
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Exact powers of ten (written out: no arithmetic to trust). */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * encodeField for the common case, in doubles: every text a plain decimal of at most 15 digits (an exact double), and
 * every integer and difference an exact double. Undefined when a value is outside that case (encodeField then works
 * in BigInt: 6 times slower, and seldom needed).
 */
function encodeFieldFast(
  texts: readonly (string | null)[],
  type: FieldColumnType,
  differenced: boolean,
): Encoded | undefined {
  const ints: (number | null)[] = new Array<number | null>(texts.length);
  const scales: number[] = new Array<number>(texts.length);
  let decimals = 0;
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    if (t === null || t === undefined) {
      ints[i] = null;
      continue;
    }
    const m = PLAIN.exec(t);
    if (!m || m[2]!.length + (m[3]?.length ?? 0) > 15) return undefined;
    const int = Number(m[2]! + (m[3] ?? ''));
    if (m[1] && int === 0) return undefined;
    ints[i] = m[1] ? -int : int;
    scales[i] = m[3]?.length ?? 0;
    if (scales[i]! > decimals) decimals = scales[i]!;
  }
  if ((type === 'int2' || type === 'int8') && decimals > 0) return null;
  if (type === 'real' && decimals > MAX_REAL_DECIMALS) return null;
  let prev = 0;
  let any = false;
  const out: (number | null)[] = new Array<number | null>(texts.length);
  for (let i = 0; i < ints.length; i++) {
    const v0 = ints[i];
    if (v0 === null || v0 === undefined) {
      out[i] = null;
      continue;
    }
    const v = decimals === scales[i] ? v0 : v0 * POW10[decimals - scales[i]!]!;
    if (!Number.isSafeInteger(v)) return undefined;
    any = true;
    if (!differenced) {
      out[i] = v;
      continue;
    }
    const d = v - prev;
    prev = v;
    if (!Number.isSafeInteger(d)) return undefined;
    if (INT_ARRAY[type] === 'int4' && (d > 2_147_483_647 || d < -2_147_483_647)) return null;
    out[i] = d;
  }
  return { decimals, array: any ? literal(out) : null };
}

/** A catalogue field's day: integers of 10^-decimals units as differences, or null (keep the exact texts). */
function encodeField(texts: readonly (string | null)[], type: FieldColumnType, differenced: boolean): Encoded {
  const fast = encodeFieldFast(texts, type, differenced);
  if (fast !== undefined) return fast;
  const parsed = texts.map((t) => (t === null ? null : decimalOf(t)));
  if (parsed.some((p, i) => p === null && texts[i] !== null)) return null;
  const decimals = Math.max(0, ...parsed.map((p) => p?.decimals ?? 0));
  if ((type === 'int2' || type === 'int8') && decimals > 0) return null;
  if (type === 'real' && decimals > MAX_REAL_DECIMALS) return null;
  const ints = parsed.map((p) => (p === null ? null : p.int * 10n ** BigInt(decimals - p.decimals)));
  const float = type === 'real' || type === 'float8';
  if (float && ints.some((v) => v !== null && (v > FLOAT_EXACT || v < -FLOAT_EXACT))) return null;
  if (!differenced) return { decimals, array: ints.every((v) => v === null) ? null : literal(ints) };
  const diff = differences(ints);
  if (diff && !(INT_ARRAY[type] === 'int4' ? diff.fitsInt4 : diff.fitsInt8)) return null;
  return { decimals, array: diff?.text ?? null };
}

/**
 * One device's UTC day of readings as the compaction reads it, column by column in time order: microsecond times and
 * every value as PostgreSQL prints it (NULL as null), and the `extra` values as one JSON array text (null if none).
 */
export interface DayTexts {
  tsUs: bigint[];
  prevUs: (bigint | null)[];
  receivedUs: bigint[];
  seq: (string | null)[];
  extra: string | null;
  values: Record<string, (string | null)[]>;
}

/** Columns of readings_compact in the order encodeDay's values come. */
export const COMPACT_COLUMNS = [
  'device_id',
  'day',
  'first_ts',
  'last_ts',
  'n',
  'ts_us',
  'prev_us',
  'received_us',
  'seq',
  'decimals',
  'exact',
  'extra',
  ...NUMBER_COLUMNS.map((c) => c.column),
];

const usIso = (us: bigint) =>
  `${new Date(Number(us / 1000n)).toISOString().slice(0, -1)}${String(us % 1000n).padStart(3, '0')}Z`;

/**
 * The readings_compact row of one device's UTC day (at least one reading), as query parameters in COMPACT_COLUMNS
 * order.
 */
export function encodeDay(deviceId: number, day: string, texts: DayTexts): (string | number | null)[] {
  const n = texts.tsUs.length;
  if (n === 0) throw new Error('a compacted day holds at least one reading');
  const dayStartUs = BigInt(Date.parse(`${day}T00:00:00Z`)) * 1000n;
  const none: null[] = new Array<null>(n).fill(null);
  const decimals: Record<string, number> = {};
  const exact: Record<string, (string | null)[]> = {};
  const arrays = NUMBER_COLUMNS.map((c) => {
    let values = texts.values[c.column] ?? none;
    // The part of a delta in the next day is mostly the whole delta: NULL where it is (read back as the whole).
    const whole = NEXT_OF.get(c.column);
    if (whole) {
      const of = texts.values[whole] ?? none;
      values = values.map((v, i) => (v === of[i] ? null : v));
    }
    const encoded = encodeField(values, c.type, c.differenced);
    if (encoded === null) {
      exact[c.column] = values;
      return null;
    }
    if (encoded.array !== null) decimals[c.column] = encoded.decimals;
    return encoded.array;
  });
  const seq = differences(texts.seq.map((v) => (v === null ? null : BigInt(v))));
  if (seq && !seq.fitsInt8) throw new Error('sequence numbers too far apart to compact');
  // Summed back as doubles: every receipt delay must be an integer a double holds (285 years of microseconds).
  if (texts.receivedUs.some((us) => us > FLOAT_EXACT || us < -FLOAT_EXACT))
    throw new Error('a receipt time too far from its reading to compact');
  return [
    deviceId,
    day,
    usIso(texts.tsUs[0]!),
    usIso(texts.tsUs[n - 1]!),
    n,
    differences(texts.tsUs.map((us) => us - dayStartUs))!.text,
    literal(texts.prevUs),
    // Differences: a batch written at once has one receipt time, and a live device's delay hardly varies.
    differences(texts.receivedUs)!.text,
    seq?.text ?? null,
    JSON.stringify(decimals),
    Object.keys(exact).length > 0 ? JSON.stringify(exact) : null,
    texts.extra,
    ...arrays,
  ];
}

/** The SQL type of each encodeDay value, in COMPACT_COLUMNS order (the repository's INSERT casts to them). */
export const COMPACT_TYPES = [
  'int4',
  'date',
  'timestamptz',
  'timestamptz',
  'int4',
  'int8[]',
  'int8[]',
  'int8[]',
  'int8[]',
  'jsonb',
  'jsonb',
  'jsonb',
  ...NUMBER_COLUMNS.map((c) => `${INT_ARRAY[c.type]}[]`),
];

const DAY_START = `(rc.day::timestamp AT TIME ZONE 'UTC')`;
const US = `interval '1 microsecond'`;

/**
 * What the unnested row needs for a column: its array, and how its differences are summed back: `int` for 4-byte
 * integers (an 8-byte sum), `float` where every running sum is an integer a double holds exactly (the fastest sum),
 * `numeric` for seq (any 8-byte integer), none for values stored as they are.
 */
function unnested(column: string): { name: string; sum: 'int' | 'float' | 'numeric' | null } | null {
  if (column === 'received_at') return { name: 'received_us', sum: 'float' };
  if (column === 'prev_ts') return { name: 'prev_us', sum: null };
  if (column === 'seq') return { name: 'seq', sum: 'numeric' };
  if (column === 'extra') return null;
  const { type, differenced } = NUMBER_INDEX.get(column)!;
  if (!differenced) return { name: column, sum: null };
  return { name: column, sum: INT_ARRAY[type] === 'int4' ? 'int' : 'float' };
}

const SUMMED = { int: (x: string) => x, float: (x: string) => `${x}::float8`, numeric: (x: string) => x };

/**
 * A number column's divisor in a compacted row: 10^d as a double, or NULL where the row keeps the column's texts (or
 * never had it). Computed once per row (see compactedBranch), not once per value.
 */
const divisor = (column: string) => `(${POWERS})[(rc.decimals ->> '${column}')::int + 1]`;

/** A number column's value from the unnested row `u` of compacted row `c` with divisors `p`: integer, or exact text. */
function number(column: string): string {
  const { type } = NUMBER_INDEX.get(column)!;
  const fromText = `(rc.exact -> '${column}' ->> (rcu.i::int - 1))::${type}`;
  const fromInt =
    type === 'real' || type === 'float8'
      ? `(rcu.${column}::float8 / rcd.${column})::${type}`
      : `rcu.${column}::${type}`;
  return `CASE WHEN rcd.${column} IS NULL THEN ${fromText} ELSE ${fromInt} END`;
}

/** The value of a column from the unnested row `u` of compacted row `c`. */
function decoded(column: ReadingColumn): string {
  if (column === 'received_at') return `${DAY_START} + (rcu.t + rcu.received_us)::float8 * ${US}`;
  if (column === 'prev_ts') return `${DAY_START} + (rcu.t - rcu.prev_us)::float8 * ${US}`;
  if (column === 'seq') return `rcu.seq::int8`;
  if (column === 'extra') return `nullif(rc.extra -> (rcu.i::int - 1), 'null'::jsonb)`;
  const whole = NEXT_OF.get(column);
  return whole ? `coalesce(${number(column)}, ${number(whole)})` : number(column);
}

/**
 * SQL of the compacted readings matching `where` (a condition on `rc`, a readings_compact row), with device_id, ts and
 * `columns`: each row's divisors once (`rcd`: OFFSET 0 keeps the planner from copying them into every value's
 * expression, and the unnesting names `rcd.one` so that it is joined after them: otherwise the planner may join the
 * divisors last, once per value, which made a compacted day's 5-minute bins 8 times slower on PostgreSQL), then its
 * arrays unnested together (the ts array always, so a day of NULLs still has its readings), the
 * differences summed back in order.
 */
export function compactedBranch(columns: readonly ReadingColumn[], where: string): string {
  const arrays = new Set<string>();
  for (const c of columns) {
    arrays.add(c);
    const whole = NEXT_OF.get(c);
    if (whole) arrays.add(whole);
  }
  const parts = [...arrays].flatMap((c) => {
    const u = unnested(c);
    return u ? [u] : [];
  });
  const names = ['ts_us', ...parts.map((p) => p.name)];
  const numbers = [...arrays].filter((c) => NUMBER_INDEX.has(c));
  const inner = parts.map((p) =>
    p.sum
      ? `CASE WHEN rcx.${p.name} IS NULL THEN NULL ELSE sum(${SUMMED[p.sum](`rcx.${p.name}`)}) OVER w END AS ${p.name}`
      : `rcx.${p.name}`,
  );
  return `SELECT rc.device_id, ${DAY_START} + rcu.t::float8 * ${US} AS ts${columns.map((c) => `, ${decoded(c)} AS ${c}`).join('')}
    FROM readings_compact rc
    CROSS JOIN LATERAL (SELECT ${['1 AS one', ...numbers.map((n) => `${divisor(n)} AS ${n}`)].join(', ')} OFFSET 0) rcd
    CROSS JOIN LATERAL (
      SELECT rcx.i, rcd.one, sum(rcx.ts_us::float8) OVER w AS t${inner.map((s) => `, ${s}`).join('')}
        FROM unnest(${names.map((n) => `rc.${n}`).join(', ')}) WITH ORDINALITY AS rcx(${names.join(', ')}, i)
      WINDOW w AS (ORDER BY rcx.i ROWS UNBOUNDED PRECEDING)
    ) rcu
   WHERE ${where}`;
}
// The aliases (rc, rcd, rcu, rcx) are unlike any a caller uses: the window's bounds may name the caller's tables.

/**
 * How a number column is held (compact-decode.ts reads it in Node): its type, whether differenced, whether it is the
 * next-day part of an energy delta (NULL where it equals the whole delta). Undefined for other columns.
 */
export function numberColumn(
  column: string,
): { type: FieldColumnType; differenced: boolean; nextOfWhole: boolean } | undefined {
  const c = NUMBER_INDEX.get(column);
  return c && { type: c.type, differenced: c.differenced, nextOfWhole: NEXT_OF.has(column) };
}
