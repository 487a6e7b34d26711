import { ENERGY_QUANTITIES, type EnergyQuantity, type FieldKey } from '@voltfleet/domain/telemetry';
import type { Queryable } from '../../db/db.js';
import { COUNTER_COLUMNS, ENERGY_DELTA_COLUMNS, FIELD_COLUMNS, deltaColumns, rollupColumn } from './columns.js';
import { columnWriter, CopyBinaryWriter, type BinaryType } from './copy-binary.js';

export type Energy = Record<EnergyQuantity, number>;

/** A reading row as the energy chain needs it. */
export interface ChainRow {
  deviceId: number;
  ts: number;
  prevTs: number | null;
  counters: Partial<Record<FieldKey, number>>;
  delta: Energy;
  deltaNext: Energy;
}

export interface NewReadingRow {
  deviceId: number;
  ts: number;
  seq: number | null;
  values: Partial<Record<FieldKey, number>>;
  extra: Record<string, unknown> | null;
  prevTs: number | null;
  delta: Energy;
  deltaNext: Energy;
}

const DELTA_COLS = ENERGY_DELTA_COLUMNS;
const INSERT_COLUMNS = [
  'device_id',
  'ts',
  'seq',
  'prev_ts',
  'extra',
  ...FIELD_COLUMNS.map((c) => c.column),
  ...DELTA_COLS,
];
const INSERT_TYPES: BinaryType[] = [
  'int4',
  'timestamptz',
  'int8',
  'timestamptz',
  'jsonb',
  ...FIELD_COLUMNS.map((c) => c.type),
  ...DELTA_COLS.map((): BinaryType => 'float8'),
];
const INSERT_SQL = `INSERT INTO readings (${INSERT_COLUMNS.join(', ')})
  SELECT * FROM unnest(${INSERT_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})
  ON CONFLICT (device_id, ts) DO NOTHING`;

const COPY_SQL = `COPY readings (${INSERT_COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT binary)`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const FIELD_WRITERS = FIELD_COLUMNS.map((c) => ({ key: c.key, write: columnWriter(c.type) }));

/** The rows as binary COPY input, in INSERT_COLUMNS order. */
function copyInput(rows: NewReadingRow[]): Buffer {
  const w = new CopyBinaryWriter(rows.length * 1200);
  for (const r of rows) {
    w.row(INSERT_COLUMNS.length);
    w.int4(r.deviceId);
    w.timestamptz(r.ts);
    w.int8(r.seq);
    w.timestamptz(r.prevTs);
    w.jsonb(r.extra ? JSON.stringify(r.extra) : null);
    for (const f of FIELD_WRITERS) f.write(w, r.values[f.key]);
    for (const q of ENERGY_QUANTITIES) {
      w.float8(r.delta[q]);
      w.float8(r.deltaNext[q]);
    }
  }
  return w.finish();
}

/**
 * Inserts new readings in one statement. In a transaction that can COPY (both engines), binary COPY: several times
 * faster than INSERT, most of all on PGlite, but without ON CONFLICT, so `rows` must hold no reading already stored.
 * Ingest guarantees that: it drops duplicates against the stored chain it read in the same transaction, under the
 * device's lock (PostgreSQL) or PGlite's single connection. Elsewhere an INSERT … ON CONFLICT DO NOTHING.
 */
export async function insertReadings(db: Queryable, rows: NewReadingRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (db.copyFrom) return db.copyFrom(COPY_SQL, copyInput(rows));
  const columns: unknown[][] = [
    rows.map((r) => r.deviceId),
    rows.map((r) => iso(r.ts)),
    rows.map((r) => r.seq),
    rows.map((r) => iso(r.prevTs)),
    rows.map((r) => (r.extra ? JSON.stringify(r.extra) : null)),
    ...FIELD_COLUMNS.map((c) => rows.map((r) => r.values[c.key] ?? null)),
    ...ENERGY_QUANTITIES.flatMap((q) => [rows.map((r) => r.delta[q]), rows.map((r) => r.deltaNext[q])]),
  ];
  await db.query(INSERT_SQL, columns as never[]);
}

const CHAIN_SELECT = `r.device_id, r.ts, r.prev_ts, ${COUNTER_COLUMNS.map((c) => `r.${c.column}`).join(', ')}, ${DELTA_COLS.map((c) => `r.${c}`).join(', ')}`;
const DELTA_KWH = Object.fromEntries(ENERGY_QUANTITIES.map((q) => [q, deltaColumns(q)])) as Record<
  EnergyQuantity,
  { kwh: string; next: string }
