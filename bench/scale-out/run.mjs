// Scale-out: readings/s and CPU per reading with 1, 2 and 3 server processes with ROLES=ingest on one Mosquitto
// (MQTT 5 shared subscription $share/voltfleet/…) and one native PostgreSQL. Each configuration runs beside the
// anchor in the same run, on the same broker, database, readings and load processes: bench/ingest's anchor (one
// subscriber → plain batched INSERT) reading from that Mosquitto. Devices and load processes are bench/ingest's.
//
//   npm run build && node bench/scale-out/run.mjs        # or: npm run bench -- scale-out
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { postgresUnavailableReason, startPostgres } from '../../scripts/pg-harness.mjs';
import { ROOT, round, writeResult } from '../support.mjs';
import { ipcChild, loadPhase, measureAnchor, onAll } from '../ingest/run.mjs';
import { procStat, sample } from '../ingest/process-stats.mjs';
import {
  DIST,
  freePort,
  prepareDatabase,
  resetDatabase,
  startServer,
  storedCheck,
  withDb,
} from '../ingest/server-process.mjs';

const DEVICES = 1000;
const LOADERS = 2;
/** Readings per device per phase (closed loop: the next one as soon as the previous is acknowledged). */
const PER_DEVICE = 20;
const PROCESS_COUNTS = [1, 2, 3];
const PLATFORM = { username: 'voltfleet', password: `bench-${process.pid}-platform` };
const CLK_TCK = 100;

/** CPU seconds of several processes between now and `stop()`. */
function cpuOf(pids) {
  const ticks = () => pids.map((pid) => procStat(pid)?.ticks ?? 0);
  const before = ticks();
  return () => ticks().map((t, i) => (t - before[i]) / CLK_TCK);
}

async function startBroker(target) {
  const { startMosquitto, mosquittoAvailable } = await import(`${DIST}/link/mosquitto-runner.js`);
  if (!mosquittoAvailable()) return undefined;
  const { writeMosquittoAuthFiles } = await import(`${DIST}/link/mosquitto-auth.js`);
  const { deviceDirectory } = await import(`${DIST}/features/devices/device-directory.js`);
  const files = await withDb(target, (db) =>
    writeMosquittoAuthFiles(deviceDirectory(db), { dir: path.join(target.dataDir, 'mosquitto'), platform: PLATFORM }),
  );
  // Mosquitto acknowledges devices on receipt, and the closed loop publishes far faster than storage commits: with the
  // runner's default queue (10,000 messages per subscriber beyond those in flight) it would drop the rest. No limit
  // here; docs/deploy.md says how to size it in production.
  const broker = await startMosquitto(files, ['max_queued_messages 0']);
  return { ...broker, platformUrl: `mqtt://${PLATFORM.username}:${PLATFORM.password}@127.0.0.1:${broker.port}` };
}

/** Readings the ingest processes have stored so far (their /metrics). */
async function storedBy(servers) {
  const all = await Promise.all(servers.map((s) => s.metrics()));
  return all.reduce((n, m) => n + m.stored, 0);
}

