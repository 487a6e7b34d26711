// Ingest: end-to-end readings per second from thousands of simulated devices through the broker into storage, with
// the energy chain and rollups on; publish → PUBACK latency (our PUBACK follows the commit); CPU and RSS of the
// server. Ours is the real server process (apps/server/dist/main.js: in-process broker with device authentication,
// validation, batched ingest, ack after commit). The anchor, in the same run on the same engine and the same
// readings: an Aedes broker without authentication → one subscriber → plain batched INSERT (bench/ingest/anchor.mjs).
// Devices are MQTT clients in LOADERS child processes (bench/ingest/load.mjs), not in the measured process.
//
//   npm run build && node bench/ingest/run.mjs          # or: npm run bench -- ingest
//   BENCH_PROFILE=1 node bench/ingest/run.mjs            # also writes CPU profiles of the server (bench/.tmp/profiles)
//   BENCH_ENGINES=postgres node bench/ingest/run.mjs     # one engine only
import { fork, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { postgresUnavailableReason, startPostgres } from '../../scripts/pg-harness.mjs';
import { ROOT, round, writeResult } from '../support.mjs';
import { benchFleet, snOf } from './fleet.mjs';
import { monotonicUs, summariseProfile } from './profile.mjs';

// BENCH_SERVER_DIST: another build of apps/server (e.g. of an older commit) to compare against.
const DIST = process.env.BENCH_SERVER_DIST ?? `${ROOT}/apps/server/dist`;
const DEVICES = 2000;
const LOADERS = 2;
/** Unacknowledged publishes per device in the throughput phase. */
const WINDOW = 1;
/**
 * Per engine: readings per device in the throughput phase (closed loop: each device publishes its next reading as
 * soon as the previous one is acknowledged), then readings per device at a fixed offered rate (open loop) for the
 * latency at a steady load below saturation.
 */
const PLAN = {
  pglite: { closed: 20, paced: 5, pacedRatePerS: 1500, target: 3000 },
  postgres: { closed: 60, paced: 12, pacedRatePerS: 5000, target: 10_000 },
};
const TARGET_VS_ANCHOR = 0.6;
/** Each pipeline runs this often per engine, alternating; the best run of each is reported (all are listed). */
const REPETITIONS = 2;
const PHASE_TIMEOUT_MS = 180_000;
const ADMIN_PASSWORD = 'Bench-Admin-1';
const CLK_TCK = 100;
const PROFILE = process.env.BENCH_PROFILE === '1';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const epochMs = () => performance.timeOrigin + performance.now();

function withTimeout(promise, what, ms = PHASE_TIMEOUT_MS) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms))),
  ]);
}

/** A child process spoken to over IPC: `ask` sends a message and waits for the reply of the given type. */
function ipcChild(child, name) {
  const waiting = [];
  child.on('message', (message) => {
    if (message.type === 'error') {
      for (const w of waiting.splice(0)) w.reject(new Error(`${name}: ${message.message}`));
      return;
    }
    const i = waiting.findIndex((w) => w.type === message.type);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(message);
  });
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`${name} exited with ${code}`));
  });
  return {
    child,
    next: (type) => new Promise((resolve, reject) => waiting.push({ type, resolve, reject })),
    ask(message, type) {
      const answer = this.next(type);
      child.send(message);
      return withTimeout(answer, `${name} ${message.type}`);
    },
  };
}

// ---------------------------------------------------------------------------------------------- process metrics

function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU ticks of our PostgreSQL cluster: its postmaster and every process it started (other clusters left out). */
function postgresTicks(postmaster) {
  let ticks = procStat(postmaster)?.ticks ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat?.ppid === postmaster) ticks += stat.ticks;
  }
  return ticks;
}

/**
 * CPU (% of one core) of `pid` and of the PostgreSQL cluster of `postmaster` (if any), and peak RSS of `pid`, from
 * now until `stop()`.
 */
function sample(pid, postmaster) {
  const withPostgres = postmaster !== undefined;
  const t0 = epochMs();
  const cpu0 = procStat(pid)?.ticks ?? 0;
  const pg0 = withPostgres ? postgresTicks(postmaster) : 0;
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  return () => {
    clearInterval(timer);
    const seconds = (epochMs() - t0) / 1000;
    const pct = (ticks) => round((ticks / CLK_TCK / seconds) * 100);
    return {
      cpuPct: pct((procStat(pid)?.ticks ?? cpu0) - cpu0),
      ...(withPostgres ? { postgresCpuPct: pct(postgresTicks(postmaster) - pg0) } : {}),
      rssPeakMb: round(Math.max(peak, rssMb(pid))),
    };
  };
}

