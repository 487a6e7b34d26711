import {
  connectMqttFleet,
  createFleet,
  demoFleetConfig,
  type AcceleratedRun,
  type DemoFleetConfig,
  type Fleet,
  type MqttFleet,
} from '@voltfleet/simulator';
import { INVERTER_MODELS } from '@voltfleet/domain';
import type { Db } from '../../db/db.js';
import type { ReadingSink } from '../../link/link.types.js';
import { osimDeviceRecords } from '../devices/device-writes.service.js';
import { refreshEarnings } from '../tariffs/earnings.service.js';
import { advanceHistory, breathe, planHistory, seedHistory, type HistoryRun } from './demo.history.js';
import { anyReadingOf, deviceExists, devicesBySn, newestRegisters, plantIdsOf } from './demo.repository.js';
import { seedDemoFirmware } from './demo.firmware.js';
import { DemoSeeding } from './demo.seeding.js';
import { seedDemo, type DemoCredentials } from './demo.seed.js';
import { readHistoryState, writeHistoryState, type HistoryState } from './demo.state.js';

export interface DemoRun {
  config: DemoFleetConfig;
  /** Resolves once the live run has started (after the history, when one is seeded), failed to, or was stopped. */
  live: Promise<void>;
  /** The simulated fleet once it runs live (tests read its ground truth). */
  readonly fleet: Fleet | undefined;
  stop(): Promise<void>;
}

interface LiveRun {
  fleet: Fleet;
  run: AcceleratedRun;
  mqtt: MqttFleet;
}

/** How many demo inverters speak OSIM through the gateway (when this process runs it) instead of MQTT. */
export const DEMO_OSIM_INVERTERS = 3;
/** The OSIM protocol version those inverters report in query 0x98 (PCU 6.0.3). */
const DEMO_OSIM_PCU_VERSION = 603;
/** The live run's step, simulated = wall seconds (each inverter reports at its own interval). */
const LIVE_STEP_SECONDS = 10;
/** How often the seeding logs its progress and records where it stands. */
const PROGRESS_EVERY_MS = 5000;
/** The history's share of the seeding's percent; pricing its earnings takes the rest. */
const HISTORY_SHARE = 0.8;
/** Plant-days refreshEarnings prices in one statement. */
const PLANT_DAYS_PER_STATEMENT = 200;
const DAY_MS = 86_400_000;

export interface DemoRunOptions {
  dataDir: string;
  mqttUrl: string;
  hash: (p: string) => Promise<string>;
  log: (m: string) => void;
  /** How long an inverter restarts after a firmware upgrade (SPEC §9: 20 minutes). */
  upgradeRestartMs?: number;
  /**
   * Every inverter reports this often while live (DEMO_REPORT_SECONDS: a soak or load run wanting more live data than
   * a real fleet's 30–60 s); the history keeps the configured intervals.
   */
  reportSeconds?: number;
  /** The OSIM gateway to dial: the first DEMO_OSIM_INVERTERS inverters run in OSIM mode (station mode). */
  osim?: { host: string; port: number };
  /**
   * Days of history to seed when the demo is seeded into a fresh database (DEMO_HISTORY_DAYS; 0: none). The history
   * is written through `ingest` before the live run starts.
   */
  historyDays?: number;
  /** The server's ingest (history readings take the device link's path from there on). */
  ingest?: ReadingSink;
  /** Where the seeding's progress is published (GET /api/demo/seeding). */
  seeding?: DemoSeeding;
  /** Wall clock (tests). */
  wallClock?: () => number;
}

/**
 * Seeds the demo fleet (once) and runs it in real time: every simulated inverter connects to the MQTT broker with
 * its own credentials and reports at its own interval, and answers commands, exactly like a real device.
 *
 * On the first start (a fresh database) with `historyDays`, the same simulated fleet first lives through the last
 * `historyDays` days, time-accelerated, writing its readings through the server's ingest (demo.history.ts), and
 * then goes live: one fleet throughout, so its energy counters, battery charge and faults simply continue. The
 * seeding runs in the background after this returns: the HTTP server already listens and the rest of the runtime
 * starts, so the platform is usable while the history fills in (plants show their figures growing, and
 * GET /api/demo/seeding says how far it is); the simulated devices connect once the history reaches the wall clock,
 * since one fleet cannot both replay the past and report live. It is recorded in demo.json: a restart neither seeds
 * again nor, when interrupted, starts over (it continues from the last checkpoint).
 */
