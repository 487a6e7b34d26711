import { createFleet, demoFleetConfig, type Fleet, type ReadingListener } from '@voltfleet/simulator';
import type { AlarmRuleOptions } from '@voltfleet/domain/alarms';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import type { LinkDevice, ReadingSink } from '../../link/link.types.js';
import { refreshEarnings } from '../tariffs/index.js';
import { PastAlarms } from '../alarms/index.js';
import {
  HISTORY_RESOLUTION,
  advanceHistory,
  breathe,
  seedHistory,
  type HistoryPlan,
  type HistoryRun,
} from './demo.history.js';
import { devicesBySn, plantIdsOf } from './demo.repository.js';
import type { DemoSeeding } from './demo.seeding.js';
import { demoAnchorMs, writeHistoryState, type HistoryState } from './demo.state.js';

// Seeding the demo's history in its two parts, the last week first and then the months before it, and pricing the
// earnings after (the runner, demo.runner.ts, decides when and runs the fleet live between them).

/** How often the seeding logs its progress and records where it stands. */
const PROGRESS_EVERY_MS = 5000;
/** The history's share of the seeding's percent; pricing its earnings takes the rest. */
const HISTORY_SHARE = 0.8;
/**
 * The months before the last week are seeded at low priority: after each window of readings the seeding rests half
 * as long as the window took, so pages opened meanwhile find PGlite's thread free a third of the time at least.
 */
const OLDER_REST_SHARE = 0.5;
/** And in windows of one ingest batch (500 readings), half the recent part's, so it steps aside more often. */
const OLDER_WINDOW_READINGS = 500;
/** Plant-days refreshEarnings prices in one statement. */
const PLANT_DAYS_PER_STATEMENT = 200;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The ingest of the months before the last week: nothing listens to what it stores (the alarm engine and the live
 * channel have moved on to newer readings), and it can be told not to link to the recent week's readings (see
 * Ingest.linkBefore); the server's Ingest is one.
 */
export interface OlderIngest extends ReadingSink {
  flush(): Promise<void>;
  linkBefore(ms: number | null): void;
}

/** What seeding the history's parts needs from the runner. */
export interface SeedingContext {
  db: Db;
  dataDir: string;
  log: (m: string) => void;
  seeding: DemoSeeding;
  wallClock: () => number;
  stopped: () => boolean;
  /** The alarm rules the older months' alarms are worked out by (none without). */
  alarmRules?: AlarmRuleOptions;
  /** Runs before the recent part's first reading is written, with the fleet and its registered inverters. */
  beforeRecent: (fleet: Fleet, devices: ReadonlyMap<string, LinkDevice>) => Promise<void>;
}

/** The fleet's inverters as registered (id and serial number), for the history's readings. */
async function demoDevices(db: Db, fleet: Fleet) {
  return devicesBySn(
    db,
    fleet.inverters.map((i) => i.sn),
  );
}

/**
 * Replays a fleet started at the plan's beginning without readings up to `toMs` (seconds for a year), a week at a
 * time so the server keeps answering meanwhile; `onReading` sees the readings it would have made.
 */
async function replay(fleet: Fleet, plan: HistoryPlan, toMs: number, onReading?: ReadingListener): Promise<void> {
  for (let to = fleet.now + 7 * DAY_MS; fleet.now < toMs; to += 7 * DAY_MS) {
    advanceHistory(fleet, plan, Math.min(to, toMs), onReading);
    await breathe();
    if (to >= toMs) break;
  }
}

/** How the seeding's progress is reported: its percent weighs each part by the readings it writes. */
function progressOf(state: HistoryState, wallClock: () => number) {
  const r = HISTORY_RESOLUTION;
  const olderWeight = (state.recentFromMs - state.startMs) / (r.coarseSeconds * 1000);
  const recentWeight = () => Math.max(1, wallClock() - state.recentFromMs) / (r.recentSeconds * 1000);
  return (at: { recentUntil: number; committedUntil: number }) => {
    const recent = Math.max(0, at.recentUntil - state.recentFromMs) / (r.recentSeconds * 1000);
    const older = Math.max(0, at.committedUntil - state.startMs) / (r.coarseSeconds * 1000);
    const share = Math.min(1, (Math.min(recent, recentWeight()) + older) / (recentWeight() + olderWeight));
    return Math.round(1000 * HISTORY_SHARE * share) / 10;
  };
}

