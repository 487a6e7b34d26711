// The alarm engine alone, in-process: what evaluating committed readings costs per reading, and in how many SQL
// statements, without the broker and the ingest (as "Ingest alone" in bench/README.md). The engine of the build
// (apps/server/dist, or BENCH_SERVER_DIST) gets the benchmark's readings (2,000 devices, fault-mix.mjs, one reading a
// minute) as the ingest hands them over, batches of 500 in commit order, one batch evaluated at a time; on PGlite and
// on native PostgreSQL (one model on both, decision 0028: the statements counted include the engine's own connection).
//
//   npm run build && node bench/alarm-ingest/engine-alone.mjs            # prints a table, writes nothing
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { postgresUnavailableReason, startPostgres } from '../../scripts/pg-harness.mjs';
import { ROOT, round } from '../support.mjs';
import { DIST } from '../ingest/server-process.mjs';
import { faultsAt } from './fault-mix.mjs';

const DEVICES = 2000;
const READINGS = 25;
const BATCH = 500;
const RULES = { debounceMs: 0, recoverMs: 60_000, flapCount: 3, flapWindowMs: 3_600_000 };

/** A Db whose transactions count their statements and the time spent waiting for them. */
function counting(db) {
  const stats = { statements: 0, transactions: 0, queryMs: 0 };
  const wrap = (q) => ({
    ...q,
    async query(sql, params) {
      stats.statements += 1;
      const t = performance.now();
      try {
        return await q.query(sql, params);
      } finally {
        stats.queryMs += performance.now() - t;
      }
    },
  });
  const transaction = (on) => (fn) => {
    stats.transactions += 1;
    return on.transaction((tx) => fn(wrap(tx)));
  };
  return {
    stats,
    db: {
      kind: db.kind,
      query: (sql, params) => wrap(db).query(sql, params),
      transaction: transaction(db),
      // The engine's own connection, where it reads and writes the alarm state.
      lease: async (name) => {
        const lease = await db.lease(name);
        return { ...wrap(lease), transaction: transaction(lease) };
      },
    },
  };
}

async function measure(engineName, open) {
  const { openDb } = await import(`${DIST}/db/db.js`);
  const { migrate } = await import(`${DIST}/db/migrate.js`);
  const { AlarmEngine } = await import(`${DIST}/features/alarms/alarm-engine.js`);
  const db = await openDb(open);
  try {
    await migrate(db);
    const { rows: roles } = await db.query(`INSERT INTO roles (name) VALUES ('bench') RETURNING id`);
    const { rows: users } = await db.query(
      `INSERT INTO users (username, password_hash, name, code, level, role_id, path)
       VALUES ('bench', 'x', 'bench', 'UB', 0, $1, '/1/') RETURNING id`,
      [roles[0].id],
    );
    const { rows: plants } = await db.query(
      `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
       VALUES ('bench', 1, 1000, 14, 50, 'Europe/Prague', $1) RETURNING id`,
      [users[0].id],
    );
    const { rows: devices } = await db.query(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id)
       SELECT 'VFEA' || lpad(n::text, 6, '0'), 'inverter', 'VF-10K', $1, $2 FROM generate_series(0, $3::int - 1) AS n
       ORDER BY n RETURNING id`,
      [users[0].id, plants[0].id, DEVICES],
    );
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - READINGS * 60_000;
    const readings = [];
    for (let k = 0; k < READINGS; k++)
      for (let i = 0; i < DEVICES; i++) {
        const { faultWord, faultCodes } = faultsAt(i, k);
        readings.push({
          deviceId: devices[i].id,
          plantId: plants[0].id,
          ts: t0 + k * 60_000,
          values: { faultWord },
          extra: faultCodes === undefined ? null : { faultCodes },
        });
      }
    const { stats, db: counted } = counting(db);
    const engine = new AlarmEngine(counted, { rules: RULES });
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let b = 0; b < readings.length; b += BATCH) {
      engine.onStored(readings.slice(b, b + BATCH));
      await engine.flush();
    }
    const wallMs = performance.now() - started;
    await engine.stop();
    const used = process.cpuUsage(cpu);
    const n = readings.length;
    return {
      engine: engineName,
      readings: n,
      raised: engine.stats.raised,
      recovered: engine.stats.recovered,
      failedBatches: engine.stats.failedBatches,
      wallUsPerReading: round((wallMs * 1000) / n, 1),
      // This process's CPU: on PGlite the database's work too; on PostgreSQL only the engine's own side.
      cpuUsPerReading: round((used.user + used.system) / n, 1),
      statementsPer1000Readings: round((stats.statements / n) * 1000, 1),
      transactions: stats.transactions,
      waitingForDatabasePct: round((stats.queryMs / wallMs) * 100),
    };
  } finally {
    await db.close();
  }
}

export async function run() {
  const rows = [];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-engine-alone-'));
  try {
    rows.push(await measure('pglite', { dataDir: path.join(dir, 'pglite') }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (!postgresUnavailableReason()) {
    const pg = await startPostgres();
    try {
      rows.push(await measure('postgres', { databaseUrl: pg.url }));
    } finally {
      await pg.stop();
    }
  }
  console.table(rows);
  console.log(`load average ${round(os.loadavg()[0], 2)}; ${ROOT}`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
