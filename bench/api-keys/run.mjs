// An API key's cost beside a session's: the device list (GET /api/devices, 20 a page) asked open loop at a fixed
// rate by the same load generator of the same server process, once with the admin's browser session (the anchor)
// and once with an API key of the same admin holding every permission and plant (`Authorization: Bearer vf_…`),
// in alternating phases so both meet the same machine. Target (issue 40): the key's p50 within 1 ms of the
// session's (median of the pairs' differences). A key call resolves the key and its owner's role in one statement,
// as a session call does; what differs is the key's plant-limit test in the scope conditions and the per-key window.
//
//   npm run build && node bench/api-keys/run.mjs          # or: npm run bench -- api-keys
//   BENCH_KEYS_PAIRS=5 BENCH_KEYS_SECONDS=15 BENCH_KEYS_RATE=100 node bench/api-keys/run.mjs
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { postgresUnavailableReason, startPostgres } from '../../scripts/pg-harness.mjs';
import { createApi } from '../../e2e/support/api.mjs';
import { CAPTCHA_CODE } from '../../e2e/support/server.mjs';
import { ROOT, median, round, writeResult } from '../support.mjs';
import { ADMIN_PASSWORD, DIST, startServer, withDb } from '../ingest/server-process.mjs';
import { openLoop, schedule, seeded, summarise } from '../open-loop.mjs';

const PAIRS = Number(process.env.BENCH_KEYS_PAIRS ?? 4);
const SECONDS = Number(process.env.BENCH_KEYS_SECONDS ?? 10);
const RATE_PER_S = Number(process.env.BENCH_KEYS_RATE ?? 100);
const WARMUP_S = 2;
const TARGET_MS = 1;
// A fleet big enough for ten full pages, small enough to build in a minute (bench/api/data.mjs reads these at import).
process.env.BENCH_API_DEVICES ??= '200';
process.env.BENCH_API_DAYS ??= '3';
process.env.BENCH_API_MINUTE_DAYS ??= '2';
process.env.BENCH_API_ALARMS ??= '500';

async function measure() {
  const { loadApiData, DEVICES } = await import('../api/data.mjs');
  const pg = await startPostgres({ settings: { shared_buffers: '1GB' } });
  let server;
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-keys-'));
    const target = { dataDir, databaseUrl: pg.url, dist: DIST };
    const nowMs = Date.now();
    await withDb(target, async (db) => {
      const { migrate } = await import(`${DIST}/db/migrate.js`);
      const { seed } = await import(existsSync(`${DIST}/seed.js`) ? `${DIST}/seed.js` : `${DIST}/db/seed.js`);
      const { hashPassword } = await import(`${DIST}/features/auth/auth.service.js`);
      await migrate(db);
      await seed(db, { adminPassword: ADMIN_PASSWORD, dataDir, hash: hashPassword, log: () => {} });
      await loadApiData(db, hashPassword, DIST, nowMs);
      await db.exec('VACUUM ANALYZE');
    });
    server = await startServer('postgres', target, undefined, {
      env: {
        ROLES: 'http',
        NODE_ENV: 'test',
        VOLTFLEET_CAPTCHA_TEST_CODE: CAPTCHA_CODE,
        WEB_DIST: path.join(ROOT, 'apps/web/dist'),
        // The per-key window must not be what is measured: the rate here is far above a program's.
        API_KEY_RATE_PER_MINUTE: String(RATE_PER_S * 60 * 4),
      },
    });
    const session = await createApi(server.httpUrl).login('admin', ADMIN_PASSWORD);
    const key = await makeKey(server.httpUrl, session);
    const pages = Math.max(1, Math.min(10, Math.ceil(DEVICES / 20)));
    const rnd = seeded(7);
    const mix = [
      {
        name: 'GET /api/devices',
        share: 1,
        request: () => ({ url: `/api/devices?page=${1 + Math.floor(rnd.next() * pages)}&pageSize=20` }),
      },
    ];
    await checkSame(server.httpUrl, session, key);
    const phase = async (token, seed) => {
      await openLoop(server.httpUrl, token, schedule(mix, WARMUP_S * RATE_PER_S, seed + 50, RATE_PER_S));
      const run = await openLoop(server.httpUrl, token, schedule(mix, SECONDS * RATE_PER_S, seed, RATE_PER_S));
      return { ...summarise(run.results), abandoned: run.abandoned };
    };
    const pairs = [];
    for (let i = 0; i < PAIRS; i++) {
      // Alternating which goes first, so a drift of the machine within a pair favours neither.
      const order = i % 2 === 0 ? ['session', 'key'] : ['key', 'session'];
      const pair = {};
      for (const kind of order) pair[kind] = await phase(kind === 'key' ? key : session, 10 + i);
      const diff = round(pair.key.p50Ms - pair.session.p50Ms, 2);
      console.log(
        `api-keys pair ${i + 1}: session p50 ${pair.session.p50Ms} ms p99 ${pair.session.p99Ms} ms, ` +
          `key p50 ${pair.key.p50Ms} ms p99 ${pair.key.p99Ms} ms (difference ${diff} ms); load ${os.loadavg()[0].toFixed(2)}`,
      );
      pairs.push({ session: brief(pair.session), key: brief(pair.key), p50DifferenceMs: diff });
    }
    const medianDifference = round(median(pairs.map((p) => p.p50DifferenceMs)), 2);
    const errors = pairs.reduce((n, p) => n + p.session.errors + p.key.errors, 0);
    return {
      devices: DEVICES,
      ratePerS: RATE_PER_S,
      phaseSeconds: SECONDS,
      pairs,
      medianP50DifferenceMs: medianDifference,
      targetMs: TARGET_MS,
      met: Math.abs(medianDifference) <= TARGET_MS && errors === 0,
    };
  } finally {
    await server?.stop();
    await pg.stop();
  }
}

