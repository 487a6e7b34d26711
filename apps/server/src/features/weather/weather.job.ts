import type { FastifyBaseLogger } from 'fastify';
import type { WeatherService } from './weather.service.js';

export interface WeatherJobOptions {
  /** How often the job looks for due plants. */
  everyMs: number;
  /** Plants claimed per round. */
  batch: number;
  /** A claim keeps other processes off a plant this long (longer than a batch of fetches can take). */
  leaseSeconds: number;
}

export const DEFAULT_WEATHER_JOB: WeatherJobOptions = { everyMs: 60_000, batch: 20, leaseSeconds: 600 };

/**
 * Refreshes due forecasts every minute (jobs role). Rounds never overlap in a process; processes share the work
 * through the claim. Returns a stop function that waits for a running round.
 */
export function startWeatherJob(
  service: WeatherService,
  log: FastifyBaseLogger,
  options: WeatherJobOptions = DEFAULT_WEATHER_JOB,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const round = async () => {
    try {
      for (const outcome of await service.refreshDue(options.batch, options.leaseSeconds)) {
        if (!outcome.ok) log.warn({ plantId: outcome.plantId, error: outcome.error }, 'weather refresh failed');
      }
    } catch (err) {
      log.error({ err }, 'weather job failed');
    }
  };
  const tick = () => {
    if (!running) running = round().finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
