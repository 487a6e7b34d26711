// Webhook latency from the deciding commit to the receiver: real alarm transitions at a fixed rate (default 50 a
// second for 20 s) through the built alarm engine, whose transaction queues the webhook rows exactly as services.ts
// wires it (notification events and webhook deliveries in the engine's transaction), delivered by the built jobs-role
// worker (startWebhookJob, WEBHOOK_POLL_MS as configured) to a real HTTP receiver on 127.0.0.1. Latency is the
// receipt time minus the delivery row's created_at (the deciding transaction's start, so it counts that transaction
// too). Anchor in the same run: the same bodies POSTed bare (node:http, keep-alive off like the worker) to the same
// receiver at the same rate, send to receipt. Target (issue 40): p99 ≤ 2 s. Loopback only, PGlite in this process.
//
//   npm run build && node bench/webhooks/run.mjs          # or: npm run bench -- webhooks
//   BENCH_WEBHOOKS_RATE=50 BENCH_WEBHOOKS_SECONDS=20 node bench/webhooks/run.mjs
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT, round, writeResult } from '../support.mjs';

const DIST = process.env.BENCH_SERVER_DIST ?? `${ROOT}/apps/server/dist`;
const RATE = Number(process.env.BENCH_WEBHOOKS_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_WEBHOOKS_SECONDS ?? 20);
const POLL_MS = Number(process.env.BENCH_WEBHOOKS_POLL_MS ?? 500);
const TARGET_P99_MS = 2000;
const TICK_MS = 100;
const GRID_HIGH = 1 << 6;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;
function stats(list) {
  const s = [...list].sort((a, b) => a - b);
  return { n: s.length, p50: round(pct(s, 50), 1), p99: round(pct(s, 99), 1), max: round(s.at(-1) ?? 0, 1) };
}

