// Alarm ingest: the ingest benchmark's end-to-end readings/s with the alarm engine on, beside the same build with it
// off (ALARMS=off), in the same run, on the same readings: 2,000 simulated devices over MQTT (bench/ingest), whose
// readings carry a realistic fault mix (bench/alarm-ingest/fault-mix.mjs: most report faultWord 0, a few percent an
// active fault, some toggling so alarms are raised, recovered and flap during the run). Rules: debounce 0, recovery
// after 60 s of readings without the fault (the readings are a minute apart), flapping as configured by default.
//
// After each run with the engine on, the server's counters (voltfleet_alarms_*) and the alarms table are checked
// against what the domain's rule machine makes of the same readings (expected.mjs), and the evaluation lag is
// measured: from the commit of a reading to the commit of the alarm event (raised, seen, flapping, recovered) it
// caused (PostgreSQL commit timestamps; on PGlite the two transactions' start times, see lagRows), and from the last
// PUBACK of a phase until the counters have reached what that phase's readings must produce (the engine's queue has
// drained).
//
// The engine is one model on both databases (decision 0028): one process here, so it owns every device's shard.
//
//   npm run build && node bench/alarm-ingest/run.mjs     # or: npm run bench -- alarm-ingest
//   BENCH_ENGINES=postgres node bench/alarm-ingest/run.mjs
//   BENCH_ALARM_VARIANTS=on,off node bench/alarm-ingest/run.mjs
import { fork, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { postgresUnavailableReason, startPostgres } from '../../scripts/pg-harness.mjs';
import { ROOT, mean, median, round, writeResult } from '../support.mjs';
import { cpuPerReading, sample } from '../ingest/process-stats.mjs';
import { ipcChild, loadPhase, onAll } from '../ingest/run.mjs';
import {
  DIST,
  prepareDatabase,
  resetDatabase,
  buildIdentity,
  snapshotDist,
  startServer,
  storedCheck,
  withDb,
} from '../ingest/server-process.mjs';
import { RECOVER_S, alarmCheck } from './checks.mjs';
import { expectedAlarms } from './expected.mjs';
import { PHASE_ENDS, deviceKind } from './fault-mix.mjs';

const DEVICES = 2000;
const LOADERS = 2;
/** As the ingest benchmark: closed-loop readings per device, then paced ones at a fixed offered rate. */
const PLAN = {
  // The phase ends are also in fault-mix.mjs (PHASE_ENDS): devices whose fault begins in a phase's last reading.
  pglite: { closed: 20, paced: 5, pacedRatePerS: 1500 },
  postgres: { closed: 60, paced: 12, pacedRatePerS: 5000 },
};
/** Throughput with the engine on ÷ with it off. */
const TARGET_RATIO = 0.9;
const REPETITIONS = Number(process.env.BENCH_REPETITIONS ?? 2);

for (const p of Object.values(PLAN))
  if (!PHASE_ENDS.includes(p.closed - 1) || !PHASE_ENDS.includes(p.closed + p.paced - 1))
    throw new Error('PLAN and fault-mix.mjs PHASE_ENDS disagree');
const RULES_ENV = { ALARM_DEBOUNCE_SECONDS: '0', ALARM_RECOVER_SECONDS: String(RECOVER_S) };
const DRAIN_TIMEOUT_MS = 60_000;

const epochMs = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function variants() {
  return {
    on: { env: { ALARMS: 'on' } },
    off: { env: { ALARMS: 'off' } },
  };
}

/** Polls /metrics until the alarm counters reach `want`; ms from `fromMs` until then (null: not within the limit). */
async function drained(server, want, fromMs) {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const m = await server.metrics();
    if (m.alarmsRaised >= want.raised && m.alarmsRecovered >= want.recovered) return round(epochMs() - fromMs);
    if (Date.now() > deadline) return null;
    await sleep(20);
  }
}

/**
 * Commit timestamps on the throwaway cluster (a server setting: ALTER SYSTEM and a restart with the options it was
 * started with, which pg_ctl keeps in postmaster.opts). Returns the new postmaster's pid.
 */
