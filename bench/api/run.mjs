// API latency with a year of data: the real server process (apps/server/dist/main.js, ROLES=http) on PostgreSQL
// holding a year of readings for 1,000 inverters (bench/api/data.mjs: written by COPY, rollups and alarms beside),
// asked open loop at a fixed 200 requests/s (each request leaves on its schedule whatever is still outstanding:
// docs/decisions/0016) for, one request type per phase:
//
//   device list     GET /api/devices?page=…&pageSize=20            (the list page with each device's latest values)
//   history 24 h    GET /api/devices/:id/history?fields=<8>&range=custom&start=<yesterday>&end=<yesterday>
//   plant month     GET /api/plants/:id/trend?range=month&quantities=<all six>&date=<a day of the last year>
//   alarm search    GET /api/alarms?…                               (default page, active, a plant, 7 days, critical)
//
// as the admin (every device, the widest scope). Anchor, same machine, same load generator, same rate: a bare Fastify
// route in a process of its own (bench/api/anchor.mjs). Targets (p99): 50, 100, 200 and 200 ms.
//
//   npm run build && node bench/api/run.mjs          # or: npm run bench -- api
//   BENCH_API_DEVICES=200 BENCH_API_DAYS=60 BENCH_API_SECONDS=10 node bench/api/run.mjs     # smaller and shorter
//   BENCH_API_ONLY=history BENCH_API_CPU_PROFILE=/tmp/prof …     # one request type, the server's CPU profile
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import { postgresUnavailableReason, startPostgres } from '../../scripts/pg-harness.mjs';
import { createApi } from '../../e2e/support/api.mjs';
import { CAPTCHA_CODE } from '../../e2e/support/server.mjs';
import { ROOT, round, writeResult } from '../support.mjs';
import { sample } from '../ingest/process-stats.mjs';
import {
  ADMIN_PASSWORD,
  DIST,
  buildIdentity,
  freePort,
  snapshotDist,
  startServer,
  withDb,
} from '../ingest/server-process.mjs';
import { openLoop, schedule, seeded, summarise } from '../open-loop.mjs';
import { DAYS, DEVICES, MINUTE_DAYS, loadApiData, rollupGap, valuesGap } from './data.mjs';
import { COMPACT, compactForBench, compactedHistoryPhase, keepOtherVariant } from './compacted.mjs';

const RATE_PER_S = 200;
/** The device list's pages asked for: the first 10 of 20 devices each, within the data set. */
const LIST_PAGES = Math.max(1, Math.min(10, Math.ceil(DEVICES / 20)));
const PHASE_S = Number(process.env.BENCH_API_SECONDS ?? 20);
const WARMUP_S = 3;
const DAY_MS = 86_400_000;
/**
 * PostgreSQL as docs/deploy.md configures it for production (section 2, "Memory settings"): shared buffers a quarter
 * of the machine's memory (at most 8 GB) and huge pages where the machine has them reserved. Not the harness's
 * defaults (128 MB, small pages): with them every history request read its 1,440 scattered pages from the kernel.
 */
const SHARED_BUFFERS_MB = Math.min(8192, Math.floor(os.totalmem() / 4 / 1048576));
const PG_SETTINGS = { shared_buffers: `${SHARED_BUFFERS_MB}MB`, huge_pages: 'try', max_wal_size: '4GB' };

/** Huge pages of the machine in use (taken or promised): the difference across PostgreSQL's start is what it took. */
function hugePages() {
  const info = readFileSync('/proc/meminfo', 'utf8');
  const read = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? 0);
  return {
    used: read('HugePages_Total') - read('HugePages_Free') + read('HugePages_Rsvd'),
    sizeKb: read('Hugepagesize'),
  };
}

/**
 * Loads the recent days' readings (the partitions of the minute days, table and key) into PostgreSQL's shared
 * buffers. A live server's ingest writes every reading through them, so the days a history page asks for are there;
 * the benchmark's COPY goes through a small ring buffer instead and leaves them out.
 */