export async function runDemoFleet(db: Db, opts: DemoRunOptions): Promise<DemoRun> {
  const wallClock = opts.wallClock ?? Date.now;
  const seeding = opts.seeding ?? new DemoSeeding();
  const config = demoFleetConfig({ startMs: wallClock() });
  const sns = config.devices.filter((d) => d.kind === 'inverter').map((d) => d.sn);
  const fresh = !(await deviceExists(db, config.devices[0]!.sn));
  const creds = await seedDemo(db, config, opts);
  await seedDemoFirmware(db, opts);
  const todo = await historyToDo(db, opts, sns, fresh, wallClock());

  let stopped = false;
  let live: LiveRun | undefined;
  const goLive = async (fleet: Fleet) => {
    if (stopped) return;
    const run = await startLive(fleet, creds, opts, wallClock);
    if (stopped) await stopLive(run);
    else live = run;
  };
  const handle = (started: Promise<void>, background: Promise<void>): DemoRun => ({
    config,
    live: started,
    get fleet() {
      return live?.fleet;
    },
    async stop() {
      stopped = true;
      await background;
      await stopLive(live);
    },
  });
  const context = { db, opts, creds, seeding, wallClock, stopped: () => stopped };

  if (!todo.seed) {
    seeding.update(todo.completed ? { state: 'done', percent: 100 } : { state: 'off', days: 0 });
    await goLive(await continuingFleet(db, config));
    // A history whose earnings were not priced yet (the server stopped while pricing them): price them now.
    const pricing = todo.price ? priceHistory(context, todo.price) : Promise.resolve();
    return handle(Promise.resolve(), pricing);
  }

  const state = todo.seed;
  seeding.update({ state: 'pending', days: state.days });
  let started: () => void = () => undefined;
  const liveStarted = new Promise<void>((resolve) => (started = resolve));
  const background = (async () => {
    let fleet: Fleet;
    let complete = false;
    try {
      const ingest = opts.ingest!;
      ({ fleet, complete } = await seedDemoHistory(context, state, ingest));
    } catch (err) {
      seeding.update({ state: 'failed' });
      opts.log(`Demo history seeding failed, the live run starts without it (the next start resumes it): ${err}`);
      fleet = await continuingFleet(db, demoFleetConfig({ startMs: wallClock() }));
    }
    try {
      await goLive(fleet);
    } finally {
      started();
    }
    if (complete) await priceHistory(context, state);
  })().catch((err: unknown) => opts.log(`Demo fleet: the live run did not start: ${err}`));
  return handle(liveStarted, background);
}

interface SeedingContext {
  db: Db;
  opts: DemoRunOptions;
  creds: DemoCredentials;
  seeding: DemoSeeding;
  wallClock: () => number;
  stopped: () => boolean;
}

/**
 * A fleet starting now whose inverters continue the registers they last reported (after a restart, or on a first
 * start without history: nothing to continue), so the energy counters the platform sees never run backwards.
 */
async function continuingFleet(db: Db, config: DemoFleetConfig): Promise<Fleet> {
  const fleet = createFleet(config);
  const last = await newestRegisters(
    db,
    fleet.inverters.map((i) => i.sn),
  );
  for (const [sn, { ts, values }] of last) fleet.restoreRegisters(sn, values, ts);
  return fleet;
}

/**
 * What is left to do of the history: seed it (one recorded and not complete, after an interruption; or a new one
 * when the demo's inverters have never reported, i.e. a fresh database: never on a demo that ran without one),
 * or price its earnings (seeded, but stopped before they were priced).
 */
async function historyToDo(
  db: Db,
  opts: DemoRunOptions,
  sns: readonly string[],
  fresh: boolean,
  nowMs: number,
): Promise<{ seed?: HistoryState; price?: HistoryState; completed: boolean }> {
  const recorded = fresh ? undefined : await readHistoryState(opts.dataDir);
  if (recorded?.completedAt) return { completed: true, ...(recorded.pricedAt ? {} : { price: recorded }) };
  if (!opts.ingest) return { completed: false };
  if (recorded) return { seed: recorded, completed: false };
  const days = opts.historyDays ?? 0;
  if (days <= 0 || (!fresh && (await anyReadingOf(db, sns)))) return { completed: false };
  const plan = planHistory(nowMs, days);
  const state: HistoryState = { days, ...plan, committedUntil: plan.startMs };
  await writeHistoryState(opts.dataDir, state);
  return { seed: state, completed: false };
}

/**
 * Lives through the recorded history with a fleet started at its beginning (replayed silently up to its checkpoint
 * after an interruption), through the ingest. Returns the fleet where it stopped: at the wall clock, for the live
 * run, when the history is complete.
 */