/** `count` ingest processes on the broker; readings/s from the first publish to the last PUBACK. */
async function measureOurs(count, target, broker, loaders, secrets) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++)
      servers.push(
        await startServer('postgres', target, undefined, {
          env: {
            ROLES: 'ingest',
            MQTT_URL: broker.platformUrl,
            MQTT_CLIENT_ID: `bench-scale-out-${i}-${process.pid}`,
            METRICS_PORT: String(await freePort()),
            LOG_LEVEL: 'warn',
          },
        }),
      );
    await onAll(loaders, { type: 'connect', url: broker.url, secrets }, 'connected');
    const readings = DEVICES * PER_DEVICE;
    const cpu = cpuOf(servers.map((s) => s.pid));
    const others = sample(broker.pid, target.postmaster);
    const phase = await loadPhase(loaders, { mode: 'closed', first: 0, last: PER_DEVICE, window: 1 });
    // Mosquitto acknowledged the devices on receipt: the run ends when the ingest processes have stored everything.
    const deadline = Date.now() + 120_000;
    let storedSoFar = 0;
    while ((storedSoFar = await storedBy(servers)) < readings) {
      if (Date.now() > deadline) throw new Error(`only ${storedSoFar} of ${readings} readings stored`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const elapsed = (performance.timeOrigin + performance.now() - phase.goAt) / 1000;
    const seconds = cpu();
    const usage = others();
    await onAll(loaders, { type: 'disconnect' }, 'disconnected');
    const metrics = await Promise.all(servers.map((s) => s.metrics()));
    await Promise.all(servers.map((s) => s.stop()));
    servers.length = 0;
    const stored = await storedCheck(target);
    const cpuSeconds = seconds.reduce((a, b) => a + b, 0);
    return {
      processes: count,
      readingsPerS: round(readings / elapsed),
      readings,
      seconds: round(elapsed, 2),
      publishSeconds: round(phase.seconds, 2),
      // CPU of all ingest processes together ÷ readings: the per-process overhead shows here, not in readings/s.
      cpuUsPerReading: round((cpuSeconds * 1e6) / readings, 1),
      cpuPctPerProcess: seconds.map((s) => round((s / elapsed) * 100)),
      storedPerProcess: metrics.map((m) => m.stored),
      mosquittoCpuPct: usage.cpuPct,
      postgresCpuPct: usage.postgresCpuPct,
      loaderCpuPct: phase.loaderCpuPct,
      pubackP50Ms: phase.p50Ms,
      pubackP99Ms: phase.p99Ms,
      check: {
        acknowledged: phase.acked,
        stored: stored.rows,
        expected: readings,
        rollupGapKwh: stored.rollupGapKwh,
        failedBatches: metrics.reduce((n, m) => n + m.failedBatches, 0),
        everyProcessStored: metrics.every((m) => m.stored > 0),
        ok:
          stored.rows === readings &&
          phase.acked === readings &&
          stored.rollupGapKwh < 1e-6 &&
          metrics.every((m) => m.failedBatches === 0 && m.stored > 0),
      },
    };
  } catch (err) {
    for (const s of servers) console.error(s.log());
    throw err;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

export async function run() {
  if (!existsSync(`${DIST}/main.js`)) throw new Error('apps/server/dist is missing: run `npm run build` first');
  const unavailable = postgresUnavailableReason();
  if (unavailable) {
    console.log(`scale-out skipped: ${unavailable}`);
    return;
  }
  const pg = await startPostgres();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-scale-out-'));
  const target = {
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: pg.url,
    postmaster: Number(readFileSync(path.join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
  };
  const startMs = Math.floor((Date.now() - (PER_DEVICE + 30) * 60_000) / 60_000) * 60_000;
  const loaders = Array.from({ length: LOADERS }, (_, i) =>
    ipcChild(fork(path.join(ROOT, 'bench/ingest/load.mjs'), { stdio: 'inherit' }), `loader ${i}`),
  );
  let broker;
  try {
    const secrets = await prepareDatabase('postgres', target, DEVICES);
    broker = await startBroker(target);
    if (!broker) {
      console.log('scale-out skipped: no Mosquitto (apt-get install mosquitto, or MOSQUITTO_BIN)');
      return;
    }
    const slice = DEVICES / LOADERS;
    const ready = await Promise.all(
      loaders.map((l, i) =>
        l.ask(
          { type: 'init', count: DEVICES, from: i * slice, to: (i + 1) * slice, perDevice: PER_DEVICE, startMs },
          'ready',
        ),
      ),
    );
    const loadBefore = os.loadavg()[0];
    const results = [];
    // Ours with n processes, then the anchor, on a database emptied before each.
    for (const count of PROCESS_COUNTS) {
      await resetDatabase(target);
      const ours = await measureOurs(count, target, broker, loaders, secrets);
      await resetDatabase(target);
      // bench/ingest's anchor reading from the same Mosquitto.
      const anchor = await measureAnchor(target, loaders, {
        init: { brokerUrl: broker.platformUrl },
        deviceUrl: broker.url,
        secrets,
        devices: DEVICES,
        perDevice: PER_DEVICE,
        window: 1,
        brokerPid: broker.pid,
      });
      const loadAverage1m = round(os.loadavg()[0], 2);
      console.log(
        `scale-out ${count} ingest: ${ours.readingsPerS}/s (${ours.cpuUsPerReading} µs CPU/reading, stored ${ours.storedPerProcess.join(' + ')}), anchor ${anchor.readingsPerS}/s (${anchor.cpuUsPerReading} µs); load ${loadAverage1m}`,
      );
      results.push({ ours, anchor, oursVsAnchor: round(ours.readingsPerS / anchor.readingsPerS, 2), loadAverage1m });
    }
    const file = await writeResult('scale-out', {
      devices: DEVICES,
      readingsPerDevice: PER_DEVICE,
      loaders: LOADERS,
      fieldsPerReading: ready[0].fields,
      avgPayloadBytes: ready[0].avgBytes,
      cpus: os.cpus().length,
      loadAverage1m: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
      results,
      allChecksOk: results.every((r) => r.ours.check.ok && r.anchor.check.ok),
      notes: [
        'ours: n processes of apps/server/dist/main.js with ROLES=ingest and MQTT_URL (Mosquitto 2, MQTT 5 shared subscription); PUBACK to the device is Mosquitto’s, on receipt; readings/s = readings ÷ (first publish → last PUBACK), every reading then checked stored once',
        'cpuUsPerReading: CPU time of all ingest processes together ÷ readings; mosquittoCpuPct and postgresCpuPct: % of one core',
        'anchor: bench/ingest/anchor.mjs (one subscriber → INSERT … SELECT unnest(…) batches of 500 into a plain table) reading from the same Mosquitto; rows committed from the first publish to the last commit',
        'one machine with 2 cores runs the broker, PostgreSQL, the load processes and every ingest process: more processes cannot add cores here',
      ],
    });
    console.log(`→ ${file}`);
  } finally {
    for (const l of loaders) if (l.child.exitCode === null) l.child.kill('SIGKILL');
    await broker?.stop();
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