/**
 * CPU time of the measured process per reading (µs): unlike readings/s it hardly changes when other work on the
 * machine takes cores away, so it compares builds and pipelines on a busy machine.
 */
function cpuPerReading(usage, seconds, readings) {
  return round(((usage.cpuPct / 100) * seconds * 1e6) / readings, 1);
}

function percentile(sorted, p) {
  return sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))], 1) : null;
}

// ---------------------------------------------------------------------------------------------- database set-up

async function freePort() {
  const { freePort: free } = await import(`${DIST}/link/mosquitto-runner.js`);
  return free();
}

/** Migrated, seeded database with the fleet's plants and devices (each with its MQTT secret); returns the secrets. */
async function prepareDatabase(engine, target) {
  const { openDb } = await import(`${DIST}/db/db.js`);
  const { migrate } = await import(`${DIST}/db/migrate.js`);
  const { seed } = await import(`${DIST}/db/seed.js`);
  const { hashPassword } = await import(`${DIST}/features/auth/auth.service.js`);
  const { generateDeviceSecret, hashDeviceSecret } = await import(`${DIST}/link/device-secret.js`);
  const db = await openDb(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.pgliteDir });
  try {
    await migrate(db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, dataDir: target.dataDir, hash: hashPassword, log: () => {} });
    const owner = (await db.query(`SELECT id FROM users WHERE username = 'admin'`)).rows[0].id;
    const fleet = await benchFleet(DEVICES, Date.now());
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
async function withDb(target, fn) {
  const { openDb } = await import(`${DIST}/db/db.js`);
  const db = await openDb(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.pgliteDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const countRows = (target, table) =>
  withDb(target, async (db) => Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n));

/** What the server stored: rows, and the largest gap between a device's rollup and its readings' energy (kWh). */
const storedCheck = (target) =>
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
const resetDatabase = (target) =>
  withDb(target, async (db) => {
    await db.exec(
      `TRUNCATE readings, device_energy_5m, device_energy_day, device_energy_month, plant_energy_5m, plant_energy_day, plant_energy_month;
       UPDATE devices SET last_reading_at = NULL, last_seen_at = NULL;
       DROP TABLE IF EXISTS anchor_readings`,
    );
  });

// ---------------------------------------------------------------------------------------------- our server

async function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts the server on free ports; tries again with new ones if it fails (another process may take a port). */
async function startServer(engine, target, profileDir) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(engine, target, profileDir);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.error(`${err.message.split('\n')[0]}; trying again`);
    }
  }
}