async function prewarmRecent(db, dist, nowMs) {
  const { partitionName } = await import(`${dist}/features/telemetry/ingest.repository.js`);
  const months = new Set();
  for (let m = nowMs - (MINUTE_DAYS + 1) * DAY_MS; m <= nowMs; m += DAY_MS)
    months.add(new Date(m).toISOString().slice(0, 7));
  await db.exec('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  const warmed = {};
  for (const month of months) {
    const table = partitionName(month);
    const { rows } = await db.query(
      `SELECT (pg_prewarm($1::regclass) + pg_prewarm(($1 || '_pkey')::regclass))::int AS blocks`,
      [table],
    );
    warmed[table] = rows[0].blocks;
  }
  // The 5-minute values the job wrote (decision 0019): a live server's job writes them through the shared buffers.
  const { rows } = await db.query(
    `SELECT (pg_prewarm('device_values_5m') + pg_prewarm('device_values_5m_pkey'))::int AS blocks`,
  );
  warmed.device_values_5m = rows[0].blocks;
  return warmed;
}

/** The history's 8 parameters: what the device page's default curves show, power, battery and string 1. */
const HISTORY_FIELDS = [
  'pvPowerW',
  'loadPowerW',
  'gridPowerW',
  'batPowerW',
  'batSocPct',
  'pv1VoltageV',
  'pv1CurrentA',
  'pvEnergyTodayKwh',
];
const QUANTITIES = 'pv,load,gridImport,gridExport,batCharge,batDischarge';

/** The measured request types: a mix each (one type per phase), with their p99 targets. */
function phasesFor(fleet, nowMs, localDay) {
  const rnd = seeded(5);
  const device = () => rnd.pick(fleet.devices);
  const plant = () => rnd.pick(fleet.plants);
  const one = (name, make) => [{ name, share: 1, request: () => ({ url: make() }) }];
  return [
    {
      key: 'device list',
      targetP99Ms: 50,
      // Pages 1–10, or as many as a smaller data set has (BENCH_API_DEVICES=100 has 5): an empty page is no measure.
      mix: one('GET /api/devices', () => `/api/devices?page=${1 + Math.floor(rnd.next() * LIST_PAGES)}&pageSize=20`),
    },
    {
      key: 'history 24 h, 8 parameters',
      targetP99Ms: 100,
      mix: one('GET /api/devices/:id/history', () => {
        const d = device();
        const day = localDay(nowMs - DAY_MS, d.plant.zone);
        return `/api/devices/${d.id}/history?fields=${HISTORY_FIELDS.join(',')}&range=custom&start=${day}&end=${day}`;
      }),
    },
    {
      key: 'plant month of energy',
      targetP99Ms: 200,
      mix: one('GET /api/plants/:id/trend?range=month', () => {
        const p = plant();
        const day = localDay(nowMs - Math.floor(rnd.next() * Math.min(DAYS, 365)) * DAY_MS, p.zone);
        return `/api/plants/${p.id}/trend?range=month&quantities=${QUANTITIES}&date=${day}`;
      }),
    },
    {
      key: 'alarm search',
      targetP99Ms: 200,
      mix: [
        ['list: default (page 1, newest first)', 40, () => '/api/alarms'],
        ['list: state=active', 20, () => '/api/alarms?state=active'],
        ['list: plantId', 15, () => `/api/alarms?plantId=${plant().id}`],
        [
          'list: last 7 days',
          15,
          () =>
            `/api/alarms?from=${new Date(nowMs - 7 * DAY_MS).toISOString().slice(0, 10)}&to=${new Date(nowMs).toISOString().slice(0, 10)}`,
        ],
        ['list: severity=critical', 10, () => '/api/alarms?severity=critical'],
      ].map(([name, share, make]) => ({ name, share, request: () => ({ url: make() }) })),
    },
    ...(COMPACT ? [compactedHistoryPhase(device, nowMs, localDay, HISTORY_FIELDS)] : []),
  ];
}

/** The bare Fastify route in its own process. */
async function startAnchor() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/api/anchor.mjs'), String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`anchor exited with ${code}`)));
  });
  return {
    pid: child.pid,
    httpUrl: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A full collection of this process's heap, run before each phase. The data build leaves gigabytes of garbage here
 * (2026-11-29: a 2.7 GB heap after it); left alone, V8 collected it in the middle of the first phase after the
 * anchor, the device list's, and paused the load generator for 272 ms: its requests went out late and read as the
 * server's p99 (473 ms). The flag is set for this one lookup of V8's gc function.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

async function phase(target, token, mix, seed) {
  collectGarbage();
  await openLoop(target.httpUrl, token, schedule(mix, WARMUP_S * RATE_PER_S, seed + 50, RATE_PER_S), {
    maxOutstanding: 2000,
  });
  const stop = sample(target.pid);
  // With BENCH_API_TRACE, the load generator's own collections over 20 ms during the phase (a pause of this process
  // delays sending and reading alike, and would look like the server's).
  const pauses = [];
  const gcObserver = process.env.BENCH_API_TRACE
    ? new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.duration > 20) pauses.push(Math.round(e.duration));
      })
    : null;
  gcObserver?.observe({ entryTypes: ['gc'] });
  const run = await openLoop(target.httpUrl, token, schedule(mix, PHASE_S * RATE_PER_S, seed, RATE_PER_S), {
    maxOutstanding: 2000,
  });
  const usage = stop();
  // BENCH_API_TRACE=1: the slowest answer of each second of the schedule (where in the phase the tail is).
  if (process.env.BENCH_API_TRACE) {
    const worst = [];
    for (const r of run.results) {
      const s = Math.floor(r.at / 1000);
      worst[s] = Math.max(worst[s] ?? 0, Math.round(r.ms));
    }
    gcObserver?.disconnect();
    const heapMb = round(process.memoryUsage().heapUsed / 1048576);
    console.log(
      `api trace, slowest answer (ms) per second: ${worst.join(' ')}; load generator: heap ${heapMb} MB, ` +
        `collections over 20 ms: ${pauses.join(' ') || 'none'}`,
    );
  }
  const { results, ...rest } = { ...summarise(run.results), results: run.results };
  return {
    ...rest,
    requests: results.length,
    abandoned: run.abandoned,
    achievedPerS: round(results.length / run.seconds, 1),
    serverCpuPct: usage.cpuPct,
    serverCpuMsPerRequest: round(((usage.cpuPct / 100) * run.seconds * 1000) / Math.max(1, results.length), 2),
    loadAverage1m: round(os.loadavg()[0], 2),
  };
}

