// Alarm search: latency of GET /api/alarms and GET /api/alarms/overview with 1,000,000 stored alarms over 2,000
// devices (bench/alarm-search/data.mjs), open loop at 20 requests/s (each request starts on its schedule, whether or
// not the previous ones have answered), as a logged-in admin (every alarm) and as the dealer of a small branch (its
// 10 plants, ≈ 5 % of the alarms: the scope filter), with a mix of typical queries (MIX). Anchor, same run, same rate,
// same server: GET /api/auth/me, the cheapest authenticated route (session lookup, one user query). Target: p99
// ≤ 200 ms. The server is the real process (apps/server/dist/main.js, ROLES=http) logged into over the API.
//
// On PostgreSQL, after the measured phases every query type is sent once more, alone, with auto_explain on (a
// restarted server, so its new connections load it): the EXPLAIN ANALYZE plans of each request's alarm statements
// land in the JSON (`plans`), for any query type that misses the target.
//
//   npm run build && node bench/alarm-search/run.mjs      # or: npm run bench -- alarm-search
//   BENCH_ENGINES=postgres BENCH_SEARCH_SECONDS=30 BENCH_ALARMS=200000 node bench/alarm-search/run.mjs
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { postgresUnavailableReason, startPostgres } from '../../scripts/pg-harness.mjs';
import { createApi } from '../../e2e/support/api.mjs';
import { CAPTCHA_CODE } from '../../e2e/support/server.mjs';
import { ROOT, round, writeResult } from '../support.mjs';
import { sample } from '../ingest/process-stats.mjs';
import { ADMIN_PASSWORD, DIST, buildIdentity, snapshotDist, startServer, withDb } from '../ingest/server-process.mjs';
import { PASSWORD, loadAlarms, prepareFleet } from './data.mjs';
import { openLoop, schedule, seeded, summarise } from '../open-loop.mjs';
import { explainPlans } from './plans.mjs';

const TARGET_P99_MS = 200;
const RATE_PER_S = 20;
const PHASE_S = Number(process.env.BENCH_SEARCH_SECONDS ?? 60);
const WARMUP_S = 5;
const ALARMS = Number(process.env.BENCH_ALARMS ?? 1_000_000);
const REPETITIONS = 2;
const SMALL_USER = 'dealer-small';

const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The snapshot with the overview cache off (freshMs 0: every overview is computed): what every request costs when an
 * alarm event (which clears the cache) comes before it. Undefined if the code moved.
 */
const overviewUncachedDist = (from) =>
  snapshotDist('alarm-search-overview-uncached', {
    from,
    patch: {
      file: 'features/alarms/alarm-overview.service.js',
      pattern: /super\(\{ freshMs: [\d_]+,/,
      replacement: 'super({ freshMs: 0,',
    },
  });

/** The query mix: name, share (%), and the request for a user (`pick` draws from the user's plants). */
function mixFor(user, now, pick, unacked) {
  const plant = () => pick(user.plants).id;
  const monthAgo = (m) => {
    const d = new Date(now);
    return [
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - m, 1)),
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - m + 1, 0)),
    ];
  };
  const texts = () => [pick(user.plants).name.split(' ')[0], pick(user.devices).sn.slice(0, 8), 'voltage', 'BMS'];
  return [
    ['list: default (page 1, newest first)', 23, () => '/api/alarms'],
    ['list: state=active', 10, () => '/api/alarms?state=active'],
    ['list: severity=critical', 8, () => '/api/alarms?severity=critical'],
    ['list: plantId', 8, () => `/api/alarms?plantId=${plant()}`],
    ['list: last 7 days', 8, () => `/api/alarms?from=${day(now - 7 * DAY_MS)}&to=${day(now)}`],
    [
      'list: one month, 5 months ago',
      5,
      () => {
        const [from, to] = monthAgo(5);
        return `/api/alarms?from=${day(from)}&to=${day(to)}`;
      },
    ],
    ['list: text q', 8, () => `/api/alarms?q=${encodeURIComponent(pick(texts()))}`],
    ['list: sort=severity asc', 5, () => '/api/alarms?sort=severity&order=asc'],
    ['list: sort=plant asc', 3, () => '/api/alarms?sort=plant&order=asc'],
    ['list: active + major + unacknowledged', 5, () => '/api/alarms?state=active&severity=major&ack=unacknowledged'],
    ['list: page 5', 2, () => '/api/alarms?page=5'],
    ['overview: default', 10, () => '/api/alarms/overview'],
    ['overview: plantId', 5, () => `/api/alarms/overview?plantId=${plant()}`],
    // About one alarm change a second (a busy fleet): each clears the totals and makes the overviews recount.
    ['acknowledge: one unacknowledged alarm', 4, () => ({ url: '/api/alarms/acknowledge', body: ackBody(unacked) })],
  ].map(([name, share, make]) => ({
    name,
    share,
    request: () => {
      const r = make();
      return typeof r === 'string' ? { url: r } : r;
    },
  }));
}

