import type { Reading } from '@voltfleet/domain/telemetry';
import type { Fleet, ReadingListener } from '@voltfleet/simulator';
import type { LinkDevice, ReadingSink } from '../../link/link.types.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The history's resolution (simulated seconds between two readings of an inverter; the live run reports every
 * 30–60 s). Whatever the spacing, the ingest writes every 5-minute rollup row of every device and plant (about 4
 * million rows for 13 months of the demo fleet, about half of the seeding's CPU time on PGlite), so the readings are
 * kept sparse where only figures matter (13 months: about 290,000 readings; readings, rollups and alarms took 160 s
 * of CPU on the 2-core development machine):
 * - before the last RECENT_DAYS: one reading an hour, and 5-minute readings through any hour in which an inverter's
 *   faults come or go, so alarms are raised and recovered over the whole history as the live rules would;
 * - the last RECENT_DAYS: one reading every 5 minutes (the device history's raw-reading views reach back 7 days),
 *   and 1-minute readings around fault changes;
 * - the last minutes before now: the live run's 10-second steps, so the live run takes over on the wall clock.
 */
export const HISTORY_RESOLUTION = {
  coarseSeconds: 3600,
  coarseFaultSeconds: 300,
  recentSeconds: 300,
  recentFaultSeconds: 60,
  liveSeconds: 10,
} as const;
export const RECENT_DAYS = 7;
/**
 * Readings submitted and not yet committed at most: two full ingest batches, so batches are full. It also bounds how
 * long the event loop waits: PGlite runs on this thread and the ingest chains its batches without yielding, so the
 * HTTP server and the device link are served between windows (see `breathe`).
 */
const WINDOW_READINGS = 1000;
/**
 * Simulated time advanced per chunk of readings handed to the ingest (a whole number of every step above): a few
 * hundred readings, so the window below stays fine-grained.
 */
const COARSE_CHUNK_MS = 6 * HOUR_MS;
const RECENT_CHUNK_MS = HOUR_MS;

/** What the history covers; recorded before it starts so an interrupted run replays the same steps. */
export interface HistoryPlan {
  /** The first instant, on a whole hour. */
  startMs: number;
  /** From here on the history is recent (5-minute readings); on a whole hour, not before `startMs`. */
  recentFromMs: number;
}

/** The history of `days` days before `nowMs`, the last `recentDays` of them recent. */
export function planHistory(nowMs: number, days: number, recentDays = RECENT_DAYS): HistoryPlan {
  const hour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
  const startMs = hour(nowMs - days * DAY_MS);
  return { startMs, recentFromMs: Math.max(startMs, hour(nowMs - recentDays * DAY_MS)) };
}

/**
 * Advances the fleet along the plan's steps up to `toMs` at most (never past the last whole 5-minute step before
 * it), emitting its readings; returns the simulated time reached. The steps depend only on the plan and the time,
 * so a fleet rebuilt with the plan's start and advanced to the same instant is in the same state.
 */
export function advanceHistory(fleet: Fleet, plan: HistoryPlan, toMs: number, onReading?: ReadingListener): number {
  const r = HISTORY_RESOLUTION;
  const coarseEnd = Math.min(plan.recentFromMs, Math.floor(toMs / (r.coarseSeconds * 1000)) * r.coarseSeconds * 1000);
  if (fleet.now < coarseEnd) {
    const options = { stepSeconds: r.coarseSeconds, fineStepSeconds: r.coarseFaultSeconds };
    fleet.advanceSparse(coarseEnd, onReading ? { ...options, onReading } : options);
  }
  const recentEnd = Math.floor(toMs / (r.recentSeconds * 1000)) * r.recentSeconds * 1000;
  if (fleet.now >= plan.recentFromMs && fleet.now < recentEnd) {
    const options = { stepSeconds: r.recentSeconds, fineStepSeconds: r.recentFaultSeconds };
    fleet.advanceSparse(recentEnd, onReading ? { ...options, onReading } : options);
  }
  return fleet.now;
}

/**
 * Lets the event loop run (timers, sockets) before the next window: the ingest's batches and PGlite's statements
 * resolve as microtasks only, so without this the HTTP server would not answer until the whole history is written.
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The end of the next chunk from `nowMs`: a whole number of its phase's steps, never past `wallMs`. */
function chunkEnd(nowMs: number, plan: HistoryPlan, wallMs: number): number {
  const r = HISTORY_RESOLUTION;
  const whole = (ms: number, seconds: number) => Math.floor(ms / (seconds * 1000)) * seconds * 1000;
  if (nowMs < plan.recentFromMs)
    return Math.min(nowMs + COARSE_CHUNK_MS, plan.recentFromMs, whole(wallMs, r.coarseSeconds));
  return Math.min(nowMs + RECENT_CHUNK_MS, whole(wallMs, r.recentSeconds));
}

/** Where the seeding of the demo's history stands (GET /api/demo/seeding and the start-up log). */
export interface HistoryRun {
  /** Simulated time up to which every reading is committed. */
  committedUntil: number;
  /** Readings submitted by this run (those an interrupted run had stored already included: the ingest ignores them). */
  readings: number;
  /** False when stopped before reaching the wall clock. */
  complete: boolean;
}

export interface SeedHistoryOptions {
  /** The fleet, at the plan's start or at a checkpoint of an earlier run. */
  fleet: Fleet;
  plan: HistoryPlan;
  /** The registered demo devices by serial number; readings of others are dropped. */
  devices: ReadonlyMap<string, LinkDevice>;
  /** The server's ingest: each reading goes through it like a reading from the device link. */
  sink: ReadingSink;
  wallClock?: () => number;
  /** Called with each committed window: the simulated time committed so far and the readings submitted. */
  progress?: (run: HistoryRun) => Promise<void> | void;
  /** True once the server stops: the run returns after its in-flight readings are committed. */
  stopped?: () => boolean;
  /**
   * Where this run ends instead of the wall clock (the older part of the history, seeded after the recent one): on a
   * step of the plan, and without the live run's last minutes.
   */
  untilMs?: number;
  /** Each reading submitted, with its device (the past alarms of the older part are worked out from them). */
  onReading?: (device: LinkDevice, reading: Reading) => void;
  /**
   * Low priority: after each window of readings the run rests this share of the time the window took (0.5: a third
   * of the time resting), so the pages a user opens meanwhile find PGlite's thread free more often.
   */
  restShare?: number;
  /** Readings submitted and not yet committed at most (WINDOW_READINGS); fewer lets others in more often. */
  windowReadings?: number;
}

interface Window {
  until: number;
  count: number;
  done: Promise<unknown>;
}

/**
 * Advances the simulated fleet from where it stands to the wall clock, time-accelerated along the plan (the same
 * physics, weather and faults as the live run, only sparser), and the last minutes in the live run's 10-second
 * steps, so the live run continues the same fleet (its energy counters never jump back). Every reading is
 * submitted to the ingest exactly as the device link submits one (stored once per (device, ts), energy chain,
 * rollups, and the 'stored' event the alarm engine and the live channel listen to), in bounded windows so the
 * ingest's batches stay full while the next chunk is simulated. A fleet replayed to a checkpoint is in the same
 * state and the ingest ignores readings it already stored, so an interrupted run continues without doubled energy.
 */
export async function seedHistory(options: SeedHistoryOptions): Promise<HistoryRun> {
  const { fleet, plan, devices, sink, wallClock = Date.now, progress } = options;
  const liveStepMs = HISTORY_RESOLUTION.liveSeconds * 1000;
  const run: HistoryRun = { committedUntil: fleet.now, readings: 0, complete: false };
  const inFlight: Window[] = [];
  let pending = 0;

  const submit = (advance: (onReading: ReadingListener) => void) => {
    const batch: [LinkDevice, Reading][] = [];
    advance((reading) => {
      const device = devices.get(reading.sn);
      if (!device) return;
      batch.push([device, reading]);
      options.onReading?.(device, reading);
    });
    run.readings += batch.length;
    pending += batch.length;
    inFlight.push({
      until: fleet.now,
      count: batch.length,
      done: Promise.all(batch.map(([d, r]) => sink.submit(d, r))),
    });
  };
  let windowStarted = performance.now();
  const settleOldest = async () => {
    const window = inFlight.shift()!;
    await window.done;
    pending -= window.count;
    run.committedUntil = window.until;
    await progress?.(run);
    await breathe();
    if (options.restShare) {
      const rest = Math.min(1000, (performance.now() - windowStarted) * options.restShare);
      await new Promise((resolve) => setTimeout(resolve, rest));
    }
    windowStarted = performance.now();
  };
  const bound = () => Math.min(wallClock(), options.untilMs ?? Infinity);

  try {
    while (!options.stopped?.()) {
      const end = chunkEnd(fleet.now, plan, bound());
      if (end <= fleet.now) break;
      submit((onReading) => advanceHistory(fleet, plan, end, onReading));
      while (pending > (options.windowReadings ?? WINDOW_READINGS)) await settleOldest();
    }
    if (options.untilMs !== undefined) run.complete = fleet.now >= options.untilMs;
    else if (!options.stopped?.()) {
      // The last minutes in live steps, so simulated time meets the wall clock on a live step.
      const end = Math.floor(wallClock() / liveStepMs) * liveStepMs;
      if (end > fleet.now) submit((onReading) => fleet.advance(end, HISTORY_RESOLUTION.liveSeconds, onReading));
      run.complete = true;
    }
  } finally {
    // Nothing is left half-submitted: every window settles before this returns or throws.
    await Promise.allSettled(inFlight.map((w) => w.done));
  }
  while (inFlight.length > 0) await settleOldest();
  return run;
}