/** Each request type answers 200 with real data before anything is timed (a fast error would look fast). */
async function checkAnswers(base, token, phases) {
  const out = {};
  for (const p of phases) {
    const req = p.mix[0].request();
    const res = await fetch(`${base}${req.url}`, { headers: { token, 'accept-language': 'en' } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`api bench: ${req.url} answered ${res.status} ${JSON.stringify(body)}`);
    const d = body.data;
    out[p.key] = d.series
      ? {
          url: req.url,
          series: d.series.length,
          points: d.series.reduce((n, s) => n + (s.points ?? s.valuesKwh).length, 0),
        }
      : { url: req.url, items: d.list?.length ?? d.items?.length, total: d.total };
  }
  return out;
}

async function measure(dist) {
  const hugeBefore = hugePages();
  const pg = await startPostgres({ settings: PG_SETTINGS });
  const hugeAfter = hugePages();
  const postgres = {
    ...PG_SETTINGS,
    hugePagesTaken: hugeAfter.used - hugeBefore.used,
    hugePageKb: hugeAfter.sizeKb,
  };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-api-'));
  const target = {
    dataDir,
    databaseUrl: pg.url,
    postmaster: Number(readFileSync(path.join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    dist,
  };
  let server;
  let anchor;
  try {
    const { migrate } = await import(`${dist}/db/migrate.js`);
    const { seed } = await import(`${dist}/seed.js`);
    const { hashPassword } = await import(`${dist}/features/auth/auth.service.js`);
    const nowMs = Date.now();
    const { fleet, data, check } = await withDb(target, async (db) => {
      await migrate(db);
      await seed(db, { adminPassword: ADMIN_PASSWORD, dataDir, hash: hashPassword, log: () => {} });
      const loaded = await loadApiData(db, hashPassword, dist, nowMs);
      const sampleIds = loaded.fleet.devices.filter((_, i) => i % Math.ceil(DEVICES / 8) === 0).map((d) => d.id);
      const check = await rollupGap(db, sampleIds);
      // Yesterday (UTC), wholly inside the minute days the job covered.
      const yesterday = Math.floor(nowMs / DAY_MS) * DAY_MS - DAY_MS;
      check.values5m = await valuesGap(db, dist, sampleIds, yesterday);
      // BENCH_API_COMPACT=1: the days before the last 7 compacted as the jobs role does it (bench/api/compacted.mjs).
      if (COMPACT) {
        loaded.data.compaction = await compactForBench(db, dist, nowMs);
        console.log(`api: compaction ${JSON.stringify(loaded.data.compaction)}`);
      }
      postgres.prewarmedBlocks = await prewarmRecent(db, dist, nowMs);
      // The gigabytes just written are flushed before anything is measured: a checkpoint, then the kernel's
      // write-back. Otherwise the first phases run beside a write-back storm a live server never has (2026-11-28:
      // the bare anchor's first phase at p95 2.2 s, the load generator's requests up to 2.7 s late).
      const flushed = performance.now();
      await db.exec('CHECKPOINT');
      execFileSync('sync');
      postgres.flushSeconds = round((performance.now() - flushed) / 1000, 1);
      return { ...loaded, check };
    });
    console.log(`api: PostgreSQL ${JSON.stringify(postgres)}`);
    console.log(`api: data ${JSON.stringify(data)}; rollups vs readings ${JSON.stringify(check)}`);
    // BENCH_API_CPU_PROFILE=<dir>: the server's CPU profile (node --cpu-prof), written there when it stops.
    server = await startServer('postgres', target, process.env.BENCH_API_CPU_PROFILE, {
      env: {
        ROLES: 'http',
        NODE_ENV: 'test',
        VOLTFLEET_CAPTCHA_TEST_CODE: CAPTCHA_CODE,
        WEB_DIST: path.join(ROOT, 'apps/web/dist'),
      },
    });
    const token = await createApi(server.httpUrl).login('admin', ADMIN_PASSWORD);
    const { localDay } = await import(`${ROOT}/packages/domain/dist/time/index.js`);
    // BENCH_API_ONLY=<text>[,<text>…]: only the phases whose key contains one of them (a profile of one request type).
    const only = (process.env.BENCH_API_ONLY ?? '').split(',');
    const phases = phasesFor(fleet, nowMs, localDay).filter((p) => only.some((o) => p.key.includes(o)));
    const answers = await checkAnswers(server.httpUrl, token, phases);
    console.log(`api: answers ${JSON.stringify(answers)}`);
    anchor = await startAnchor();
    const results = {};
    const anchorMix = [{ name: 'GET /anchor (bare Fastify)', share: 1, request: () => ({ url: '/anchor' }) }];
    results.anchor = await phase(anchor, '', anchorMix, 1);
    console.log(`api anchor: ${brief(results.anchor)}`);
    for (const [k, p] of phases.entries()) {
      results[p.key] = { ...(await phase(server, token, p.mix, 10 + k)), targetP99Ms: p.targetP99Ms };
      console.log(`api ${p.key}: ${brief(results[p.key])}`);
    }
    // The anchor once more at the end: the machine's load may have changed meanwhile.
    results['anchor (again, after)'] = await phase(anchor, '', anchorMix, 2);
    console.log(`api anchor again: ${brief(results['anchor (again, after)'])}`);
    const met = Object.fromEntries(
      phases.map((p) => [
        p.key,
        results[p.key].p99Ms <= p.targetP99Ms && results[p.key].errors === 0 && results[p.key].abandoned === 0,
      ]),
    );
    return { postgres, data: { ...data, rollupsAgreeWithReadings: check }, answers, results, met };
  } catch (err) {
    if (server) console.error(server.log());
    throw err;
  } finally {
    await anchor?.stop();
    await server?.stop();
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const brief = (r) =>
  `p50 ${r.p50Ms} / p95 ${r.p95Ms} / p99 ${r.p99Ms} / max ${r.maxMs} ms, ${r.achievedPerS}/s, ${r.errors} errors, ${r.abandoned} abandoned, late start max ${r.maxStartLateMs} ms, server ${r.serverCpuMsPerRequest} ms CPU/request; load ${r.loadAverage1m}`;

export async function run() {
  if (!existsSync(`${DIST}/main.js`)) throw new Error('apps/server/dist is missing: run `npm run build` first');
  const unavailable = postgresUnavailableReason();
  if (unavailable) {
    console.log(`api: skipped (${unavailable})`);
    return;
  }
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  // One build for the whole run: a copy taken now (others may rebuild apps/server meanwhile).
  const dist = await snapshotDist('api');
  const result = await measure(dist);
  const file = await writeResult(
    'api',
    keepOtherVariant({
      build: await buildIdentity(dist),
      engine: 'postgres',
      cpus: os.cpus().length,
      loadAverage1m: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
      ratePerS: RATE_PER_S,
      phaseSeconds: PHASE_S,
      runSeconds: round((performance.now() - started) / 1000),
      ...result,
      notes: [
        'open loop: request i leaves at i × 5 ms whatever is outstanding (docs/decisions/0016); latency is send → whole body read; p99FromScheduleMs counts from when it was due',
        `each phase: ${WARMUP_S} s warm-up (not counted), then ${PHASE_S} s at ${RATE_PER_S}/s of one request type, as the admin (all ${DEVICES} devices in scope)`,
        'the server is apps/server/dist/main.js with ROLES=http on native PostgreSQL (scripts/pg-harness.mjs, fsync off); the load generator is this process',
        'anchor: a bare Fastify route returning a small JSON, in a process of its own (bench/api/anchor.mjs), same rate, measured first and last',
        'data: see data.density; devices replay one of 32 simulated inverter-years (4 per time zone); deltas and rollups by the server’s chain code; 5-minute rollups only for the last days (rollupRows.fiveMinuteFrom)',
      ],
    }),
  );
  console.log(`→ ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