async function seedDemoHistory(
  { db, opts, creds, seeding, wallClock, stopped }: SeedingContext,
  state: HistoryState,
  ingest: ReadingSink,
): Promise<{ fleet: Fleet; complete: boolean }> {
  const plan = { startMs: state.startMs, recentFromMs: state.recentFromMs };
  const fleet = createFleet(demoFleetConfig({ startMs: plan.startMs }));
  if (state.committedUntil > plan.startMs) {
    // Replayed without readings (seconds for a year), a week at a time so the server keeps answering meanwhile.
    for (let to = plan.startMs + 7 * DAY_MS; ; to += 7 * DAY_MS) {
      advanceHistory(fleet, plan, Math.min(to, state.committedUntil));
      await breathe();
      if (to >= state.committedUntil) break;
    }
    opts.log(`Demo history: continuing from ${new Date(fleet.now).toISOString()}`);
  }
  const devices = await devicesBySn(
    db,
    fleet.inverters.map((i) => i.sn),
  );
  // The history's readings mark every inverter as heard from just now; the OSIM gateway would take those that go
  // live over OSIM for MQTT devices and refuse them as identity conflicts for DEVICE_OFFLINE_SECONDS. They are
  // recorded as the OSIM devices they are, with the identity they will report, as the gateway records them.
  const records = osimDeviceRecords(db);
  for (const sn of osimInverters(fleet, creds, opts)) {
    const device = devices.get(sn);
    const modelCode = INVERTER_MODELS.find((m) => m.model === fleet.inverter(sn)?.model)?.osimModelCode;
    if (device && modelCode !== undefined)
      await records.identified(device, { pcuVersion: DEMO_OSIM_PCU_VERSION, modelCode });
  }
  const started = performance.now();
  const cpu = process.cpuUsage();
  let logged = started;
  let peakRss = process.memoryUsage().rss;
  const seconds = () => (performance.now() - started) / 1000;
  const rate = (run: HistoryRun) => Math.round(run.readings / Math.max(0.001, seconds()));
  const share = (until: number) => (until - plan.startMs) / Math.max(1, wallClock() - plan.startMs);
  const percent = (until: number) => Math.min(100, Math.round(1000 * HISTORY_SHARE * share(until)) / 10);
  seeding.update({ state: 'running', phase: 'history', percent: percent(fleet.now) });
  opts.log(
    `Demo history: seeding ${state.days} days from ${new Date(plan.startMs).toISOString()} through the ingest; ` +
      `the simulated inverters go live when it reaches now`,
  );
  const run = await seedHistory({
    fleet,
    plan,
    devices,
    sink: ingest,
    wallClock,
    stopped,
    progress: async (r) => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      seeding.update({
        percent: percent(r.committedUntil),
        simulatedUntil: new Date(r.committedUntil).toISOString(),
        readings: r.readings,
        readingsPerSecond: rate(r),
      });
      if (performance.now() - logged < PROGRESS_EVERY_MS) return;
      logged = performance.now();
      await writeHistoryState(opts.dataDir, { ...state, committedUntil: r.committedUntil });
      opts.log(
        `Demo history: ${Math.round(100 * share(r.committedUntil))} % (simulated ` +
          `${new Date(r.committedUntil).toISOString().slice(0, 16)}Z), ${r.readings.toLocaleString('en')} readings, ` +
          `${rate(r).toLocaleString('en')} readings/s`,
      );
    },
  });
  if (!run.complete) {
    await writeHistoryState(opts.dataDir, { ...state, committedUntil: run.committedUntil });
    opts.log(`Demo history: stopped at ${new Date(run.committedUntil).toISOString()}; the next start continues`);
    return { fleet, complete: false };
  }
  state.committedUntil = run.committedUntil;
  state.completedAt = new Date(wallClock()).toISOString();
  await writeHistoryState(opts.dataDir, state);
  seeding.update({
    percent: Math.round(1000 * HISTORY_SHARE) / 10,
    simulatedUntil: new Date(run.committedUntil).toISOString(),
  });
  const used = process.cpuUsage(cpu);
  opts.log(
    `Demo history seeded: ${state.days} days, ${run.readings.toLocaleString('en')} readings in ` +
      `${seconds().toFixed(1)} s (${rate(run).toLocaleString('en')} readings/s, CPU ` +
      `${((used.user + used.system) / 1e6).toFixed(1)} s, peak rss ${Math.round(peakRss / 1e6)} MB)`,
  );
  return { fleet, complete: true };
}

/**
 * Prices the history's earnings (plant_earnings_day) from the newest days back, so the first statistics page after
 * seeding does not have to price thirteen months at once. Runs after the fleet went live, in spans of as many days
 * as one pricing statement takes (refreshEarnings prices 200 plant-days per statement, and each statement reads
 * the plant 5-minute rollups whatever its size); stops between spans when the server stops (a later start, or a
 * page that needs them, prices the rest).
 */