const brief = (s) => ({ p50Ms: s.p50Ms, p95Ms: s.p95Ms, p99Ms: s.p99Ms, errors: s.errors + s.abandoned, n: s.n });

/** A key of the admin with every permission the admin holds and every plant. */
async function makeKey(base, session) {
  const me = await (await fetch(`${base}/api/auth/me`, { headers: { token: session } })).json();
  const permissions = me.data.permissions ?? me.data.user?.permissions;
  const lastDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${base}/api/api-keys`, {
    method: 'POST',
    headers: { token: session, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', expiresOn: lastDay, access: 'read', permissions, plantIds: null }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`api-keys: making the key answered ${res.status} ${JSON.stringify(body)}`);
  return body.data.key;
}

/** Both credentials see the same first page: the comparison is of the same work. */
async function checkSame(base, session, key) {
  const page = async (headers) =>
    (await (await fetch(`${base}/api/devices?page=1&pageSize=20`, { headers })).json()).data.items.map((d) => d.sn);
  const [a, b] = [await page({ token: session }), await page({ authorization: `Bearer ${key}` })];
  if (JSON.stringify(a) !== JSON.stringify(b) || a.length === 0)
    throw new Error(`api-keys: the key's first page differs from the session's (${a.length} vs ${b.length} devices)`);
}

export async function run() {
  const unavailable = postgresUnavailableReason();
  if (unavailable) {
    console.log(`api-keys: skipped, ${unavailable}`);
    return;
  }
  const result = await measure();
  const file = await writeResult('api-keys', {
    method:
      `GET /api/devices (pages 1-10 of 20) open loop at ${RATE_PER_S}/s, ${SECONDS} s a phase after ${WARMUP_S} s of ` +
      `warm-up, as the admin: with the session token, then with an API key of the admin holding every permission ` +
      `and plant, alternating first, ${PAIRS} pairs, same server process and PostgreSQL`,
    ...result,
  });
  console.log(`api-keys: median p50 difference ${result.medianP50DifferenceMs} ms (target ≤ ${TARGET_MS}); ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