/** Logs a part's progress now and then, and publishes it at every window. */
function reporter(
  { log, seeding }: SeedingContext,
  label: string,
  record: (until: number) => Promise<void>,
  percent: (until: number) => number,
) {
  const started = performance.now();
  let logged = started;
  const seconds = () => (performance.now() - started) / 1000;
  const rate = (run: HistoryRun) => Math.round(run.readings / Math.max(0.001, seconds()));
  return {
    seconds,
    progress: async (r: HistoryRun) => {
      seeding.update({
        percent: percent(r.committedUntil),
        simulatedUntil: new Date(r.committedUntil).toISOString(),
        readings: r.readings,
        readingsPerSecond: rate(r),
      });
      if (performance.now() - logged < PROGRESS_EVERY_MS) return;
      logged = performance.now();
      await record(r.committedUntil);
      log(
        `Demo history, ${label}: simulated ${new Date(r.committedUntil).toISOString().slice(0, 16)}Z, ` +
          `${r.readings.toLocaleString('en')} readings, ${rate(r).toLocaleString('en')} readings/s`,
      );
    },
  };
}

/**
 * The recent part of the history (the last RECENT_DAYS, 5-minute readings): a fleet started at the history's
 * beginning is replayed silently to it (or to its checkpoint), then lives through it up to the wall clock through
 * the server's ingest, so its alarms are raised by the engine and the live channel sees it. Returns the fleet at
 * the wall clock, for the live run; undefined when stopped first.
 */
export async function seedRecent(
  context: SeedingContext,
  state: HistoryState,
  ingest: ReadingSink,
): Promise<Fleet | undefined> {
  const { db, dataDir, log, seeding, wallClock, stopped } = context;
  const plan = { startMs: state.startMs, recentFromMs: state.recentFromMs };
  const fleet = createFleet(demoFleetConfig({ startMs: plan.startMs, ...demoAnchorMs(state) }));
  seeding.update({ state: 'running', phase: 'recent' });
  await replay(fleet, plan, state.recentUntil);
  const devices = await demoDevices(db, fleet);
  await context.beforeRecent(fleet, devices);
  const cpu = process.cpuUsage();
  const percent = progressOf(state, wallClock);
  const report = reporter(
    context,
    'the last week',
    (until) => writeHistoryState(dataDir, { ...state, recentUntil: until }),
    (until) => percent({ recentUntil: until, committedUntil: state.committedUntil }),
  );
  log(
    `Demo history: seeding ${state.days} days, the last week first (from ` +
      `${new Date(fleet.now).toISOString()}) through the ingest; the simulated inverters go live when it reaches now`,
  );
  const run = await seedHistory({ fleet, plan, devices, sink: ingest, wallClock, stopped, progress: report.progress });
  state.recentUntil = run.committedUntil;
  if (!run.complete) {
    await writeHistoryState(dataDir, state);
    log(`Demo history: stopped at ${new Date(run.committedUntil).toISOString()}; the next start continues`);
    return undefined;
  }
  state.liveAt = new Date(wallClock()).toISOString();
  await writeHistoryState(dataDir, state);
  const used = process.cpuUsage(cpu);
  log(
    `Demo history: the last week seeded, ${run.readings.toLocaleString('en')} readings in ` +
      `${report.seconds().toFixed(1)} s (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s); going live`,
  );
  return fleet;
}

/**
 * The older part of the history (from its start to the recent week, hourly readings), after the fleet went live: a
 * second fleet started at the beginning lives through it (after an interruption, replayed silently to its
 * checkpoint), at low priority, through `ingest` (which places these older readings before the recent ones in each
 * device's energy chain). Its alarms are worked out from the same readings by the alarm rules and written at the
 * end (PastAlarms). Returns whether it is complete.
 */
