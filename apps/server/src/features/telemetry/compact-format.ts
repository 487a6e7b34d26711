import { ENERGY_DELTA_COLUMNS, FIELD_COLUMNS, type FieldColumnType } from './columns.js';

/*
 * The columnar form of a device's UTC day of readings (table readings_compact, migration 0047, decision 0036): this
 * file writes it (encodeDay) and generates the SQL that reads it back (compactedBranch), so the two cannot drift.
 * Every value comes back exactly as it was stored: the compaction job reads the day back after writing it and compares
 * every value's text before the raw rows go (compaction.repository.ts).
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

const FIELD_INDEX = new Map(FIELD_COLUMNS.map((c, i) => [c.column, { index: i + 1, type: c.type }]));
const ENERGY = new Set<string>(ENERGY_DELTA_COLUMNS);

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
  return { int: sign ? -BigInt(digits) : BigInt(digits), decimals };
}

const literal = (values: readonly (bigint | string | null)[]) =>
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

/** A catalogue field's day: integers of 10^-decimals units as differences, or null (keep the exact texts). */
function encodeField(
  texts: readonly (string | null)[],
  type: FieldColumnType,
): { decimals: number; array: string | null } | null {
  const parsed = texts.map((t) => (t === null ? null : decimalOf(t)));
  if (parsed.some((p, i) => p === null && texts[i] !== null)) return null;
  const decimals = Math.max(0, ...parsed.map((p) => p?.decimals ?? 0));
  if ((type === 'int2' || type === 'int8') && decimals > 0) return null;
  const ints = parsed.map((p) => (p === null ? null : p.int * 10n ** BigInt(decimals - p.decimals)));
  const float = type === 'real' || type === 'float8';
  if (float && ints.some((v) => v !== null && (v > FLOAT_EXACT || v < -FLOAT_EXACT))) return null;
  // Codes (bit words) as they are: they rarely change, and a running sum of 8-byte integers would cost numeric
  // arithmetic to decode.
  if (type === 'int8') return { decimals, array: ints.every((v) => v === null) ? null : literal(ints) };
  const diff = differences(ints);
  if (diff && !(INT_ARRAY[type] === 'int4' ? diff.fitsInt4 : diff.fitsInt8)) return null;
  return { decimals, array: diff?.text ?? null };
}

/** One stored reading as the compaction reads it: microsecond times and every value as PostgreSQL's text. */
export interface ReadingText {
  tsUs: bigint;
  prevUs: bigint | null;
  receivedUs: bigint;
  seq: string | null;
  extra: string | null;
  values: Record<string, string | null>;
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
  ...FIELD_COLUMNS.map((c) => c.column),
  ...ENERGY_DELTA_COLUMNS,
];

/**
 * The readings_compact row of one device's UTC day (`rows` in time order, all in the day), as query parameters in
 * COMPACT_COLUMNS order. `keepExact` names fields to keep as text whatever their values (the read-back check's answer
 * to a value the integers did not give back).
 */
export function encodeDay(
  deviceId: number,
  day: string,
  rows: readonly ReadingText[],
  keepExact: ReadonlySet<string> = new Set(),
): (string | number | null)[] {
  if (rows.length === 0) throw new Error('a compacted day holds at least one reading');
  const dayStartUs = BigInt(Date.parse(`${day}T00:00:00Z`)) * 1000n;
  const usIso = (us: bigint) =>
    `${new Date(Number(us / 1000n)).toISOString().slice(0, -1)}${String(us % 1000n).padStart(3, '0')}Z`;
  const decimals: (number | null)[] = [];
  const exact: Record<string, (string | null)[]> = {};
  const fieldArrays = FIELD_COLUMNS.map((c) => {
    const texts = rows.map((r) => r.values[c.column] ?? null);
    const encoded = keepExact.has(c.column) ? null : encodeField(texts, c.type);
    if (encoded === null) {
      decimals.push(null);
      exact[c.column] = texts;
      return null;
    }
    decimals.push(encoded.decimals);
    return encoded.array;
  });
  const seq = differences(rows.map((r) => (r.seq === null ? null : BigInt(r.seq))));
  if (seq && !seq.fitsInt8) throw new Error('sequence numbers too far apart to compact');
  const extra = rows.some((r) => r.extra !== null) ? `[${rows.map((r) => r.extra ?? 'null').join(',')}]` : null;
  return [
    deviceId,
    day,
    usIso(rows[0]!.tsUs),
    usIso(rows[rows.length - 1]!.tsUs),
    rows.length,
    differences(rows.map((r) => r.tsUs - dayStartUs))!.text,
    literal(rows.map((r) => (r.prevUs === null ? null : r.prevUs))),
    literal(rows.map((r) => r.receivedUs)),
    seq?.text ?? null,
    literal(decimals.map((d) => (d === null ? null : String(d)))),
    Object.keys(exact).length > 0 ? JSON.stringify(exact) : null,
    extra,
    ...fieldArrays,
    ...ENERGY_DELTA_COLUMNS.map((c) => literal(rows.map((r) => r.values[c] ?? '0'))),
  ];
}