async function enableCommitTimestamps(pg) {
  await withDb({ databaseUrl: pg.url }, (db) => db.exec(`ALTER SYSTEM SET track_commit_timestamp = on`));
  const baseDir = path.dirname(pg.dataDir);
  const exe = path.join(pg.binDir, 'pg_ctl');
  const args = ['restart', '-D', pg.dataDir, '-w', '-m', 'fast', '-t', '60', '-l', path.join(baseDir, 'server.log')];
  const asRoot = process.getuid?.() === 0;
  const result = spawnSync(asRoot ? 'runuser' : exe, asRoot ? ['-u', 'postgres', '--', exe, ...args] : args, {
    cwd: baseDir,
    stdio: 'ignore',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' },
    timeout: 90_000,
  });
  if (result.status !== 0) throw new Error(`pg_ctl restart failed (${result.status})`);
  return Number(readFileSync(path.join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function measureVariant(engine, target, loaders, secrets, plan, variant, expected, firstTs) {
  const on = variant.env.ALARMS === 'on';
  const server = await startServer(engine, target, undefined, {
    env: { ...RULES_ENV, ...variant.env, WEB_DIST: path.join(ROOT, 'apps/web/dist') },
    ...(variant.dist ? { dist: variant.dist } : {}),
  });
  try {
    await onAll(loaders, { type: 'connect', url: server.url, secrets }, 'connected');
    const total = DEVICES * plan.closed;
    let stop = sample(server.pid, target.postmaster);
    const closed = await loadPhase(loaders, { mode: 'closed', first: 0, last: plan.closed, window: 1 });
    const closedUsage = stop();
    const closedDrainMs = on ? await drained(server, expected.closed, closed.goAt + closed.seconds * 1000) : null;
    stop = sample(server.pid, target.postmaster);
    const paced = await loadPhase(loaders, {
      mode: 'paced',
      first: plan.closed,
      last: plan.closed + plan.paced,
      ratePerS: plan.pacedRatePerS / loaders.length,
    });
    const pacedUsage = stop();
    const pacedDrainMs = on ? await drained(server, expected.all, paced.goAt + paced.seconds * 1000) : null;
    await onAll(loaders, { type: 'disconnect' }, 'disconnected');
    const metrics = await server.metrics();
    await server.stop();
    const stored = await storedCheck(target);
    const alarms = await alarmCheck(target, firstTs, plan, target.databaseUrl !== undefined);
    const expectedStored = DEVICES * (plan.closed + plan.paced);
    const want = on ? expected.all : { raised: 0, recovered: 0, active: 0, flapping: 0 };
    const ingestOk =
      stored.rows === expectedStored &&
      closed.acked + paced.acked === expectedStored &&
      metrics.failedBatches === 0 &&
      stored.rollupGapKwh < 1e-6;
    const alarmsOk =
      metrics.alarmEvaluationFailures === 0 &&
      metrics.alarmsRaised === want.raised &&
      metrics.alarmsRecovered === want.recovered &&
      alarms.alarms === want.raised &&
      alarms.active === want.active &&
      alarms.flapping === want.flapping &&
      (!on || (want.raised > 0 && closedDrainMs !== null && pacedDrainMs !== null));
    const { lag, ...tables } = alarms;
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
        cpuUsPerReading: cpuPerReading(pacedUsage, paced.seconds, DEVICES * plan.paced),
        ...pacedUsage,
      },
      ...(on
        ? {
            evaluation: {
              drainAfterLastPubackMs: { closed: closedDrainMs, paced: pacedDrainMs },
              ingestBatches: metrics.batches,
              batches: metrics.alarmBatches,
              transactions: metrics.alarmTransactions,
              lagIngestToEngineMs: lag,
            },
          }
        : {}),
      check: {
        acknowledged: closed.acked + paced.acked,
        stored: stored.rows,
        expected: expectedStored,
        rollupGapKwh: stored.rollupGapKwh,
        failedBatches: metrics.failedBatches,
        disconnects: closed.disconnects + paced.disconnects,
        alarmsExpected: want,
        alarmsMetrics: {
          raised: metrics.alarmsRaised,
          recovered: metrics.alarmsRecovered,
          evaluationFailures: metrics.alarmEvaluationFailures,
        },
        alarmsTable: tables,
        ok: ingestOk && alarmsOk,
      },
    };
  } catch (err) {
    console.error(server.log());
    await server.stop();
    throw err;
  }
}

const resetAlarms = (target) =>
  withDb(target, (db) =>
    db.exec(`TRUNCATE alarm_faults, alarm_handoff, alarm_events, notification_events, alarms RESTART IDENTITY CASCADE`),
  );

async function measureEngine(engine, loaders, names, firstTs, dist, allVariants) {
  const plan = PLAN[engine];
  const all = allVariants;
  const { DEFAULT_ALARM_RULES, timingBySeverity } = await import(`${ROOT}/packages/domain/dist/alarms/index.js`);
  // As the server makes them of RULES_ENV (config.ts): the base times, each severity's scaled from them.
  const base = { debounceMs: 0, recoverMs: RECOVER_S * 1000 };
  const rules = { ...DEFAULT_ALARM_RULES, ...base, bySeverity: timingBySeverity(base) };
  const expected = {
    closed: await expectedAlarms({ count: DEVICES, readings: plan.closed, startMs: firstTs, rules }),
    all: await expectedAlarms({ count: DEVICES, readings: plan.closed + plan.paced, startMs: firstTs, rules }),
  };
  const runnable = names.filter((n) => !all[n].skipped);
  const pg = engine === 'postgres' ? await startPostgres() : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-bench-alarm-ingest-'));
  const target = {
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: pg?.url,
    postmaster: pg ? await enableCommitTimestamps(pg) : undefined,
    dist,
  };
  try {
    const secrets = await prepareDatabase(engine, target, DEVICES);
    // Alternating, in an order that reads the same backwards (on, off, …, off, on): a steady drift of the machine's
    // load favours no variant.
    const order = [];
    for (let rep = 0; rep < REPETITIONS; rep++) order.push(...(rep % 2 === 0 ? runnable : [...runnable].reverse()));
    // The first run after the database is made is the slowest whatever its variant (in earlier runs, always `on`,
    // which the order starts with, by 10–20 %): one run of `off` first, measured and discarded.
    const warm = await measureVariant(engine, target, loaders, secrets, plan, all.off, expected, firstTs);
    console.log(`alarm-ingest ${engine} warm-up (off, discarded): ${warm.readingsPerS}/s`);
    const runs = [];
    for (const [i, name] of order.entries()) {
      await resetDatabase(target);
      await resetAlarms(target);
      const r = await measureVariant(engine, target, loaders, secrets, plan, all[name], expected, firstTs);
      const load = round(os.loadavg()[0], 2);
      const lag = r.evaluation
        ? `; lag p50/p99 ${r.evaluation.lagIngestToEngineMs.closed.p50Ms}/${r.evaluation.lagIngestToEngineMs.closed.p99Ms} ms, drained ${r.evaluation.drainAfterLastPubackMs.closed} ms after the last PUBACK; ${r.evaluation.batches} batches of ${r.evaluation.ingestBatches} commits, ${r.evaluation.transactions} transactions; ${r.check.alarmsMetrics.raised} raised, ${r.check.alarmsMetrics.recovered} recovered`
        : '';
      console.log(
        `alarm-ingest ${engine} ${name}: ${r.readingsPerS}/s (p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.cpuUsPerReading} µs CPU/reading${lag}), checks ${r.check.ok ? 'ok' : 'FAILED'}; load ${load}`,
      );
      runs.push({ variant: name, repetition: Math.floor(i / runnable.length), ...r, loadAverage1m: load });
    }
    const byVariant = Object.fromEntries(
      runnable.map((name) => {
        const mine = runs.filter((r) => r.variant === name);
        const best = mine.reduce((a, b) => (b.readingsPerS > a.readingsPerS ? b : a));
        return [
          name,
          {
            bestReadingsPerS: best.readingsPerS,
            medianReadingsPerS: round(median(mine.map((r) => r.readingsPerS))),
            readingsPerS: mine.map((r) => r.readingsPerS),
            meanCpuUsPerReading: round(mean(mine.map((r) => r.cpuUsPerReading)), 1),
            cpuUsPerReading: mine.map((r) => r.cpuUsPerReading),
            pacedP99Ms: mine.map((r) => r.paced.p99Ms),
          },
        ];
      }),
    );
    const ratio = (a, b) =>
      byVariant[a] && byVariant[b] ? round(byVariant[a].bestReadingsPerS / byVariant[b].bestReadingsPerS, 2) : null;
    const cpuRatio = (a, b) =>
      byVariant[a] && byVariant[b]
        ? round(byVariant[a].meanCpuUsPerReading / byVariant[b].meanCpuUsPerReading, 2)
        : null;
    const onVsOff = ratio('on', 'off');
    // Each repetition's on ÷ off: the two ran next to each other, so a drift of the machine over the whole run
    // cancels out; their median is what the target is judged on.
    const paired = (a, b) =>
      byVariant[a] && byVariant[b]
        ? Array.from({ length: REPETITIONS }, (_, rep) => {
            const [x, y] = [a, b].map((v) => runs.find((r) => r.variant === v && r.repetition === rep));
            return round(x.readingsPerS / y.readingsPerS, 3);
          })
        : null;
    const onVsOffByRepetition = paired('on', 'off');
    const onVsOffPairedMedian = onVsOffByRepetition && round(median(onVsOffByRepetition), 2);
    const medianRatio = (a, b) =>
      byVariant[a] && byVariant[b] ? round(byVariant[a].medianReadingsPerS / byVariant[b].medianReadingsPerS, 2) : null;
    return {
      engine,
      plan,
      expectedAlarms: expected,
      byVariant,
      onVsOff,
      onVsOffMedian: medianRatio('on', 'off'),
      onVsOffByRepetition,
      onVsOffPairedMedian,
      cpuPerReadingOnVsOff: cpuRatio('on', 'off'),
      warmUp: { variant: 'off', readingsPerS: warm.readingsPerS, checksOk: warm.check.ok },
      allChecksOk: runs.every((r) => r.check.ok) && warm.check.ok,
      targets: {
        onVsOffPairedMedian: TARGET_RATIO,
        met: onVsOffPairedMedian !== null && onVsOffPairedMedian >= TARGET_RATIO && runs.every((r) => r.check.ok),
      },
      skipped: Object.fromEntries(names.filter((n) => all[n].skipped).map((n) => [n, all[n].skipped])),
      runs,
    };
  } finally {
    await pg?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  if (!existsSync(`${DIST}/main.js`)) throw new Error('apps/server/dist is missing: run `npm run build` first');
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const names = (process.env.BENCH_ALARM_VARIANTS ?? 'on,off').split(',');
  // One build for every run: a copy taken now (others may rebuild apps/server meanwhile).
  const dist = await snapshotDist('alarm-ingest');
  const all = variants();
  const perDevice = Math.max(...engines.map((e) => PLAN[e].closed + PLAN[e].paced));
  const startMs = Math.floor((Date.now() - (perDevice + 30) * 60_000) / 60_000) * 60_000;
  const loaders = Array.from({ length: LOADERS }, (_, i) =>
    ipcChild(fork(path.join(ROOT, 'bench/ingest/load.mjs'), { stdio: 'inherit' }), `loader ${i}`),
  );
  try {
    const slice = DEVICES / LOADERS;
    const ready = await Promise.all(
      loaders.map((l, i) =>
        l.ask(
          { type: 'init', count: DEVICES, from: i * slice, to: (i + 1) * slice, perDevice, startMs, faults: true },
          'ready',
        ),
      ),
    );
    const kinds = {};
    for (let i = 0; i < DEVICES; i++) kinds[deviceKind(i)] = (kinds[deviceKind(i)] ?? 0) + 1;
    const results = [];
    const loadBefore = os.loadavg()[0];
    for (const engine of engines) {
      const unavailable = engine === 'postgres' ? postgresUnavailableReason() : undefined;
      if (unavailable) {
        results.push({ engine, skipped: unavailable });
        continue;
      }
      results.push(await measureEngine(engine, loaders, names, ready[0].firstTs, dist, all));
    }
    const file = await writeResult('alarm-ingest', {
      build: await buildIdentity(dist),
      devices: DEVICES,
      faultMix: kinds,
      rules: { ...RULES_ENV, flapping: 'defaults (3 raises within 3600 s)' },
      fieldsPerReading: ready[0].fields,
      avgPayloadBytes: ready[0].avgBytes,
      cpus: os.cpus().length,
      loadAverage1m: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
      repetitions: REPETITIONS,
      results,
      notes: [
        'each variant is the real server process (ROLES=http,ingest,jobs) of the same build; ALARMS=off leaves the engine unsubscribed from the ingest and the no-data job off',
        'the engine is one model on both databases (decision 0028): the one server process owns every shard, so nothing is handed over; the fault state is in memory and a batch that changes nothing runs no statement',
        'onVsOffPairedMedian (the target): the median over the repetitions of on ÷ off of the same repetition (adjacent runs), after a discarded warm-up run of off; onVsOff: best readings/s of each in the throughput (closed-loop) phase; onVsOffMedian: the same of the medians (runs of one variant differ by up to ±15% on this machine, and drift over a run); cpuPerReadingOnVsOff: mean CPU µs per reading of the server process',
        'lagIngestToEngineMs (PostgreSQL, track_commit_timestamp on for every variant): commit of the ingest transaction that stored a reading → commit of the engine transaction that wrote the alarm event it caused (raised, seen, flapping, recovered)',
        'lagIngestToEngineMs (PGlite): start of that ingest transaction (readings.received_at) → start of the engine transaction (alarms.created_at for raises, updated_at for recoveries); includes the ingest transaction itself',
        'drainAfterLastPubackMs: last PUBACK of a phase → the server’s alarm counters reach what the phase’s readings must produce (expected.mjs)',
      ],
    });
    console.log(`→ ${file}`);
  } finally {
    for (const l of loaders) if (l.child.exitCode === null) l.child.kill('SIGKILL');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
