import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What the helper needs of a logger (pino's and the device link's both fit). */
export interface PeriodicLog {
  error(obj: object, msg: string): void;
}

export interface PeriodicOptions {
  /** The task in logs and in the `task` label of its metrics, kebab-case: `weather-refresh`. */
  name: string;
  everyMs: number;
  /** One round. A throw or a rejection is logged and counted, and the loop goes on. */
  run: () => unknown;
  log: PeriodicLog;
  /** The registry /metrics serves (`app.metrics`); without one the task is not measured. */
  metrics?: Registry;
  /** Runs the first round at once rather than `everyMs` after the start. */
  runAtStart?: boolean;
}

export interface Periodic {
  /** Stops the timer; resolves when the running round (and any asked for with runNow) has finished. */
  stop(): Promise<void>;
  /** Runs a round after the running one, if any; resolves when it has finished. Rejects once stopped. */
  runNow(): Promise<void>;
}

/**
 * Runs `run` every `everyMs` without ever overlapping rounds: a tick that finds a round still running is skipped, so a
 * slow round delays the next instead of stacking them. Rounds are counted and timed on `metrics`.
 */
export function startPeriodic(options: PeriodicOptions): Periodic {
  const { name, everyMs, run, log } = options;
  const measure = options.metrics ? taskMetrics(options.metrics, name) : undefined;
  // Rounds run one after another on this chain; `pending` counts those running or waiting their turn.
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  let stopped = false;

  const round = async () => {
    const endTimer = measure?.duration.startTimer();
    try {
      await run();
      measure?.lastSuccess.setToCurrentTime();
    } catch (err) {
      log.error({ err, task: name }, `${name}: round failed`);
      measure?.failures.inc();
    } finally {
      endTimer?.();
      measure?.rounds.inc();
    }
  };
  const enqueue = () => {
    pending += 1;
    chain = chain.then(round).finally(() => void (pending -= 1));
    return chain;
  };
  const timer = setInterval(() => {
    if (pending === 0) void enqueue();
  }, everyMs);
  // Shutdown goes through stop(); the timer alone must not keep the process alive.
  timer.unref();
  if (options.runAtStart) void enqueue();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await chain;
    },
    runNow() {
      return stopped ? Promise.reject(new Error(`${name}: stopped`)) : enqueue();
    },
  };
}

interface RegistryMetrics {
  rounds: Counter<'task'>;
  failures: Counter<'task'>;
  duration: Histogram<'task'>;
  lastSuccess: Gauge<'task'>;
}

// One set of metrics per registry: every task of an app shares them, told apart by the `task` label (not `job`,
// which Prometheus itself sets to the scrape job's name).
const perRegistry = new WeakMap<Registry, RegistryMetrics>();

function registryMetrics(registry: Registry): RegistryMetrics {
  const found = perRegistry.get(registry);
  if (found) return found;
  const common = { labelNames: ['task'] as const, registers: [registry] };
  const created: RegistryMetrics = {
    rounds: new Counter({ name: 'voltfleet_periodic_rounds_total', help: 'Rounds of periodic tasks', ...common }),
    failures: new Counter({
      name: 'voltfleet_periodic_failures_total',
      help: 'Rounds of periodic tasks that failed (logged)',
      ...common,
    }),
    duration: new Histogram({
      name: 'voltfleet_periodic_round_duration_seconds',
      help: 'How long rounds of periodic tasks took',
      buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300],
      ...common,
    }),
    lastSuccess: new Gauge({
      name: 'voltfleet_periodic_last_success_timestamp_seconds',
      help: 'When a periodic task last finished a round without failing (Unix time)',
      ...common,
    }),
  };
  perRegistry.set(registry, created);
  return created;
}

/** The task's own series, shown from the start (zero rounds, zero failures) so alerts need no absent(). */
function taskMetrics(registry: Registry, task: string) {
  const all = registryMetrics(registry);
  const labels = { task };
  all.rounds.inc(labels, 0);
  all.failures.inc(labels, 0);
  all.duration.zero(labels);
  return {
    rounds: all.rounds.labels(labels),
    failures: all.failures.labels(labels),
    duration: all.duration.labels(labels),
    lastSuccess: all.lastSuccess.labels(labels),
  };
}