export async function seedOlder(context: SeedingContext, state: HistoryState, ingest: OlderIngest): Promise<boolean> {
  const { db, dataDir, log, alarmRules, seeding, wallClock, stopped } = context;
  const plan = { startMs: state.startMs, recentFromMs: state.recentFromMs };
  const fleet = createFleet(demoFleetConfig({ startMs: plan.startMs, ...demoAnchorMs(state) }));
  const devices = await demoDevices(db, fleet);
  const past = alarmRules ? new PastAlarms(alarmRules) : undefined;
  const observe = (device: { id: number }, reading: Reading) => past?.observe(device.id, reading);
  seeding.update({ state: 'running', phase: 'history' });
  await replay(fleet, plan, state.committedUntil, (reading) => {
    const device = devices.get(reading.sn);
    if (device) observe(device, reading);
  });
  const cpu = process.cpuUsage();
  let peakRss = process.memoryUsage().rss;
  const percent = progressOf(state, wallClock);
  const report = reporter(
    context,
    'the months before the last week',
    (until) => writeHistoryState(dataDir, { ...state, committedUntil: until }),
    (until) => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      return percent({ recentUntil: Infinity, committedUntil: until });
    },
  );
  log(`Demo history: seeding the months before the last week from ${new Date(fleet.now).toISOString()}`);
  const part = (untilMs: number, before: number) =>
    seedHistory({
      fleet,
      plan,
      devices,
      sink: ingest,
      wallClock,
      stopped,
      untilMs,
      onReading: observe,
      restShare: OLDER_REST_SHARE,
      windowReadings: OLDER_WINDOW_READINGS,
      progress: (r) => report.progress({ ...r, readings: before + r.readings }),
    });
  // Up to the last hour unlinked to the recent week's readings, then the last hour linked to them (Ingest.linkBefore).
  ingest.linkBefore(plan.recentFromMs);
  let run = await part(Math.max(plan.startMs, plan.recentFromMs - HOUR_MS), 0);
  await ingest.flush();
  ingest.linkBefore(null);
  if (run.complete) {
    const first = run.readings;
    run = await part(plan.recentFromMs, first);
    run.readings += first;
  }
  state.committedUntil = run.committedUntil;
  if (!run.complete) {
    await writeHistoryState(dataDir, state);
    log(`Demo history: stopped at ${new Date(run.committedUntil).toISOString()}; the next start continues`);
    return false;
  }
  const alarms = past
    ? await past.write(
        db,
        [...devices.values()].map((d) => d.id),
        plan.recentFromMs,
      )
    : 0;
  state.completedAt = new Date(wallClock()).toISOString();
  await writeHistoryState(dataDir, state);
  // The whole history now reaches where its recent part ended.
  seeding.update({
    percent: Math.round(1000 * HISTORY_SHARE) / 10,
    simulatedUntil: new Date(state.recentUntil).toISOString(),
  });
  const used = process.cpuUsage(cpu);
  log(
    `Demo history seeded: ${state.days} days; the months before the last week took ` +
      `${run.readings.toLocaleString('en')} readings and ${alarms} alarms in ${report.seconds().toFixed(1)} s ` +
      `(CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, peak rss ${Math.round(peakRss / 1e6)} MB)`,
  );
  return true;
}

/**
 * Prices the history's earnings (plant_earnings_day) from the newest days back, so the first statistics page after
 * seeding does not have to price thirteen months at once. Runs after the fleet went live, in spans of as many days
 * as one pricing statement takes (refreshEarnings prices 200 plant-days per statement, and each statement reads
 * the plant 5-minute rollups whatever its size); stops between spans when the server stops (a later start, or a
 * page that needs them, prices the rest).
 */
export async function priceHistory(
  { db, dataDir, log, seeding, wallClock, stopped }: SeedingContext,
  state: HistoryState,
) {
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
    await writeHistoryState(dataDir, { ...state, pricedAt: new Date(wallClock()).toISOString() });
    seeding.update({ state: 'done', phase: null, percent: 100 });
    log(
      `Demo history: earnings of ${plantIds.length} plants over ${state.days} days priced in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    // Pages price what they show on their own; nothing is lost.
    seeding.update({ state: 'failed', phase: null });
    log(`Demo history: pricing the earnings failed (pages price them when shown): ${err}`);
  }
}