async function startServerOnce(engine, target, profileDir) {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const args = [
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  ];
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'MQTT_URL', 'NODE_OPTIONS']) delete env[name];
  const child = spawn(process.execPath, [...args, `${DIST}/main.js`], {
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
    },
  });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-20_000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-20_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ready && (await portOpen(mqttPort))) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`${engine} server did not start:\n${log}`);
    }
    await sleep(100);
  }
  return {
    pid: child.pid,
    url: `mqtt://127.0.0.1:${mqttPort}`,
    log: () => log,
    async metrics() {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const read = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      return {
        stored: read('voltfleet_ingest_readings_stored'),
        duplicates: read('voltfleet_ingest_duplicates'),
        batches: read('voltfleet_ingest_batches'),
        failedBatches: read('voltfleet_ingest_failed_batches'),
        rejected: read('voltfleet_link_rejected'),
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

// ---------------------------------------------------------------------------------------------- phases

async function onAll(loaders, message, type) {
  return Promise.all(loaders.map((l) => l.ask(message, type)));
}

/** Runs a load phase on every loader; the window ends when the last loader has every reading acknowledged. */
async function loadPhase(loaders, message) {
  const goAt = epochMs();
  const answers = await onAll(loaders, { type: 'run', ...message }, 'done');
  const seconds = (epochMs() - goAt) / 1000;
  const latencies = answers.flatMap((a) => a.latencies).sort((a, b) => a - b);
  return {
    goAt,
    seconds,
    acked: latencies.length,
    disconnects: answers.reduce((n, a) => n + a.disconnects, 0),
    loaderCpuPct: round((answers.reduce((n, a) => n + a.cpuMs, 0) / 1000 / seconds) * 100),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: percentile(latencies, 1),
  };
}

async function measureOurs(engine, target, loaders, secrets, plan, profile) {
  const profileDir = profile ? path.join(ROOT, 'bench/.tmp/profiles', engine) : undefined;
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
  const server = await startServer(engine, target, profileDir);
  try {
    await onAll(loaders, { type: 'connect', url: server.url, secrets }, 'connected');
    const total = DEVICES * plan.closed;
    let stop = sample(server.pid, target.postmaster);
    const fromUs = monotonicUs();
    const closed = await loadPhase(loaders, { mode: 'closed', first: 0, last: plan.closed, window: WINDOW });
    const closedWindow = { fromUs, toUs: monotonicUs() };
    const closedUsage = stop();
    stop = sample(server.pid, target.postmaster);
    const paced = await loadPhase(loaders, {
      mode: 'paced',
      first: plan.closed,
      last: plan.closed + plan.paced,
      ratePerS: plan.pacedRatePerS / loaders.length,
    });
    const pacedUsage = stop();
    await onAll(loaders, { type: 'disconnect' }, 'disconnected');
    const metrics = await server.metrics();
    await server.stop();
    const stored = await storedCheck(target);
    const expected = DEVICES * (plan.closed + plan.paced);
    // Where the server's time went during the throughput phase.
    const where = profileDir ? await summariseProfile(profileDir, closedWindow) : undefined;
    return {
      readingsPerS: round(total / closed.seconds),
      readings: total,
      seconds: round(closed.seconds, 2),
      cpuUsPerReading: cpuPerReading(closedUsage, closed.seconds, total),
      p50Ms: closed.p50Ms,
      p99Ms: closed.p99Ms,
      ...closedUsage,
      loaderCpuPct: closed.loaderCpuPct,
      paced: {
        offeredPerS: plan.pacedRatePerS,
        achievedPerS: round((DEVICES * plan.paced) / paced.seconds),
        p50Ms: paced.p50Ms,
        p99Ms: paced.p99Ms,
        maxMs: paced.maxMs,
        ...pacedUsage,
      },
      check: {
        acknowledged: closed.acked + paced.acked,
        stored: stored.rows,
        expected,
        rollupGapKwh: stored.rollupGapKwh,
        duplicates: metrics.duplicates,
        failedBatches: metrics.failedBatches,
        rejected: metrics.rejected,
        batches: metrics.batches,
        disconnects: closed.disconnects + paced.disconnects,
        ok:
          stored.rows === expected &&
          closed.acked + paced.acked === expected &&
          metrics.failedBatches === 0 &&
          stored.rollupGapKwh < 1e-6,
      },
      ...(where ? { profile: where } : {}),
    };
  } catch (err) {
    console.error(server.log());
    await server.stop();
    throw err;
  }
}

async function measureAnchor(target, loaders, plan) {
  const anchor = ipcChild(fork(path.join(ROOT, 'bench/ingest/anchor.mjs'), { stdio: 'inherit' }), 'anchor');
  try {
    const { url } = await anchor.ask(
      { type: 'init', databaseUrl: target.databaseUrl, dataDir: target.pgliteDir },
      'ready',
    );
    await onAll(loaders, { type: 'connect', url, secrets: null }, 'connected');
    const total = DEVICES * plan.closed;
    await anchor.ask({ type: 'expect', rows: total }, 'expecting');
    const committed = anchor.next('committed');
    const stop = sample(anchor.child.pid, target.postmaster);
    const phase = await loadPhase(loaders, { mode: 'closed', first: 0, last: plan.closed, window: WINDOW });
    const done = await withTimeout(committed, 'anchor commits');
    const usage = stop();
    await onAll(loaders, { type: 'disconnect' }, 'disconnected');
    const seconds = (done.at - phase.goAt) / 1000;
    anchor.child.send({ type: 'exit' });
    await new Promise((resolve) => anchor.child.once('exit', resolve));
    const stored = await countRows(target, 'anchor_readings');
    return {
      readingsPerS: round(total / seconds),
      readings: total,
      seconds: round(seconds, 2),
      cpuUsPerReading: cpuPerReading(usage, seconds, total),
      publishSeconds: round(phase.seconds, 2),
      pubackP50Ms: phase.p50Ms,
      pubackP99Ms: phase.p99Ms,
      ...usage,
      check: { stored, expected: total, ok: stored === total },
    };
  } finally {
    if (anchor.child.exitCode === null) anchor.child.kill('SIGKILL');
  }
}

const best = (list) => list.reduce((a, b) => (b.readingsPerS > a.readingsPerS ? b : a));

async function measureEngine(engine, loaders) {
  const plan = PLAN[engine];
  const pg = engine === 'postgres' ? await startPostgres() : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-ingest-'));
  const target = {
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: pg?.url,
    postmaster: pg ? Number(readFileSync(path.join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) : undefined,
  };
  try {
    const secrets = await prepareDatabase(engine, target);
    const reps = [];
    // Ours and the anchor take turns; the best of each counts (other work on the machine only ever slows a run).
    for (let rep = 0; rep < REPETITIONS; rep++) {
      if (rep > 0) await resetDatabase(target);
      const ours = await measureOurs(engine, target, loaders, secrets, plan, PROFILE && rep === 0);
      const anchor = await measureAnchor(target, loaders, plan);
      console.log(
        `ingest ${engine} #${rep + 1}: ours ${ours.readingsPerS}/s (p50 ${ours.p50Ms} ms, p99 ${ours.p99Ms} ms, ${ours.cpuUsPerReading} µs CPU/reading), anchor ${anchor.readingsPerS}/s (${anchor.cpuUsPerReading} µs CPU/reading); load ${round(os.loadavg()[0], 2)}`,
      );
      reps.push({ ours, anchor, loadAverage1m: round(os.loadavg()[0], 2) });
    }
    // The profile (if any) is of the first run's throughput phase.
    const { profile: _profile, ...ours } = best(reps.map((r) => r.ours));
    const where = reps[0].ours.profile;
    const anchor = best(reps.map((r) => r.anchor));
    const vsAnchor = round(ours.readingsPerS / anchor.readingsPerS, 2);
    return {
      engine,
      ours,
      anchor,
      oursVsAnchor: vsAnchor,
      repetitions: reps.map((r) => ({
        ours: r.ours.readingsPerS,
        anchor: r.anchor.readingsPerS,
        oursCpuUsPerReading: r.ours.cpuUsPerReading,
        anchorCpuUsPerReading: r.anchor.cpuUsPerReading,
        loadAverage1m: r.loadAverage1m,
      })),
      allChecksOk: reps.every((r) => r.ours.check.ok && r.anchor.check.ok),
      ...(where ? { serverProfile: where } : {}),
      targets: {
        readingsPerS: plan.target,
        vsAnchor: TARGET_VS_ANCHOR,
        met: ours.readingsPerS >= plan.target && vsAnchor >= TARGET_VS_ANCHOR,
      },
    };
  } finally {
    await pg?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  if (!existsSync(`${DIST}/main.js`)) throw new Error('apps/server/dist is missing: run `npm run build` first');
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const perDevice = Math.max(...engines.map((e) => PLAN[e].closed + PLAN[e].paced));
  // Whole minutes ending well before now: every reading is valid for the server (not in the future).
  const startMs = Math.floor((Date.now() - (perDevice + 30) * 60_000) / 60_000) * 60_000;
  const loaders = Array.from({ length: LOADERS }, (_, i) =>
    ipcChild(fork(path.join(ROOT, 'bench/ingest/load.mjs'), { stdio: 'inherit' }), `loader ${i}`),
  );
  try {
    const slice = DEVICES / LOADERS;
    const ready = await Promise.all(
      loaders.map((l, i) =>
        l.ask({ type: 'init', count: DEVICES, from: i * slice, to: (i + 1) * slice, perDevice, startMs }, 'ready'),
      ),
    );
    const results = [];
    const loadBefore = os.loadavg()[0];
    for (const engine of engines) {
      const unavailable = engine === 'postgres' ? postgresUnavailableReason() : undefined;
      if (unavailable) {
        results.push({ engine, skipped: unavailable });
        continue;
      }
      results.push(await measureEngine(engine, loaders));
    }
    const file = await writeResult('ingest', {
      devices: DEVICES,
      loaders: LOADERS,
      windowPerDevice: WINDOW,
      fieldsPerReading: ready[0].fields,
      avgPayloadBytes: ready[0].avgBytes,
      cpus: os.cpus().length,
      loadAverage1m: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
      repetitions: REPETITIONS,
      firstDevice: snOf(0),
      results,
      notes: [
        'ours: the server process (apps/server/dist/main.js, ROLES=http,ingest,jobs); PUBACK is sent after the commit',
        'anchor: Aedes without auth (PUBACK on receipt) → one MQTT subscriber → INSERT … SELECT unnest(…) batches of 500 into a plain table; its rate is rows committed from the first publish to the last commit',
        'cpuPct: % of one core of the measured process; postgresCpuPct: all PostgreSQL processes; loaders run in their own processes on the same 2 cores',
        'native PostgreSQL is a throwaway cluster with fsync off (scripts/pg-harness.mjs)',
      ],
    });
    console.log(`→ ${file}`);
  } finally {
    for (const l of loaders) if (l.child.exitCode === null) l.child.kill('SIGKILL');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