>;

/**
 * The stored readings each device's new batch touches: from the last reading before the earliest new one to the
 * first reading after the latest new one (in order, per device). In steady ingest that is just the previous reading.
 * Readings at or after `horizonMs` are left out (see Ingest.linkBefore).
 */
export async function chainAround(
  db: Queryable,
  spans: { deviceId: number; minTs: number; maxTs: number }[],
  horizonMs: number | null = null,
): Promise<ChainRow[]> {
  if (spans.length === 0) return [];
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH b AS (SELECT * FROM unnest($1::int4[], $2::timestamptz[], $3::timestamptz[]) AS b(device_id, min_ts, max_ts))
     SELECT ${CHAIN_SELECT} FROM b CROSS JOIN LATERAL (
       SELECT * FROM readings r
        WHERE r.device_id = b.device_id AND r.ts < $4::timestamptz
          AND r.ts >= coalesce((SELECT max(p.ts) FROM readings p WHERE p.device_id = b.device_id AND p.ts < b.min_ts), b.min_ts)
          AND r.ts <= coalesce((SELECT min(n.ts) FROM readings n
                                 WHERE n.device_id = b.device_id AND n.ts > b.max_ts AND n.ts < $4::timestamptz), b.max_ts)
     ) r ORDER BY r.device_id, r.ts`,
    [
      spans.map((s) => s.deviceId),
      spans.map((s) => iso(s.minTs)),
      spans.map((s) => iso(s.maxTs)),
      horizonMs === null ? 'infinity' : iso(horizonMs),
    ],
  );
  return rows.map((row) => ({
    deviceId: row.device_id as number,
    ts: (row.ts as Date).getTime(),
    prevTs: row.prev_ts ? (row.prev_ts as Date).getTime() : null,
    counters: Object.fromEntries(
      COUNTER_COLUMNS.filter((c) => row[c.column] != null).map((c) => [c.key, Number(row[c.column])]),
    ),
    delta: energyFrom(row, (q) => DELTA_KWH[q].kwh),
    deltaNext: energyFrom(row, (q) => DELTA_KWH[q].next),
  }));
}

function energyFrom(row: Record<string, unknown>, column: (q: EnergyQuantity) => string): Energy {
  return Object.fromEntries(ENERGY_QUANTITIES.map((q) => [q, Number(row[column(q)] ?? 0)])) as Energy;
}

/** Rewrites the delta of a stored reading whose predecessor changed (a late reading arrived before it). */
export async function updateDeltas(
  db: Queryable,
  rows: { deviceId: number; ts: number; prevTs: number | null; delta: Energy; deltaNext: Energy }[],
) {
  if (rows.length === 0) return;
  const sets = ENERGY_QUANTITIES.flatMap((q, i) => [
    `${deltaColumns(q).kwh} = u.k${i}`,
    `${deltaColumns(q).next} = u.n${i}`,
  ]);
  const arrays = ENERGY_QUANTITIES.flatMap((q, i) => [`$${4 + 2 * i}::float8[]`, `$${5 + 2 * i}::float8[]`]);
  const names = ENERGY_QUANTITIES.flatMap((_q, i) => [`k${i}`, `n${i}`]);
  await db.query(
    `UPDATE readings r SET prev_ts = u.prev_ts, ${sets.join(', ')}
       FROM unnest($1::int4[], $2::timestamptz[], $3::timestamptz[], ${arrays.join(', ')}) AS u(device_id, ts, prev_ts, ${names.join(', ')})
      WHERE r.device_id = u.device_id AND r.ts = u.ts`,
    [
      rows.map((r) => r.deviceId),
      rows.map((r) => iso(r.ts)),
      rows.map((r) => iso(r.prevTs)),
      ...ENERGY_QUANTITIES.flatMap((q) => [rows.map((r) => r.delta[q]), rows.map((r) => r.deltaNext[q])]),
    ] as never[],
  );
}

export type RollupTable =
  | 'device_energy_5m'
  | 'device_energy_day'
  | 'device_energy_month'
  | 'plant_energy_5m'
  | 'plant_energy_day'
  | 'plant_energy_month';

/**
 * A PostgreSQL array literal of numbers and plain strings (no quotes, commas, braces, backslashes or spaces), as the
 * pg driver would write it but without quoting and escaping every element: rollup arrays hold thousands per batch.
 * Numbers are written as JavaScript prints them, the shortest text that reads back to the same double.
 */
function plainArray(values: readonly (number | string)[]): string {
  return `{${values.join(',')}}`;
}

/** Adds energy to rollup rows (creating them as needed): `key` is the device or plant id, `at` the bucket, day or month. */
export async function addToRollup(
  db: Queryable,
  table: RollupTable,
  entries: { key: number; at: string; energy: Energy }[],
) {
  if (entries.length === 0) return;
  // One order for every transaction: batches of different processes (or overlapping batches of one) add to the same
  // plant rows and lock them as they go; in different orders they could deadlock.
  entries.sort((a, b) => a.key - b.key || (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const idColumn = table.startsWith('device') ? 'device_id' : 'plant_id';
  const atColumn = table.endsWith('5m') ? 'bucket' : table.endsWith('day') ? 'day' : 'month';
  const atType = atColumn === 'bucket' ? 'timestamptz' : 'date';
  const cols = ENERGY_QUANTITIES.map(rollupColumn);
  await db.query(
    `INSERT INTO ${table} (${idColumn}, ${atColumn}, ${cols.join(', ')})
     SELECT * FROM unnest($1::int4[], $2::${atType}[], ${cols.map((_c, i) => `$${i + 3}::float8[]`).join(', ')})
     ON CONFLICT (${idColumn}, ${atColumn}) DO UPDATE SET ${cols.map((c) => `${c} = ${table}.${c} + EXCLUDED.${c}`).join(', ')}`,
    [
      plainArray(entries.map((e) => e.key)),
      plainArray(entries.map((e) => e.at)),
      ...ENERGY_QUANTITIES.map((q) => plainArray(entries.map((e) => e.energy[q]))),
    ],
  );
}

/**
 * Drops a plant's rollups (they have no foreign key to plants): the plants feature calls this inside the transaction
 * that deletes the plant. Readings and the rollups per device stay.
 */
export async function dropPlantRollups(db: Queryable, plantId: number): Promise<void> {
  await db.query(`DELETE FROM plant_energy_5m WHERE plant_id = $1`, [plantId]);
  await db.query(`DELETE FROM plant_energy_day WHERE plant_id = $1`, [plantId]);
  await db.query(`DELETE FROM plant_energy_month WHERE plant_id = $1`, [plantId]);
}

/** Holds each device's chain for this transaction, in id order so two batches cannot deadlock (PostgreSQL only). */
export async function lockDeviceChains(db: Queryable, deviceIds: readonly number[]): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(7001, id) FROM unnest($1::int4[]) AS id ORDER BY id`, [[...deviceIds]]);
}