/** A receiver that notes when each message arrived (by webhook-id) and keeps the bodies for the anchor. */
async function receiver() {
  const got = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      got.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { got, url: `http://127.0.0.1:${server.address().port}/hook`, close: () => server.close() };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function measure() {
  const { openDb } = await import(`${DIST}/db/db.js`);
  const { migrate } = await import(`${DIST}/db/migrate.js`);
  const { seed } = await import(`${DIST}/seed.js`);
  const { hashPassword } = await import(`${DIST}/features/auth/auth.service.js`);
  const { AlarmEngine } = await import(`${DIST}/features/alarms/alarm-engine.js`);
  const { recordAlarmTransitions } = await import(`${DIST}/features/notifications/index.js`);
  const { queueAlarmWebhooks, startWebhookJob, verifyWebhook } = await import(`${DIST}/features/webhooks/index.js`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-webhooks-'));
  const db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
  const rx = await receiver();
  let stopJob;
  try {
    await migrate(db);
    await seed(db, { adminPassword: 'Bench-Admin-1', dataDir, hash: hashPassword, log: () => {} });
    const admin = (await db.query(`SELECT id FROM users WHERE username = 'admin'`)).rows[0].id;
    const plant = (
      await db.query(
        `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, address, time_zone, owner_id,
                             construction_date)
         VALUES ('Bench hooks', 1, 10, 20, 14.4, 50.1, 'Street 1', 'Europe/Prague', $1, '2023-01-02') RETURNING id`,
        [admin],
      )
    ).rows[0].id;
    // Each device raises once and recovers once: enough devices that none flaps within the run.
    const total = RATE * SECONDS;
    const deviceCount = Math.ceil(total / 2);
    const { rows: devices } = await db.query(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
       SELECT 'VFHOOKB' || lpad(g::text, 6, '0'), 'inverter', '10K', $1, $2, now() FROM generate_series(1, $3) g
       RETURNING id`,
      [admin, plant, deviceCount],
    );
    const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    await db.query(
      `INSERT INTO webhook_subscriptions (owner_id, url, events, plant_ids, secret)
       VALUES ($1, $2, '{alarm.raised,alarm.recovered}', NULL, $3)`,
      [admin, rx.url, secret],
    );
    const engine = new AlarmEngine(db, {
      rules: { debounceMs: 0, recoverMs: 0, flapCount: 1_000_000, flapWindowMs: 60_000 },
      inTransaction: async (tx, changes) => {
        await recordAlarmTransitions(tx, changes);
        await queueAlarmWebhooks(tx, changes);
      },
    });
    const log = { info() {}, warn() {}, error() {} };
    stopJob = startWebhookJob(
      db,
      { allowPrivate: true, pollMs: POLL_MS, offlineSeconds: 300, statusMs: 3_600_000 },
      log,
      undefined,
    );

    // Ours: every tick a share of the devices reads a fault (raised) or its end (recovered).
    const perTick = (RATE * TICK_MS) / 1000;
    const started = Date.now();
    let made = 0;
    const base = Date.now() - 3_600_000;
    for (let tick = 0; made < total; tick++) {
      const due = started + tick * TICK_MS;
      if (due > Date.now()) await sleep(due - Date.now());
      const batch = [];
      for (let i = 0; i < perTick && made < total; i++, made++) {
        const d = devices[made % deviceCount].id;
        const raise = made < deviceCount;
        batch.push({ deviceId: d, plantId: plant, ts: base + made * 10, values: { faultWord: raise ? GRID_HIGH : 0 } });
      }
      engine.onStored(batch);
    }
    await engine.flush();
    const deadline = Date.now() + 60_000;
    while (rx.got.length < total && Date.now() < deadline) await sleep(100);
    const created = new Map(
      (await db.query(`SELECT message_id, created_at FROM webhook_deliveries`)).rows.map((r) => [
        r.message_id,
        new Date(r.created_at).getTime(),
      ]),
    );
    const ids = new Set();
    let verified = 0;
    const latencies = [];
    for (const r of rx.got) {
      const id = r.headers['webhook-id'];
      ids.add(id);
      const headers = { id, timestamp: r.headers['webhook-timestamp'], signature: r.headers['webhook-signature'] };
      if (verifyWebhook(secret, headers, r.body, { nowMs: r.at })) verified += 1;
      if (created.has(id)) latencies.push(r.at - created.get(id));
    }
    const ours = {
      events: total,
      queued: created.size,
      received: rx.got.length,
      unique: ids.size,
      verified,
      latencyMs: stats(latencies),
    };
    await stopJob();
    stopJob = undefined;
    await engine.stop();

    // The anchor: the same bodies, POSTed bare at the same rate.
    const bodies = rx.got.slice(0, total).map((r) => r.body);
    rx.got.length = 0;
    const sent = [];
    const anchorStart = Date.now();
    const posts = [];
    for (let i = 0; i < bodies.length; i++) {
      const due = anchorStart + (i * 1000) / RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      sent[i] = Date.now();
      posts.push(
        new Promise((resolve) => {
          const req = http.request(rx.url, {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', 'webhook-id': `anchor_${i}` },
          });
          req.on('response', (res) => res.resume().on('end', resolve));
          req.on('error', resolve);
          req.end(bodies[i]);
        }),
      );
    }
    await Promise.all(posts);
    const anchor = stats(rx.got.map((r) => r.at - sent[Number(String(r.headers['webhook-id']).slice(7))]));
    return { ours, anchor };
  } finally {
    if (stopJob) await stopJob();
    rx.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const { ours, anchor } = await measure();
  const met = ours.latencyMs.p99 !== null && ours.latencyMs.p99 <= TARGET_P99_MS && ours.unique === ours.events;
  const result = {
    setup: {
      ratePerSecond: RATE,
      seconds: SECONDS,
      pollMs: POLL_MS,
      engine: 'pglite',
      receiver: 'node:http on 127.0.0.1',
    },
    ours,
    anchor: { what: 'bare POST of the same bodies at the same rate, send to receipt', latencyMs: anchor },
    target: { p99Ms: TARGET_P99_MS, everyEventOnce: true },
    met,
    load: os.loadavg().map((l) => round(l, 2)),
  };
  const file = await writeResult('webhooks', result);
  console.log(JSON.stringify(result, null, 2));
  console.log(`written ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
