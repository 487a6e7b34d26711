// Storage per device-year: bytes of raw readings (heap and TOAST, and indexes) and of the rollups per inverter per year
// of one reading a minute, on each engine, beside two anchors holding the same rows: a plain table of the same
// columns without any index (same engine), and the rows as a gzip-compressed CSV file.
//
// Short run, extrapolated: DEVICES inverters (the ingest benchmark's 75-field clones) × DAYS days, one reading a minute,
// through the real Ingest (energy chain and all six rollups); bytes ÷ (DEVICES × DAYS) × 365. Everything per reading
// (readings, their index, the 5-minute rollup: 288 rows a device-day) grows linearly with time. The day and month
// rollups are too small to measure by relation size (one 8 KB page would count as megabytes a year): they are counted
// as 365 and 12 rows a device-year at the 5-minute table's bytes per row. Plant rollups are per plant, shared by its
// devices: reported per plant-year the same way.
import { readFile } from 'node:fs/promises';
import { createGzip } from 'node:zlib';
import { openDb } from '../../apps/server/dist/db/db.js';
import { migrate } from '../../apps/server/dist/db/migrate.js';
import { Ingest } from '../../apps/server/dist/features/telemetry/ingest.js';
import { FIELD_COLUMNS } from '../../apps/server/dist/features/telemetry/columns.js';
import { startPostgres } from '../../scripts/pg-harness.mjs';
import { measureCompacted } from './compacted.mjs';
import { benchFleet, REPORT_INTERVAL_S } from '../ingest/fleet.mjs';
import { ROOT, round, writeResult } from '../support.mjs';

const DEVICES = Number(process.env.RETENTION_BENCH_DEVICES ?? 4);
const DAYS = Number(process.env.RETENTION_BENCH_DAYS ?? 30);
const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;
const MB = 1024 * 1024;

async function prepare(db, fleet) {
  await migrate(db);
  const role = (await db.query(`INSERT INTO roles (name) VALUES ('bench') RETURNING id`)).rows[0].id;
  const owner = (
    await db.query(
      `INSERT INTO users (username, password_hash, name, code, level, role_id, path) VALUES ('bench', 'x', 'bench', 'UB', 0, $1, '/1/') RETURNING id`,
      [role],
    )
  ).rows[0].id;
  const plantIds = new Map();
  const ids = new Map();
  for (const inv of fleet.devices.filter((d) => d.kind === 'inverter')) {
    const p = fleet.plants.find((x) => x.id === inv.plantId);
    if (!plantIds.has(p.id)) {
      const { rows } = await db.query(
        `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id) VALUES ($1, 1, $2, $3, $4, $5, $6) RETURNING id`,
        [p.name, p.powerKw ?? 100, p.longitude ?? 14, p.latitude ?? 50, p.timeZone, owner],
      );
      plantIds.set(p.id, rows[0].id);
    }
    const { rows } = await db.query(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', $2, $3, $4) RETURNING id`,
      [inv.sn, inv.model, owner, plantIds.get(p.id)],
    );
    ids.set(inv.sn, rows[0].id);
  }
  return { ids, plants: plantIds.size };
}

/** Ingests the fleet's readings day by day (bounded memory); returns the gzip CSV anchor's size and the rows. */
async function load(db, ids, startMs) {
  const { createFleet } = await import(`${ROOT}/packages/simulator/dist/index.js`);
  const whole = await benchFleet(DEVICES, startMs);
  const fleet = createFleet(whole);
  const ingest = new Ingest(db, { maxBatch: 500 });
  const gzip = createGzip({ level: 9 });
  let gzBytes = 0;
  gzip.on('data', (chunk) => (gzBytes += chunk.length));
  const ended = new Promise((resolve) => gzip.on('end', resolve));
  gzip.write(`device_id,ts,${FIELD_COLUMNS.map((c) => c.column).join(',')}\n`);
  let rows = 0;
  let fields = 0;
  for (let day = 0; day < DAYS; day++) {
    const day_ = [];
    fleet.advance(startMs + (day + 1) * DAY_MS, REPORT_INTERVAL_S, (r) => {
      if (ids.has(r.sn)) day_.push(r);
    });
    const lines = day_.map((r) =>
      [ids.get(r.sn), new Date(r.ts).toISOString(), ...FIELD_COLUMNS.map((c) => r.values[c.key] ?? '')].join(','),
    );
    gzip.write(`${lines.join('\n')}\n`);
    await Promise.all(day_.map((r) => ingest.submit({ id: ids.get(r.sn), sn: r.sn }, r)));
    rows += day_.length;
    fields = Math.max(fields, ...day_.map((r) => Object.keys(r.values).length));
  }
  await ingest.flush();
  gzip.end();
  await ended;
  return { gzBytes, rows, fields };
}

async function sizes(db) {
  const one = async (sql) => Number((await db.query(sql)).rows[0].n);
  const parts = `(SELECT relid FROM pg_partition_tree('readings') WHERE isleaf)`;
  const table = (t) =>
    db.query(`SELECT pg_total_relation_size('${t}')::int8 AS bytes, (SELECT count(*) FROM ${t})::int8 AS rows`);
  const rollup = {};
  for (const t of ['device_energy_5m', 'plant_energy_5m']) rollup[t] = (await table(t)).rows[0];
  return {
    readingsHeap: await one(`SELECT sum(pg_table_size(relid))::int8 AS n FROM ${parts} p`),
    readingsIndexes: await one(`SELECT sum(pg_indexes_size(relid))::int8 AS n FROM ${parts} p`),
    rollup,
  };
}

