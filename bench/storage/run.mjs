// Storage: rows/s into our real readings layout (the ingest's own write path, binary COPY per batch of 500, with and
// without the energy chain and rollups) beside a raw COPY of the same rows into a plain table of the same shape, same engine, same run.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDb } from '../../apps/server/dist/db/db.js';
import { migrate } from '../../apps/server/dist/db/migrate.js';
import { Ingest } from '../../apps/server/dist/features/telemetry/ingest.js';
import { insertReadings } from '../../apps/server/dist/features/telemetry/ingest.repository.js';
import { FIELD_COLUMNS } from '../../apps/server/dist/features/telemetry/columns.js';
import { startPostgres } from '../../scripts/pg-harness.mjs';
import { round, simulatedReadings, writeResult } from '../support.mjs';

const DEVICES = 200;
const PER_DEVICE = 100;
const BATCH = 500;

async function prepare(db, inverters) {
  await migrate(db);
  const role = (await db.query(`INSERT INTO roles (name) VALUES ('bench') RETURNING id`)).rows[0].id;
  const owner = (
    await db.query(
      `INSERT INTO users (username, password_hash, name, code, level, role_id, path) VALUES ('bench', 'x', 'bench', 'UB', 0, $1, '/1/') RETURNING id`,
      [role],
    )
  ).rows[0].id;
  const plant = (
    await db.query(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id) VALUES ('bench', 1, 1000, 14, 50, 'Europe/Prague', $1) RETURNING id`,
      [owner],
    )
  ).rows[0].id;
  const ids = new Map();
  for (const inv of inverters) {
    const { rows } = await db.query(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', $2, $3, $4) RETURNING id`,
      [inv.sn, inv.model, owner, plant],
    );
    ids.set(inv.sn, rows[0].id);
  }
  await db.exec(`CREATE TABLE raw_copy (LIKE readings INCLUDING DEFAULTS)`);
  return ids;
}

function csvOf(rows, ids) {
  const cols = ['device_id', 'ts', ...FIELD_COLUMNS.map((c) => c.column)];
  const lines = rows.map((r) =>
    [ids.get(r.sn), new Date(r.ts).toISOString(), ...FIELD_COLUMNS.map((c) => r.values[c.key] ?? '')].join(','),
  );
  return { cols, text: `${lines.join('\n')}\n` };
}

async function copyInto(db, engine, csv) {
  const sql = `COPY raw_copy (${csv.cols.join(', ')}) FROM STDIN WITH (FORMAT csv)`;
  if (engine === 'pglite') {
    await db.native.query(sql.replace('STDIN', `'/dev/blob'`), [], { blob: new Blob([csv.text]) });
    return;
  }
  const { from } = (await import('pg-copy-streams')).default;
  const client = await db.native.connect();
  try {
    await pipeline(Readable.from([csv.text]), client.query(from(sql)));
  } finally {
    client.release();
  }
}

async function measure(engine, url, data) {
  const db = await openDb(url ? { databaseUrl: url } : {});
  try {
    const ids = await prepare(db, data.inverters);
    const rows = data.readings;
    const half = Math.floor(rows.length / 2);
    // 1. Full ingest: readings + energy chain + device and plant rollups.
    const ingest = new Ingest(db, { maxBatch: BATCH });
    let t = performance.now();
    await Promise.all(rows.slice(0, half).map((r) => ingest.submit({ id: ids.get(r.sn), sn: r.sn }, r)));
    const ingestRate = half / ((performance.now() - t) / 1000);
    // 2. Our layout alone: the unnest INSERT without chain and rollups.
    const plain = rows.slice(half).map((r) => ({
      deviceId: ids.get(r.sn),
      ts: r.ts,
      seq: null,
      values: r.values,
      extra: null,
      prevTs: null,
      delta: zero(),
      deltaNext: zero(),
    }));
    t = performance.now();
    for (let i = 0; i < plain.length; i += BATCH)
      await db.transaction((tx) => insertReadings(tx, plain.slice(i, i + BATCH)));
    const layoutRate = plain.length / ((performance.now() - t) / 1000);
    // Anchor: COPY of the same rows into a plain table of the same columns.
    const csv = csvOf(rows, ids);
    t = performance.now();
    await copyInto(db, engine, csv);
    const copyRate = rows.length / ((performance.now() - t) / 1000);
    return {
      engine,
      ingestWithRollupsRowsPerS: round(ingestRate),
      layoutInsertRowsPerS: round(layoutRate),
      anchorCopyRowsPerS: round(copyRate),
      layoutVsCopy: round(layoutRate / copyRate, 2),
      ingestVsCopy: round(ingestRate / copyRate, 2),
    };
  } finally {
    await db.close();
  }
}

const zero = () => ({ pv: 0, load: 0, gridImport: 0, gridExport: 0, batCharge: 0, batDischarge: 0 });

export async function run() {
  const data = await simulatedReadings(DEVICES, PER_DEVICE);
  const results = [await measure('pglite', undefined, data)];
  const pg = await startPostgres().catch(() => undefined);
  if (pg) {
    try {
      results.push(await measure('postgres', pg.url, data));
    } finally {
      await pg.stop();
    }
  }
  const file = await writeResult('storage', {
    rows: data.readings.length,
    fieldsPerReading: Object.keys(data.readings[0].values).length,
    batch: BATCH,
    results,
    note: 'native PostgreSQL runs with fsync off (test cluster)',
  });
  for (const r of results)
    console.log(
      `storage ${r.engine}: ingest ${r.ingestWithRollupsRowsPerS}/s, layout ${r.layoutInsertRowsPerS}/s, COPY anchor ${r.anchorCopyRowsPerS}/s`,
    );
  console.log(`→ ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
