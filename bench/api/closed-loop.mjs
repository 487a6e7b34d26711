// The server's CPU per request of one request type, for one or more builds side by side: a small data set
// (bench/api/data.mjs, sized by its BENCH_API_* variables), then each build's server in turn on the same database,
// asked in a closed loop (BENCH_CONCURRENCY requests at once for BENCH_SECONDS after a 3-second warm-up). Prints
// requests/s and the server process's CPU milliseconds a request. What it is for: telling whether a request got
// dearer in the code or on the machine, by measuring an older build beside this one in the same minutes
// (bench/README.md, api, "tenth run"). Not a latency benchmark: bench/api/run.mjs is (open loop, 200/s).
//
//   npm run build && BENCH_API_DEVICES=20 BENCH_API_DAYS=3 BENCH_API_MINUTE_DAYS=3 BENCH_API_ALARMS=100 \
//     node bench/api/closed-loop.mjs
//   BENCH_DISTS=/a/apps/server/dist,/b/apps/server/dist BENCH_REPS=3 …   # builds alternating, on this tree's schema
//   BENCH_URLS=/api/auth/me …                                           # other requests (default: a day's history)
//   BENCH_PROFILE_DIR=/tmp/prof …                                       # each server under --cpu-prof
//
// A build from before one of this tree's migrations cannot run on its database: check that build out, copy this file
// into its bench/api/ and run it there, then here, alternating.
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../scripts/pg-harness.mjs';
import { createApi } from '../../e2e/support/api.mjs';
import { CAPTCHA_CODE } from '../../e2e/support/server.mjs';
import { ROOT } from '../support.mjs';
import { ADMIN_PASSWORD, DIST, startServer, withDb } from '../ingest/server-process.mjs';
import { procStat } from '../ingest/process-stats.mjs';
import { loadApiData } from './data.mjs';

const DAY_MS = 86_400_000;
const CLK_TCK_MS = 10;
const FIELDS = 'pvPowerW,loadPowerW,gridPowerW,batPowerW,batSocPct,pv1VoltageV,pv1CurrentA,pvEnergyTodayKwh';
const DISTS = (process.env.BENCH_DISTS ?? DIST).split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 6);
const REPS = Number(process.env.BENCH_REPS ?? 1);

const pg = await startPostgres({ settings: { shared_buffers: '1GB' } });
try {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-closed-'));
  const target = { dataDir, databaseUrl: pg.url, dist: DIST };
  const nowMs = Date.now();
  const { fleet } = await withDb(target, async (db) => {
    const { migrate } = await import(`${DIST}/db/migrate.js`);
    // seed.js moved from db/ to the dist's root on 2026-12-02; older trees have it in db/.
    const seedPath = existsSync(`${DIST}/seed.js`) ? `${DIST}/seed.js` : `${DIST}/db/seed.js`;
    const { seed } = await import(seedPath);
    const { hashPassword } = await import(`${DIST}/features/auth/auth.service.js`);
    await migrate(db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, dataDir, hash: hashPassword, log: () => {} });
    const loaded = await loadApiData(db, hashPassword, DIST, nowMs);
    await db.exec('VACUUM ANALYZE');
    return loaded;
  });
  // Yesterday (UTC): whole minute days in every zone, read from the 5-minute values table.
  const yesterday = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10);
  const urls = (process.env.BENCH_URLS ?? '').split(',').filter(Boolean);
  if (urls.length === 0)
    for (const d of fleet.devices)
      urls.push(`/api/devices/${d.id}/history?fields=${FIELDS}&range=custom&start=${yesterday}&end=${yesterday}`);

  const loop = async (base, token, seconds) => {
    let requests = 0;
    let bytes = 0;
    let next = 0;
    const end = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const res = await fetch(base + urls[next++ % urls.length], { headers: { token, 'accept-language': 'en' } });
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`closed loop: ${res.status} ${Buffer.from(body).toString()}`);
        bytes += body.byteLength;
        requests += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return { requests, bytes: Math.round(bytes / Math.max(1, requests)) };
  };

  for (let rep = 0; rep < REPS; rep++)
    for (const dist of DISTS) {
      const profileDir = process.env.BENCH_PROFILE_DIR
        ? path.join(process.env.BENCH_PROFILE_DIR, `${rep}-${DISTS.indexOf(dist)}`)
        : undefined;
      const server = await startServer('postgres', target, profileDir, {
        dist,
        env: {
          ROLES: 'http',
          NODE_ENV: 'test',
          VOLTFLEET_CAPTCHA_TEST_CODE: CAPTCHA_CODE,
          WEB_DIST: path.join(ROOT, 'apps/web/dist'),
        },
      });
      try {
        const token = await createApi(server.httpUrl).login('admin', ADMIN_PASSWORD);
        await loop(server.httpUrl, token, 3);
        const before = procStat(server.pid);
        const started = performance.now();
        const { requests, bytes } = await loop(server.httpUrl, token, SECONDS);
        const seconds = (performance.now() - started) / 1000;
        const cpuMs = ((procStat(server.pid).ticks - before.ticks) * CLK_TCK_MS) / requests;
        console.log(
          `${dist}: ${(requests / seconds).toFixed(1)} requests/s, server CPU ${cpuMs.toFixed(2)} ms a request, ` +
            `${bytes} bytes an answer; load ${os.loadavg()[0].toFixed(2)}`,
        );
      } finally {
        await server.stop();
      }
    }
} finally {
  await pg.stop();
}