async function priceHistory({ db, opts, seeding, wallClock, stopped }: SeedingContext, state: HistoryState) {
  try {
    seeding.update({ state: 'running', phase: 'earnings', days: state.days });
    const started = performance.now();
    const sns = demoFleetConfig({ startMs: 0 })
      .devices.filter((d) => d.kind === 'inverter')
      .map((d) => d.sn);
    const plantIds = await plantIdsOf(db, sns);
    const spanDays = Math.max(1, Math.floor(PLANT_DAYS_PER_STATEMENT / Math.max(1, plantIds.length)));
    // UTC dates a day wider than the history each side: plant-local days are not UTC ones.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const first = state.startMs - DAY_MS;
    const spans: [string, string][] = [];
    for (let to = wallClock() + DAY_MS; to >= first; to -= spanDays * DAY_MS)
      spans.push([day(Math.max(first, to - (spanDays - 1) * DAY_MS)), day(to)]);
    for (const [i, [from, to]] of spans.entries()) {
      // Each span is one long statement on PGlite's thread: the server (and a stop signal) gets its turn between.
      await breathe();
      if (stopped()) return;
      await refreshEarnings(db, plantIds, from, to);
      const share = HISTORY_SHARE + ((1 - HISTORY_SHARE) * (i + 1)) / spans.length;
      seeding.update({ percent: Math.round(1000 * share) / 10 });
    }
    await writeHistoryState(opts.dataDir, { ...state, pricedAt: new Date(wallClock()).toISOString() });
    seeding.update({ state: 'done', phase: null, percent: 100 });
    opts.log(
      `Demo history: earnings of ${plantIds.length} plants over ${state.days} days priced in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    // Pages price what they show on their own; nothing is lost.
    seeding.update({ state: 'failed', phase: null });
    opts.log(`Demo history: pricing the earnings failed (pages price them when shown): ${err}`);
  }
}

/** Connects the fleet's inverters (MQTT, or OSIM for the first few) and runs it in real time from the wall clock. */
async function startLive(
  fleet: Fleet,
  creds: DemoCredentials,
  opts: DemoRunOptions,
  wallClock: () => number,
): Promise<LiveRun> {
  const members = fleet.inverters
    .filter((inv) => creds.secrets[inv.sn])
    .map((inverter) => ({ inverter, secret: creds.secrets[inverter.sn]! }));
  const osimSns = osimInverters(fleet, creds, opts);
  const mqtt = await connectMqttFleet(opts.mqttUrl, members, {
    ...(opts.upgradeRestartMs === undefined ? {} : { upgradeRestartMs: opts.upgradeRestartMs }),
    ...(opts.osim ? { osim: { ...opts.osim, sns: osimSns, pcuVersion: DEMO_OSIM_PCU_VERSION } } : {}),
  });
  // A fleet that lived through the history stands a few seconds behind the wall clock: catch up, then run.
  const now = Math.floor(wallClock() / (LIVE_STEP_SECONDS * 1000)) * LIVE_STEP_SECONDS * 1000;
  if (fleet.now < now) fleet.advance(now, LIVE_STEP_SECONDS, mqtt.onReading);
  // Real time, advanced in 10-second steps; each inverter reports at its own interval. A step reports at most once
  // per inverter, so a shorter interval (DEMO_REPORT_SECONDS) needs steps as short.
  if (opts.reportSeconds) fleet.setReportInterval(opts.reportSeconds);
  const stepSeconds = Math.min(LIVE_STEP_SECONDS, opts.reportSeconds ?? LIVE_STEP_SECONDS);
  const run = fleet.runAccelerated({
    factor: 1,
    stepSeconds,
    tickMs: 1000,
    onReading: mqtt.onReading,
    wallClock,
  });
  opts.log(
    `Demo fleet running: ${members.length - osimSns.length} simulated inverters reporting over MQTT, ` +
      `${osimSns.length} polled over OSIM`,
  );
  return { fleet, run, mqtt };
}

/** The serial numbers of the inverters that dial the OSIM gateway (the first few with a link secret). */
function osimInverters(fleet: Fleet, creds: DemoCredentials, opts: DemoRunOptions): string[] {
  if (!opts.osim) return [];
  return fleet.inverters
    .filter((inv) => creds.secrets[inv.sn])
    .slice(0, DEMO_OSIM_INVERTERS)
    .map((inv) => inv.sn);
}

async function stopLive(live: LiveRun | undefined): Promise<void> {
  if (!live) return;
  live.run.stop();
  await live.mqtt.close();
}
