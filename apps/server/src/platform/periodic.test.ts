import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/db.js';
import { observabilityPlugin } from './observability.js';
import { startPeriodic, type Periodic, type PeriodicOptions } from './periodic.js';

// Every slow task's waiting rounds, released after each test so a broken helper fails fast instead of hanging stop().
const waiting: (() => void)[][] = [];

/** A round the test finishes when it wants: `started` counts calls, `peak` the most rounds running at once. */
function slowTask() {
  const gates: (() => void)[] = [];
  waiting.push(gates);
  let active = 0;
  const task = {
    started: 0,
    peak: 0,
    run: () => {
      task.started += 1;
      task.peak = Math.max(task.peak, ++active);
      return new Promise<void>((resolve) => gates.push(resolve)).finally(() => void (active -= 1));
    },
    /** Lets the oldest waiting round finish. */
    finish: () => gates.shift()?.(),
  };
  return task;
}

function recordingLog() {
  const errors: { obj: object; msg: string }[] = [];
  return { errors, log: { error: (obj: object, msg: string) => void errors.push({ obj, msg }) } };
}

/** The value of one series in the registry's text output, or undefined when it is not there. */
async function sample(registry: Registry, series: string): Promise<number | undefined> {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const quiet = { error: () => undefined };

describe('startPeriodic', () => {
  const running: Periodic[] = [];
  const start = (options: PeriodicOptions) => {
    const periodic = startPeriodic(options);
    running.push(periodic);
    return periodic;
  };
  beforeEach(() => void vi.useFakeTimers());
  afterEach(async () => {
    vi.useRealTimers();
    let stopped = false;
    const stopping = Promise.all(running.splice(0).map((p) => p.stop())).then(() => void (stopped = true));
    while (!stopped) {
      for (const gates of waiting) gates.splice(0).forEach((finish) => finish());
      await new Promise((resolve) => setImmediate(resolve));
    }
    await stopping;
  });

  it('waits everyMs for the first round unless told to run at start', async () => {
    const later = slowTask();
    const atOnce = slowTask();
    start({ name: 'later', everyMs: 100, run: later.run, log: quiet });
    start({ name: 'at-once', everyMs: 100, run: atOnce.run, log: quiet, runAtStart: true });
    await vi.advanceTimersByTimeAsync(99);
    expect([later.started, atOnce.started]).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(later.started).toBe(1);
  });

  it('never overlaps rounds: a slow round delays the next instead of stacking them', async () => {
    const task = slowTask();
    start({ name: 'slow', everyMs: 100, run: task.run, log: quiet });
    await vi.advanceTimersByTimeAsync(350);
    expect(task.started).toBe(1);
    task.finish();
    await vi.advanceTimersByTimeAsync(0);
    // The ticks during the slow round were skipped, not queued: the next round waits for the next tick.
    expect(task.started).toBe(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(task.started).toBe(2);
    task.finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(task.started).toBe(3);
    expect(task.peak).toBe(1);
    task.finish();
  });

  it('runs a round asked for now after the running one, never beside it', async () => {
    const task = slowTask();
    const periodic = start({ name: 'now', everyMs: 100, run: task.run, log: quiet, runAtStart: true });
    let done = false;
    const asked = periodic.runNow().then(() => void (done = true));
    await vi.advanceTimersByTimeAsync(250);
    expect(task.started).toBe(1);
    task.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect([task.started, done]).toEqual([2, false]);
    task.finish();
    await asked;
    expect(task.peak).toBe(1);
  });

  it('stops the timer and waits for the running round', async () => {
    const task = slowTask();
    const periodic = start({ name: 'stopping', everyMs: 100, run: task.run, log: quiet, runAtStart: true });
    let stopped = false;
    const stopping = periodic.stop().then(() => void (stopped = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(stopped).toBe(false);
    task.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(500);
    expect(task.started).toBe(1);
    await expect(periodic.runNow()).rejects.toThrow('stopping: stopped');
  });

  it('logs and counts a failed round, and goes on', async () => {
    const registry = new Registry();
    const { errors, log } = recordingLog();
    const outcomes = [
      () => {
        throw new Error('thrown');
      },
      () => Promise.reject(new Error('rejected')),
      () => Promise.resolve(),
    ];
    let calls = 0;
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
    const run = () => outcomes[calls++]?.();
    start({ name: 'flaky', everyMs: 100, run, log, metrics: registry });
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toBe(3);
    expect(errors.map((e) => [e.msg, (e.obj as { task: string }).task, String((e.obj as { err: Error }).err)])).toEqual(
      [
        ['flaky: round failed', 'flaky', 'Error: thrown'],
        ['flaky: round failed', 'flaky', 'Error: rejected'],
      ],
    );
    expect(await sample(registry, 'voltfleet_periodic_rounds_total{task="flaky"}')).toBe(3);
    expect(await sample(registry, 'voltfleet_periodic_failures_total{task="flaky"}')).toBe(2);
    expect(await sample(registry, 'voltfleet_periodic_round_duration_seconds_count{task="flaky"}')).toBe(3);
    expect(await sample(registry, 'voltfleet_periodic_last_success_timestamp_seconds{task="flaky"}')).toBe(
      Date.parse('2025-06-01T12:00:00.300Z') / 1000,
    );
  });

  it('measures the time a round takes', async () => {
    const registry = new Registry();
    const task = slowTask();
    start({ name: 'timed', everyMs: 10_000, run: task.run, log: quiet, metrics: registry });
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(3_000);
    task.finish();
    await vi.advanceTimersByTimeAsync(0);
    const bucket = (le: string) =>
      sample(registry, `voltfleet_periodic_round_duration_seconds_bucket{le="${le}",task="timed"}`);
    expect([await bucket('1'), await bucket('5')]).toEqual([0, 1]);
  });
});

describe('periodic metrics on /metrics', () => {
  it('shows every task of the app, from its start, under its own label', async () => {
    const app = Fastify();
    await app.register(observabilityPlugin, {
      db: { query: async () => ({ rows: [] }) } as unknown as Db,
      registry: new Registry(),
    });
    await app.ready();
    const tasks = ['first-task', 'second-task'].map((name) =>
      startPeriodic({ name, everyMs: 60_000, run: () => undefined, log: quiet, metrics: app.metrics }),
    );
    await tasks[0]!.runNow();
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    await Promise.all(tasks.map((t) => t.stop()));
    await app.close();
    expect(text).toContain('voltfleet_periodic_rounds_total{task="first-task"} 1');
    expect(text).toContain('voltfleet_periodic_rounds_total{task="second-task"} 0');
    expect(text).toContain('voltfleet_periodic_failures_total{task="second-task"} 0');
    expect(text).toMatch(/voltfleet_periodic_last_success_timestamp_seconds\{task="first-task"\} \d+/);
  });
});