/** An acknowledgement of the next of the user's unacknowledged alarms (each acknowledged once). */
function ackBody(unacked) {
  const id = unacked.pop();
  if (id === undefined) throw new Error('alarm-search: out of unacknowledged alarms for the acknowledgements');
  return { ids: [id], note: '' };
}

async function phase(server, token, plan, warmup) {
  await openLoop(server.httpUrl, token, warmup);
  // The server process only: PostgreSQL's idle connections come and go, so per-process CPU does not add up there.
  const stop = sample(server.pid);
  const run = await openLoop(server.httpUrl, token, plan);
  const usage = stop();
  const requests = run.results.length;
  return {
    ...summarise(run.results),
    requests,
    abandoned: run.abandoned,
    achievedPerS: round(requests / run.seconds, 1),
    serverCpuPct: usage.cpuPct,
    serverCpuMsPerRequest: round(((usage.cpuPct / 100) * run.seconds * 1000) / Math.max(1, requests), 2),
    results: run.results,
  };
}

/**
 * What each user's scope holds, straight from the tables: all alarms and the active ones, and the alarms of a plant
 * of another branch (`foreignPlant`, none of the small branch's). The search's totals must say the same (the count
 * is exact up to ALARM_COUNT_CAP).
 */
const scopeCounts = (target, users, foreignPlant) =>
  withDb(target, async (db) => {
    const out = {};
    for (const name of ['admin', SMALL_USER]) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS all, count(*) FILTER (WHERE a.state = 'active')::int AS active,
                count(*) FILTER (WHERE a.plant_id = $2)::int AS foreign_plant
           FROM alarms a JOIN plants p ON p.id = a.plant_id
           JOIN users o ON o.id = p.owner_id WHERE o.path LIKE $1`,
        [`${users[name].path}%`, foreignPlant],
      );
      out[name] = { all: rows[0].all, active: rows[0].active, foreignPlant: rows[0].foreign_plant };
    }
    return out;
  });

/** The search's totals for the same questions, as each user. */
async function searchTotals(base, tokens, foreignPlant) {
  const out = {};
  for (const [user, token] of Object.entries(tokens)) {
    const total = async (query) => {
      const res = await fetch(`${base}/api/alarms?pageSize=1${query}`, { headers: { token } });
      if (res.status !== 200) throw new Error(`GET /api/alarms?${query} as ${user}: ${res.status} ${await res.text()}`);
      const { data } = await res.json();
      return data.totalCapped ? `>${data.total}` : data.total;
    };
    out[user] = {
      all: await total(''),
      active: await total('&state=active'),
      foreignPlant: await total(`&plantId=${foreignPlant}`),
    };
  }
  return out;
}

/** The search's answer matches the tables': exact below the cap, "more than the cap" above it. */
function totalsMatch(counted, searched, cap) {
  return Object.entries(counted).every(([user, c]) =>
    Object.entries(c).every(([k, n]) => searched[user][k] === (n > cap ? `>${cap}` : n)),
  );
}

async function measureEngine(engine, dist) {
  const pg = engine === 'postgres' ? await startPostgres() : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-alarm-search-'));
  const target = {
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: pg?.url,
    postmaster: pg ? Number(readFileSync(path.join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) : undefined,
    pgLog: pg ? path.join(path.dirname(pg.dataDir), 'server.log') : undefined,
    dist,
  };
  try {
    const { migrate } = await import(`${dist}/db/migrate.js`);
    const { seed } = await import(`${dist}/seed.js`);
    const { hashPassword } = await import(`${dist}/features/auth/auth.service.js`);
    const { fleet, data } = await withDb(target, async (db) => {
      await migrate(db);
      await seed(db, { adminPassword: ADMIN_PASSWORD, dataDir, hash: hashPassword, log: () => {} });
      const f = await prepareFleet(db, hashPassword);
      return { fleet: f, data: await loadAlarms(db, f, ALARMS) };
    });
    const foreignPlant = fleet.plants.find((p) => p.branch === 'north').id;
    const inScope = await scopeCounts(target, fleet.users, foreignPlant);
    console.log(
      `alarm-search ${engine}: ${data.total} alarms (${data.active} active) loaded in ${data.totalSeconds} s; in scope: ${JSON.stringify(inScope)}`,
    );
    const env = {
      ROLES: 'http',
      NODE_ENV: 'test',
      VOLTFLEET_CAPTCHA_TEST_CODE: CAPTCHA_CODE,
      WEB_DIST: path.join(ROOT, 'apps/web/dist'),
    };
    const uncachedDist = await overviewUncachedDist(dist);
    const variants = {
      asBuilt: { env },
      ...(uncachedDist ? { overviewCacheOff: { env, dist: uncachedDist } } : {}),
    };
    const now = Date.now();
    const rnd = seeded(7);
    const unacked = await withDb(target, async (db) => {
      const of = async (devices) =>
        (
          await db.query(
            `SELECT id FROM alarms WHERE acknowledged_at IS NULL AND device_id = ANY($1::int4[]) ORDER BY id`,
            [devices.map((d) => d.id)],
          )
        ).rows.map((r) => Number(r.id));
      return { admin: await of(fleet.users.admin.devices), [SMALL_USER]: await of(fleet.users[SMALL_USER].devices) };
    });
    // Shuffled (seeded): acknowledgements land on alarms of any age, as they do.
    for (const list of Object.values(unacked)) {
      const r = seeded(11);
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(r.next() * (i + 1));
        [list[i], list[j]] = [list[j], list[i]];
      }
    }
    const mixes = {
      admin: mixFor(fleet.users.admin, now, rnd.pick, unacked.admin),
      [SMALL_USER]: mixFor(fleet.users[SMALL_USER], now, rnd.pick, unacked[SMALL_USER]),
    };
    const anchorMix = [{ name: 'anchor: GET /api/auth/me', share: 1, request: () => ({ url: '/api/auth/me' }) }];
    // Phases: who asks, on which server. One server runs at a time (PGlite has one process).
    const PHASES = [
      { key: 'anchor', user: 'admin', mix: anchorMix, variant: 'asBuilt' },
      { key: 'admin', user: 'admin', mix: mixes.admin, variant: 'asBuilt' },
      { key: SMALL_USER, user: SMALL_USER, mix: mixes[SMALL_USER], variant: 'asBuilt' },
      ...(uncachedDist
        ? [
            { key: 'admin, overview cache off', user: 'admin', mix: mixes.admin, variant: 'overviewCacheOff' },
            {
              key: `${SMALL_USER}, overview cache off`,
              user: SMALL_USER,
              mix: mixes[SMALL_USER],
              variant: 'overviewCacheOff',
            },
          ]
        : []),
    ];
    let server;
    let running;
    const use = async (variant) => {
      if (running === variant) return server;
      await server?.stop();
      server = await startServer(engine, target, undefined, variants[variant]);
      running = variant;
      return server;
    };
    try {
      await use('asBuilt');
      const api = createApi(server.httpUrl);
      const tokens = {
        admin: await api.login('admin', ADMIN_PASSWORD),
        [SMALL_USER]: await api.login(SMALL_USER, PASSWORD),
      };
      // The routes answer, and each user's totals are the scope's counts.
      const { ALARM_COUNT_CAP } = await import(`${ROOT}/packages/domain/dist/alarms/index.js`);
      const totals = await searchTotals(server.httpUrl, tokens, foreignPlant);
      const scopeOk = totalsMatch(inScope, totals, ALARM_COUNT_CAP);
      console.log(`alarm-search ${engine}: totals ${JSON.stringify(totals)} (scope ${scopeOk ? 'ok' : 'MISMATCH'})`);
      const count = PHASE_S * RATE_PER_S;
      const reps = [];
      for (let rep = 0; rep < REPETITIONS; rep++) {
        const order = rep % 2 === 0 ? PHASES : [...PHASES].reverse();
        const phases = {};
        for (const [k, p] of order.entries()) {
          await use(p.variant);
          const seed = 100 * rep + k;
          const result = await phase(
            server,
            tokens[p.user],
            schedule(p.mix, count, seed, RATE_PER_S),
            schedule(p.mix, WARMUP_S * RATE_PER_S, seed + 50, RATE_PER_S),
          );
          const { results: _r, byType: _b, ...brief } = result;
          console.log(
            `alarm-search ${engine} #${rep + 1} ${p.key}: p50 ${brief.p50Ms} / p95 ${brief.p95Ms} / p99 ${brief.p99Ms} ms, ${brief.achievedPerS}/s, ${brief.errors} errors, ${brief.abandoned} abandoned, server ${brief.serverCpuMsPerRequest} ms CPU/request; load ${round(os.loadavg()[0], 2)}`,
          );
          phases[p.key] = { ...result, loadAverage1m: round(os.loadavg()[0], 2) };
        }
        reps.push(phases);
      }
      await server.stop();
      running = undefined;
      // Both repetitions together, per phase and query type.
      const combined = Object.fromEntries(
        PHASES.map(({ key }) => [key, summarise(reps.flatMap((p) => p[key].results))]),
      );
      const misses = Object.entries(combined)
        .filter(([key]) => key !== 'anchor')
        .flatMap(([key, s]) =>
          Object.entries(s.byType)
            .filter(([, t]) => t.p99Ms > TARGET_P99_MS)
            .map(([type, t]) => ({ phase: key, type, p99Ms: t.p99Ms })),
        );
      // The plans: on the server without the overview cache, so the overview's statements run too.
      const plans = pg
        ? await explainPlans(target, variants.overviewCacheOff ?? variants.asBuilt, tokens, mixes)
        : undefined;
      const met = (key) => combined[key].p99Ms <= TARGET_P99_MS && reps.every((p) => p[key].abandoned === 0);
      return {
        engine,
        data: { ...data, inScope, totals, scopeOk, foreignPlant },
        ratePerS: RATE_PER_S,
        phaseSeconds: PHASE_S,
        overviewCacheOffSkipped: uncachedDist ? undefined : 'alarms.routes.js no longer has `freshMs: 15_000`',
        combined,
        repetitions: reps.map((p) =>
          Object.fromEntries(Object.entries(p).map(([key, { results: _r, byType: _b, ...brief }]) => [key, brief])),
        ),
        targets: {
          p99Ms: TARGET_P99_MS,
          met: Object.fromEntries(PHASES.filter((p) => p.key !== 'anchor').map((p) => [p.key, met(p.key)])),
          queryTypesOverTarget: misses,
        },
        ...(plans ? { plans } : {}),
      };
    } catch (err) {
      if (server) console.error(server.log());
      await server?.stop();
      throw err;
    }
  } finally {
    await pg?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  if (!existsSync(`${DIST}/main.js`)) throw new Error('apps/server/dist is missing: run `npm run build` first');
  const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
  const loadBefore = os.loadavg()[0];
  // One build for every run: a copy taken now (others may rebuild apps/server meanwhile).
  const dist = await snapshotDist('alarm-search');
  const results = [];
  for (const engine of engines) {
    const unavailable = engine === 'postgres' ? postgresUnavailableReason() : undefined;
    results.push(unavailable ? { engine, skipped: unavailable } : await measureEngine(engine, dist));
  }
  const file = await writeResult('alarm-search', {
    build: await buildIdentity(dist),
    alarms: ALARMS,
    cpus: os.cpus().length,
    loadAverage1m: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
    repetitions: REPETITIONS,
    results,
    notes: [
      'open loop: request i starts at i × 50 ms whatever is outstanding; latency is request start → whole body read',
      `each phase: ${WARMUP_S} s warm-up (not counted), then ${PHASE_S} s at ${RATE_PER_S}/s; phases of one repetition run in turn, the order reversed in the next`,
      'the server is apps/server/dist/main.js with ROLES=http (no ingest, no jobs); users log in over the API (test captcha code, so NODE_ENV=test)',
      'anchor: GET /api/auth/me as admin at the same rate, same server, same run',
      'overview cache off: the same build with the overview cache’s freshMs set to 0 (patched copy in bench/.tmp), so every overview is computed: the cost when an alarm event (which clears the cache) precedes each request',
      'plans (PostgreSQL): auto_explain (ANALYZE, BUFFERS) of each query type sent alone after the measured phases, on the server without the overview cache',
    ],
  });
  console.log(`→ ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
