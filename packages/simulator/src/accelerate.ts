import type { Reading } from '@voltfleet/domain/telemetry';
import type { SimInverter } from './inverter.js';

/** Called with each reading an advance produces. */
export type ReadingListener = (reading: Reading, inverter: SimInverter) => void;

/** What an accelerated run needs of a fleet (Fleet, which starts runs, implements it; no import back to it). */
export interface SteppedFleet {
  readonly now: number;
  advance(toMs: number, stepSeconds: number, onReading?: ReadingListener): number;
}

export interface AccelerateOptions {
  /** Simulated seconds per wall-clock second (1 = real time). */
  factor: number;
  onReading: ReadingListener;
  /** Integration step, simulated seconds (default 10). */
  stepSeconds?: number;
  /** Wall-clock milliseconds between advances (default 1000). */
  tickMs?: number;
  /** Stop on reaching this simulated time. */
  untilMs?: number;
  /** Wall clock (default Date.now); tests pass their own. */
  wallClock?: () => number;
}

export interface AcceleratedRun {
  stop(): void;
  /** Settles when the run stops: resolves on stop() or untilMs, rejects if a listener throws. */
  done: Promise<void>;
}

/**
 * Advances a fleet on a timer so that simulated time = start + wall time elapsed × factor. Targets are rounded
 * down to whole steps, so the steps taken (and so the readings) do not depend on when the timer fires.
 */
export function runAccelerated(fleet: SteppedFleet, options: AccelerateOptions): AcceleratedRun {
  const { factor, onReading, stepSeconds = 10, tickMs = 1000, untilMs, wallClock = Date.now } = options;
  if (!(factor > 0)) throw new RangeError('factor must be positive');
  const wallStart = wallClock();
  const simStart = fleet.now;
  const stepMs = stepSeconds * 1000;
  let settle: { resolve: () => void; reject: (error: unknown) => void } = { resolve: () => {}, reject: () => {} };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let timer: ReturnType<typeof setInterval> | undefined;

  const stop = (error?: unknown) => {
    if (timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
    if (error === undefined) settle.resolve();
    else settle.reject(error);
  };

  const tick = () => {
    try {
      const elapsedSim = (wallClock() - wallStart) * factor;
      let target = simStart + Math.floor(elapsedSim / stepMs) * stepMs;
      if (untilMs !== undefined) target = Math.min(target, untilMs);
      if (target > fleet.now) fleet.advance(target, stepSeconds, onReading);
      if (untilMs !== undefined && fleet.now >= untilMs) stop();
    } catch (error) {
      stop(error);
    }
  };

  timer = setInterval(tick, tickMs);
  return { stop: () => stop(), done };
}
