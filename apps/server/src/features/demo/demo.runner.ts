import {
  connectMqttFleet,
  createFleet,
  demoFleetConfig,
  type AcceleratedRun,
  type DemoFleetConfig,
  type Fleet,
  type MqttFleet,
} from '@voltfleet/simulator';
import { INVERTER_MODELS } from '@voltfleet/domain/devices';
import { type AlarmRuleOptions } from '@voltfleet/domain/alarms';
import type { Db } from '../../db/db.js';
import type { LinkDevice, ReadingSink } from '../../link/link.types.js';
import { osimDeviceRecords } from '../devices/index.js';
import { planHistory } from './demo.history.js';
import { priceHistory, seedOlder, seedRecent, type OlderIngest, type SeedingContext } from './demo.history-seeding.js';
import { anyReadingOf, deviceExists, newestRegisters } from './demo.repository.js';
import { seedDemoFirmware } from './demo.firmware.js';
import { DemoSeeding } from './demo.seeding.js';
import { seedDemo, type DemoCredentials } from './demo.seed.js';
import { demoAnchorMs, readHistoryState, writeHistoryState, type HistoryState } from './demo.state.js';

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

export interface DemoRunOptions {
  dataDir: string;
  mqttUrl: string;
  hash: (p: string) => Promise<string>;
  log: (m: string) => void;
  /** How long an inverter restarts after a firmware upgrade (R9.2: 20 minutes). */
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
  /** Of those, the recent ones (5-minute readings, seeded first); RECENT_DAYS unless a test wants fewer. */
  historyRecentDays?: number;
  /** The server's ingest (history readings take the device link's path from there on). */
  ingest?: ReadingSink;
  /**
   * An ingest of its own for the months before the last week, seeded after the live run started: without the alarm
   * engine and the live channel, which have moved on to newer readings (its alarms are worked out by PastAlarms).
   * No history is seeded without both.
   */
  olderIngest?: OlderIngest;
  /** The alarm rules: the older months' alarms are worked out by them (none without). */
  alarmRules?: AlarmRuleOptions;
  /** Where the seeding's progress is published (GET /api/demo/seeding). */
  seeding?: DemoSeeding;
  /** Wall clock (tests). */
  wallClock?: () => number;
}

/**
 * Seeds the demo fleet (once) and runs it in real time: every simulated inverter connects to the MQTT broker with
 * its own credentials and reports at its own interval, and answers commands, exactly like a real device.
 *
 * On the first start (a fresh database) with `historyDays`, the simulated fleet lives through the last `historyDays`
 * days, time-accelerated, writing its readings through the server's ingest (demo.history.ts), and then goes live.
 * The last week comes first (a fleet replayed silently from the history's start to it, so its energy counters,
 * battery charge and faults are those of the whole history): the pages have a week of detail and the fleet reports
 * live within a minute or so. The months before it follow in the background at low priority, by a second fleet
 * from the same start (the same physics, so its readings are the ones the first would have made), whose readings the
 * ingest places before the recent ones in each device's energy chain, and whose alarms PastAlarms works out by the
 * engine's rules. The seeding runs after this returns: the HTTP server already listens and the rest of the runtime
 * starts, so the platform is usable while the history fills in (plants show their figures growing, and
 * GET /api/demo/seeding says how far it is). It is recorded in demo.json: a restart neither seeds again nor, when
 * interrupted, starts over (each part continues from its last checkpoint).
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
  // The live fleet keeps the history's anchor, so the demo's losses stay where the history placed them.
  const anchor = demoAnchorMs(await readHistoryState(opts.dataDir));

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
  const context: SeedingContext = {
    db,
    dataDir: opts.dataDir,
    log: opts.log,
    seeding,
    wallClock,
    stopped: () => stopped,
    ...(opts.alarmRules ? { alarmRules: opts.alarmRules } : {}),
    beforeRecent: (fleet, devices) => recordOsimIdentities(db, fleet, devices, creds, opts),
  };

  if (!todo.seed) {
    seeding.update(todo.completed ? { state: 'done', percent: 100 } : { state: 'off', days: 0 });
    await goLive(await continuingFleet(db, demoFleetConfig({ startMs: wallClock(), ...anchor })));
    // A history whose earnings were not priced yet (the server stopped while pricing them): price them now.
    const pricing = todo.price ? priceHistory(context, todo.price) : Promise.resolve();
    return handle(Promise.resolve(), pricing);
  }

  const state = todo.seed;
  seeding.update({ state: 'pending', days: state.days });
  let started: () => void = () => undefined;
  const liveStarted = new Promise<void>((resolve) => (started = resolve));
  const background = (async () => {
    // The recent week first, through the server's ingest (alarms raised live, pages usable at once); then the fleet
    // goes live; then the months before it, in the background.
    let fleet: Fleet | undefined;
    let recentDone = state.liveAt !== undefined;
    try {
      if (!recentDone) {
        fleet = await seedRecent(context, state, opts.ingest!);
        recentDone = fleet !== undefined;
      }
    } catch (err) {
      seeding.update({ state: 'failed' });
      opts.log(`Demo history seeding failed, the live run starts without it (the next start resumes it): ${err}`);
    }
    if (stopped) return started();
    try {
      await goLive(fleet ?? (await continuingFleet(db, demoFleetConfig({ startMs: wallClock(), ...anchor }))));
    } finally {
      started();
    }
    if (!recentDone) return;
    try {
      if (!(await seedOlder(context, state, opts.olderIngest!))) return;
    } catch (err) {
      seeding.update({ state: 'failed' });
      opts.log(`Demo history: seeding the months before the last week failed (the next start resumes it): ${err}`);
      return;
    }
    await priceHistory(context, state);
  })().catch((err: unknown) => opts.log(`Demo fleet: the live run did not start: ${err}`));
  return handle(liveStarted, background);
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
  if (!opts.ingest || !opts.olderIngest) return { completed: false };
  if (recorded) return { seed: recorded, completed: false };
  const days = opts.historyDays ?? 0;
  if (days <= 0 || (!fresh && (await anyReadingOf(db, sns)))) return { completed: false };
  const plan = planHistory(nowMs, days, opts.historyRecentDays);
  const state: HistoryState = { days, ...plan, recentUntil: plan.recentFromMs, committedUntil: plan.startMs };
  await writeHistoryState(opts.dataDir, state);
  return { seed: state, completed: false };
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

/**
 * The history's readings mark every inverter as heard from just now; the OSIM gateway would take those that go live
 * over OSIM for MQTT devices and refuse them as identity conflicts for DEVICE_OFFLINE_SECONDS. They are recorded as
 * the OSIM devices they are, with the identity they will report, as the gateway records them.
 */
async function recordOsimIdentities(
  db: Db,
  fleet: Fleet,
  devices: ReadonlyMap<string, LinkDevice>,
  creds: DemoCredentials,
  opts: DemoRunOptions,
): Promise<void> {
  const records = osimDeviceRecords(db);
  for (const sn of osimInverters(fleet, creds, opts)) {
    const device = devices.get(sn);
    const modelCode = INVERTER_MODELS.find((m) => m.model === fleet.inverter(sn)?.model)?.osimModelCode;
    if (device && modelCode !== undefined)
      await records.identified(device, { pcuVersion: DEMO_OSIM_PCU_VERSION, modelCode });
  }
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
