// The measured side of the ingest benchmark: a migrated, seeded database with the bench fleet, and the real server
// process (apps/server/dist/main.js, or BENCH_SERVER_DIST) started on free loopback ports.
import { spawn } from 'node:child_process';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { ROOT } from '../support.mjs';
import { benchFleet } from './fleet.mjs';

// BENCH_SERVER_DIST: another build of apps/server (e.g. of an older commit) to compare against.
export const DIST = process.env.BENCH_SERVER_DIST ?? `${ROOT}/apps/server/dist`;
// `target.dist` (optional, every function below): the build this target's database and server use instead, e.g. a
// copy taken when a benchmark starts, so that a rebuild by someone else midway changes nothing (bench/alarm-*).
const distOf = (target) => target.dist ?? DIST;
export const ADMIN_PASSWORD = 'Bench-Admin-1';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A copy of the server build in bench/.tmp/<name> (from `from`, default DIST), with `patch` applied if given
 * ({ file, pattern, replacement }, file relative to the build): the build a benchmark's runs all use. Undefined
 * when the pattern is no longer in the file.
 */
export async function snapshotDist(name, { from = DIST, patch } = {}) {
  const dir = path.join(ROOT, 'bench/.tmp', name);
  await rm(dir, { recursive: true, force: true });
  await cp(from, dir, { recursive: true });
  if (patch) {
    const file = path.join(dir, patch.file);
    const code = await readFile(file, 'utf8');
    const patched = code.replace(patch.pattern, patch.replacement);
    if (patched === code) return undefined;
    await writeFile(file, patched);
  }
  return dir;
}

/** Which build ran: the git commit of the working tree and a hash of the build's files (it may hold uncommitted work). */
export async function buildIdentity(dist) {
  const { createHash } = await import('node:crypto');
  const { readdir } = await import('node:fs/promises');
  const { execFileSync } = await import('node:child_process');
  const hash = createHash('sha256');
  const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((f) => f.isFile() && !f.name.endsWith('.map'))
    .map((f) => path.join(f.parentPath ?? f.path, f.name))
    .sort();
  for (const file of files) hash.update(path.relative(dist, file)).update(await readFile(file));
  let commit;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    commit = undefined;
  }
  return { commit, serverDistSha256: hash.digest('hex').slice(0, 16) };
}

// ---------------------------------------------------------------------------------------------- database set-up

export async function freePort() {
  const { freePort: free } = await import(`${DIST}/link/mosquitto-runner.js`);
  return free();
}

/** Migrated, seeded database with the fleet's plants and devices (each with its MQTT secret); returns the secrets. */
export async function prepareDatabase(engine, target, devices) {
  const dist = distOf(target);
  const { openDb } = await import(`${dist}/db/db.js`);
  const { migrate } = await import(`${dist}/db/migrate.js`);
  const { seed } = await import(`${dist}/seed.js`);
  const { hashPassword } = await import(`${dist}/features/auth/auth.service.js`);
  const { generateDeviceSecret, hashDeviceSecret } = await import(`${dist}/link/device-secret.js`);
  const db = await openDb(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.pgliteDir });
  try {
    await migrate(db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, dataDir: target.dataDir, hash: hashPassword, log: () => {} });
    const owner = (await db.query(`SELECT id FROM users WHERE username = 'admin'`)).rows[0].id;
    const fleet = await benchFleet(devices, Date.now());
    const plantIds = new Map();
    for (const p of fleet.plants) {
      const { rows } = await db.query(
        `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, time_zone, owner_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [p.name, p.type, p.powerKw, p.capacityKwh, p.longitude, p.latitude, p.timeZone, owner],
      );
      plantIds.set(p.id, rows[0].id);
    }
    const inverters = fleet.devices.filter((d) => d.kind === 'inverter');
    const secrets = Object.fromEntries(inverters.map((d) => [d.sn, generateDeviceSecret()]));
    const hashes = await Promise.all(inverters.map((d) => hashDeviceSecret(secrets[d.sn])));
    await db.query(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, secret_hash, activated_at)
       SELECT sn, 'inverter', model, $1, plant, hash, now() FROM unnest($2::text[], $3::text[], $4::int4[], $5::text[])
         AS d(sn, model, plant, hash)`,
      [
        owner,
        inverters.map((d) => d.sn),
        inverters.map((d) => d.model),
        inverters.map((d) => plantIds.get(d.plantId)),
        hashes,
      ],
    );
    return secrets;
  } finally {
    await db.close();
  }
}