const COMPACT_TYPES = [
  'int4',
  'date',
  'timestamptz',
  'timestamptz',
  'int4',
  'int8[]',
  'int8[]',
  'int8[]',
  'int8[]',
  'int2[]',
  'jsonb',
  'jsonb',
  ...FIELD_COLUMNS.map((c) => `${INT_ARRAY[c.type]}[]`),
  ...ENERGY_DELTA_COLUMNS.map(() => 'float8[]'),
];

/** The INSERT of one encodeDay row. */
export const INSERT_COMPACT_SQL = `INSERT INTO readings_compact (${COMPACT_COLUMNS.join(', ')})
  VALUES (${COMPACT_TYPES.map((t, i) => `$${i + 1}::${t}`).join(', ')})`;

const DAY_START = `(c.day::timestamp AT TIME ZONE 'UTC')`;
const US = `interval '1 microsecond'`;

/**
 * What the unnested row needs for a column: its array, and how its differences are summed back: `int` for 4-byte
 * integers (an 8-byte sum), `float` where every running sum is an integer a double holds exactly (the fastest sum),
 * `numeric` for seq (any 8-byte integer), none for values stored as they are.
 */
function unnested(column: ReadingColumn): { name: string; sum: 'int' | 'float' | 'numeric' | null } | null {
  if (column === 'received_at') return { name: 'received_us', sum: null };
  if (column === 'prev_ts') return { name: 'prev_us', sum: null };
  if (column === 'seq') return { name: 'seq', sum: 'numeric' };
  if (column === 'extra') return null;
  if (ENERGY.has(column)) return { name: column, sum: null };
  const type = FIELD_INDEX.get(column)!.type;
  if (type === 'int8') return { name: column, sum: null };
  return { name: column, sum: INT_ARRAY[type] === 'int4' ? 'int' : 'float' };
}

const SUMMED = { int: (x: string) => x, float: (x: string) => `${x}::float8`, numeric: (x: string) => x };

/** The value of a column from the unnested row `u` of compacted row `c`. */
function decoded(column: ReadingColumn): string {
  if (column === 'received_at') return `${DAY_START} + (u.t + u.received_us)::float8 * ${US}`;
  if (column === 'prev_ts') return `${DAY_START} + (u.t - u.prev_us)::float8 * ${US}`;
  if (column === 'seq') return `u.seq::int8`;
  if (column === 'extra') return `nullif(c.extra -> (u.i::int - 1), 'null'::jsonb)`;
  if (ENERGY.has(column)) return `u.${column}`;
  const field = FIELD_INDEX.get(column)!;
  const fromText = `(c.exact -> '${column}' ->> (u.i::int - 1))::${field.type}`;
  const fromInt =
    field.type === 'real' || field.type === 'float8'
      ? `(u.${column}::float8 / (${POWERS})[c.decimals[${field.index}] + 1])::${field.type}`
      : `u.${column}::${field.type}`;
  return `CASE WHEN c.decimals[${field.index}] IS NULL THEN ${fromText} ELSE ${fromInt} END`;
}

/**
 * SQL of the compacted readings matching `where` (a condition on `c`, a readings_compact row), with device_id, ts and
 * `columns`: each row's arrays unnested together (the ts array always, so a day of NULLs still has its readings), the
 * differences summed back in order.
 */
export function compactedBranch(columns: readonly ReadingColumn[], where: string): string {
  const parts = columns.flatMap((c) => {
    const u = unnested(c);
    return u ? [u] : [];
  });
  const names = ['ts_us', ...parts.map((p) => p.name)];
  const inner = parts.map((p) =>
    p.sum
      ? `CASE WHEN x.${p.name} IS NULL THEN NULL ELSE sum(${SUMMED[p.sum](`x.${p.name}`)}) OVER w END AS ${p.name}`
      : `x.${p.name}`,
  );
  return `SELECT c.device_id, ${DAY_START} + u.t::float8 * ${US} AS ts${columns.map((c) => `, ${decoded(c)} AS ${c}`).join('')}
    FROM readings_compact c
    CROSS JOIN LATERAL (
      SELECT x.i, sum(x.ts_us::float8) OVER w AS t${inner.map((s) => `, ${s}`).join('')}
        FROM unnest(${names.map((n) => `c.${n}`).join(', ')}) WITH ORDINALITY AS x(${names.join(', ')}, i)
      WINDOW w AS (ORDER BY x.i ROWS UNBOUNDED PRECEDING)
    ) u
   WHERE ${where}`;
}