async function measure(engine, url, startMs, fleet) {
  const db = await openDb(url ? { databaseUrl: url } : {});
  try {
    const { ids, plants } = await prepare(db, fleet);
    const t = performance.now();
    const { gzBytes, rows, fields } = await load(db, ids, startMs);
    const loadS = (performance.now() - t) / 1000;
    // Anchor: the same rows in a plain table of the same columns, no key, no index.
    await db.exec(
      `CREATE TABLE plain_readings (LIKE readings INCLUDING DEFAULTS); INSERT INTO plain_readings SELECT * FROM readings`,
    );
    // Both engines alike: the visibility and free-space maps a table in use has, and fresh statistics.
    await db.exec(`VACUUM ANALYZE`);
    const plain = Number((await db.query(`SELECT pg_total_relation_size('plain_readings')::int8 AS n`)).rows[0].n);
    const s = await sizes(db);
    const deviceDays = DEVICES * DAYS;
    const perDeviceYear = (bytes) => (bytes / deviceDays) * YEAR_DAYS;
    const per5m = s.rollup.device_energy_5m.bytes / s.rollup.device_energy_5m.rows;
    const plantPer5m = s.rollup.plant_energy_5m.bytes / s.rollup.plant_energy_5m.rows;
    const deviceRollups = perDeviceYear(s.rollup.device_energy_5m.bytes) + per5m * (YEAR_DAYS + 12);
    const readings = perDeviceYear(s.readingsHeap);
    const indexes = perDeviceYear(s.readingsIndexes);
    const compacted = await measureCompacted(db, {
      startMs,
      endMs: startMs + DAYS * DAY_MS,
      rawBytesPerReading: (s.readingsHeap + s.readingsIndexes) / rows,
      deviceRollupsMB: deviceRollups / MB,
    });
    return {
      engine,
      rows,
      fieldsPerReading: fields,
      loadSeconds: round(loadS, 1),
      bytesPerReading: round((s.readingsHeap + s.readingsIndexes) / rows),
      perDeviceYearMB: {
        readings: round(readings / MB, 1),
        readingIndexes: round(indexes / MB, 1),
        deviceRollups: round(deviceRollups / MB, 1),
        total: round((readings + indexes + deviceRollups) / MB, 1),
      },
      plantRollupsPerPlantYearMB: round((plantPer5m * (288 * YEAR_DAYS + YEAR_DAYS + 12)) / MB, 1),
      anchorPerDeviceYearMB: {
        plainTableNoIndex: round(perDeviceYear(plain) / MB, 1),
        csvGzip: round(perDeviceYear(gzBytes) / MB, 1),
      },
      ratioToPlainTable: round((readings + indexes + deviceRollups) / perDeviceYear(plain), 2),
      ratioToCsvGzip: round((readings + indexes + deviceRollups) / perDeviceYear(gzBytes), 1),
      plants,
      compacted,
    };
  } finally {
    await db.close();
  }
}

export async function run() {
  // Whole UTC days ending at today's midnight: the compaction's device-days are whole days.
  const startMs = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAYS * DAY_MS;
  const fleet = await benchFleet(DEVICES, startMs);
  const results = [await measure('pglite', undefined, startMs, fleet)];
  const pg = await startPostgres().catch(() => undefined);
  if (pg) {
    try {
      results.push(await measure('postgres', pg.url, startMs, fleet));
    } finally {
      await pg.stop();
    }
  }
  const file = await writeResult('retention', {
    devices: DEVICES,
    days: DAYS,
    readingIntervalS: REPORT_INTERVAL_S,
    extrapolation: `bytes ÷ (${DEVICES} devices × ${DAYS} days) × 365; day and month rollups as 365 + 12 rows at the 5-minute rollup's bytes per row`,
    results,
    compactedExtrapolation: `readings_compact bytes (heap, TOAST, key) ÷ compacted readings × 1,440 × 365, after compacting every loaded day but each device's newest reading; totalFirstYearMB adds what a device keeps whatever its age: the last 7 days raw and their 5-minute values`,
    loadAverage: (await readFile('/proc/loadavg', 'utf8')).trim(),
    note: 'native PostgreSQL runs with fsync off (test cluster); sizes are relation sizes (heap, TOAST, free-space and visibility maps, indexes) after load and VACUUM ANALYZE',
  });
  for (const r of results)
    console.log(
      `retention ${r.engine}: ${r.perDeviceYearMB.total} MB per device-year (readings ${r.perDeviceYearMB.readings}, indexes ${r.perDeviceYearMB.readingIndexes}, rollups ${r.perDeviceYearMB.deviceRollups}); plain table ${r.anchorPerDeviceYearMB.plainTableNoIndex} MB, CSV gzip ${r.anchorPerDeviceYearMB.csvGzip} MB`,
    );
  for (const r of results)
    console.log(
      `compacted ${r.engine}: ${r.compacted.perDeviceYearMB.total} MB per device-year (compacted readings ${r.compacted.perDeviceYearMB.compactedReadings}, rollups ${r.compacted.perDeviceYearMB.deviceRollups}) + kept raw ${r.compacted.keptPerDeviceMB.rawReadings} MB, 5-minute values ${r.compacted.keptPerDeviceMB.values5m} MB = ${r.compacted.totalFirstYearMB} MB; ${r.compacted.msPerDeviceDay} ms per device-day`,
    );
  console.log(`→ ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