/** Runs `fn` on the engine's database (PGlite: only while no server holds the directory). */
export async function withDb(target, fn) {
  const { openDb } = await import(`${distOf(target)}/db/db.js`);
  const db = await openDb(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.pgliteDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

export const countRows = (target, table) =>
  withDb(target, async (db) => Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n));

/** What the server stored: rows, and the largest gap between a device's rollup and its readings' energy (kWh). */
export const storedCheck = (target) =>
  withDb(target, async (db) => {
    const rows = Number((await db.query(`SELECT count(*) AS n FROM readings`)).rows[0].n);
    const { rows: gaps } = await db.query(
      `SELECT coalesce(max(abs(r.kwh - coalesce(e.kwh, 0))), 0)::float8 AS gap
         FROM (SELECT device_id, sum(d_pv_kwh + d_load_kwh) AS kwh FROM readings GROUP BY device_id) r
         LEFT JOIN (SELECT device_id, sum(pv_kwh + load_kwh) AS kwh FROM device_energy_day GROUP BY device_id) e
           USING (device_id)`,
    );
    return { rows, rollupGapKwh: Number(gaps[0].gap) };
  });

/** Empties what a repetition stored, so the next one starts alike (the server is stopped). */
export const resetDatabase = (target) =>
  withDb(target, async (db) => {
    await db.exec(
      `TRUNCATE readings, device_energy_5m, device_energy_day, device_energy_month, plant_energy_5m, plant_energy_day, plant_energy_month;
       UPDATE devices SET last_reading_at = NULL, last_seen_at = NULL;
       DROP TABLE IF EXISTS anchor_readings`,
    );
  });

// ---------------------------------------------------------------------------------------------- our server

export async function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the server on free ports; tries again with new ones if it fails (another process may take a port).
 * `options.env`: more environment variables (they win over the defaults below); `options.dist`: another build.
 */
export async function startServer(engine, target, profileDir, options = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(engine, target, profileDir, options);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.error(`${err.message.split('\n')[0]}; trying again`);
    }
  }
}

export async function startServerOnce(
  engine,
  target,
  profileDir,
  { env: extraEnv = {}, dist = distOf(target), ports, readyTimeoutMs = 60_000 } = {},
) {
  // `ports` ({ http, mqtt }): a restart keeps the ports its devices know (bench/connections).
  const [port, mqttPort] = ports ? [ports.http, ports.mqtt] : [await freePort(), await freePort()];
  const args = [
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  ];
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'MQTT_URL', 'NODE_OPTIONS']) delete env[name];
  const child = spawn(process.execPath, [...args, `${dist}/main.js`], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ADMIN_PASSWORD,
      ROLES: 'http,ingest,jobs',
      DEMO_FLEET: 'off',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-20_000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-20_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + readyTimeoutMs;
  // A process without the http role (bench/scale-out) is ready once METRICS_PORT answers: it listens after the
  // process has subscribed to the external broker.
  const metricsPort = extraEnv.METRICS_PORT ? Number(extraEnv.METRICS_PORT) : undefined;
  const probe = metricsPort ? `http://127.0.0.1:${metricsPort}/healthz` : `http://127.0.0.1:${port}/readyz`;
  // The in-process broker listens only where this process ingests without MQTT_URL (options.env may set both).
  const inProcessBroker = !extraEnv.MQTT_URL && (extraEnv.ROLES ?? 'ingest').includes('ingest');
  for (;;) {
    const ready = await fetch(probe, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ready && (!inProcessBroker || (await portOpen(mqttPort)))) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`${engine} server did not start:\n${log}`);
    }
    await sleep(100);
  }
  return {
    pid: child.pid,
    ports: { http: port, mqtt: mqttPort },
    url: `mqtt://127.0.0.1:${mqttPort}`,
    httpUrl: `http://127.0.0.1:${port}`,
    log: () => log,
    async metrics() {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort ?? port}/metrics`)).text();
      const read = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      // Rounds of a periodic task of the jobs role (the `task` label of voltfleet_periodic_rounds_total).
      const rounds = (task) =>
        Number(new RegExp(`^voltfleet_periodic_rounds_total\\{task="${task}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      return {
        stored: read('voltfleet_ingest_readings_stored'),
        duplicates: read('voltfleet_ingest_duplicates'),
        batches: read('voltfleet_ingest_batches'),
        failedBatches: read('voltfleet_ingest_failed_batches'),
        rejected: read('voltfleet_link_rejected'),
        alarmsRaised: read('voltfleet_alarms_raised'),
        alarmsRecovered: read('voltfleet_alarms_recovered'),
        alarmEvaluationFailures: read('voltfleet_alarms_evaluation_failures'),
        alarmBatches: read('voltfleet_alarms_batches'),
        alarmTransactions: read('voltfleet_alarms_transactions'),
        valuesRounds: rounds('values-5m'),
        notificationRounds: rounds('notification-delivery'),
        noDataRounds: rounds('alarm-no-data'),
      };
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