/** What ingest needs of each device: its model (rated power), plant, the plant's time zone and size. */
export async function ingestMeta(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{
    id: number;
    model: string;
    plant_id: number | null;
    time_zone: string | null;
    power_kw: number | null;
  }>(
    `SELECT d.id, d.model, d.plant_id, p.time_zone, p.power_kw FROM devices d LEFT JOIN plants p ON p.id = d.plant_id
      WHERE d.id = ANY($1::int4[])`,
    [[...ids]],
  );
  return rows;
}

/** The monthly partition of `readings` holding a UTC month (YYYY-MM): readings_YYYY_MM. */
export const partitionName = (month: string) => `readings_${month.replace('-', '_')}`;

/** The UTC month (YYYY-MM) of a partition named by partitionName, or null for any other name. */
export function partitionMonth(name: string): string | null {
  const match = /^readings_(\d{4})_(\d{2})$/.exec(name);
  return match ? `${match[1]}-${match[2]}` : null;
}

/** Creates the monthly partitions of `readings` for the given months (YYYY-MM, UTC) when they do not exist yet. */
export async function ensurePartitions(db: Queryable, months: Iterable<string>): Promise<void> {
  for (const month of months) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const from = `${month}-01`;
    const to = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const name = partitionName(month);
    try {
      await db.query(
        `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF readings FOR VALUES FROM ('${from} 00:00+00') TO ('${to} 00:00+00')`,
      );
    } catch (err) {
      // Another process created it between our check and our create: that is what we wanted.
      if (!(err && typeof err === 'object' && 'code' in err && (err.code === '42P07' || err.code === '23505')))
        throw err;
    }
  }
}
