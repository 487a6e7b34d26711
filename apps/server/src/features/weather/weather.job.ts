import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { startPeriodic } from '../../platform/periodic.js';
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
 * Refreshes due forecasts every minute (jobs role), the first round at once. Rounds never overlap in a process;
 * processes share the work through the claim. Returns a stop function that waits for a running round.
 */
export function startWeatherJob(
  service: WeatherService,
  log: FastifyBaseLogger,
  options: WeatherJobOptions = DEFAULT_WEATHER_JOB,
  metrics?: Registry,
): () => Promise<void> {
  const round = async () => {
    for (const outcome of await service.refreshDue(options.batch, options.leaseSeconds)) {
      if (!outcome.ok) log.warn({ plantId: outcome.plantId, error: outcome.error }, 'weather refresh failed');
    }
  };
  return startPeriodic({
    name: 'weather-refresh',
    everyMs: options.everyMs,
    run: round,
    log,
    metrics,
    runAtStart: true,
  }).stop;
}
