import { localDay } from '@voltfleet/domain/time';
import { type PlantWeather } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../platform/errors.js';
import { WeatherFetchError, type WeatherProvider } from './weather.provider.js';
import {
  cacheMatches,
  claimDue,
  claimOnDemand,
  enrolPlants,
  plantLocationInScope,
  readForecastCache,
  recordFailure,
  storeForecast,
  type Backoff,
  type ForecastCache,
  type PlantLocation,
} from './weather.repository.js';

export interface WeatherPolicy {
  /** A forecast is refreshed this long after it was fetched. */
  refreshSeconds: number;
  /** Waits after failed fetches (doubling). */
  backoff: Backoff;
  /** A plant without a forecast is fetched on demand at most once per this many seconds. */
  onDemandGapSeconds: number;
  /** On-demand fetches per minute in this process, over all plants (the job does the regular work). */
  onDemandPerMinute: number;
}

/** Refreshes at most every 3 hours; after failures waits 5 min, 10 min, … up to the refresh interval. */
export const DEFAULT_WEATHER_POLICY: WeatherPolicy = {
  refreshSeconds: 3 * 3600,
  backoff: { baseSeconds: 300, maxSeconds: 3 * 3600 },
  onDemandGapSeconds: 60,
  onDemandPerMinute: 20,
};

/**
 * The cached forecast from the plant's today on (a cache from yesterday still serves its remaining days); stale when
 * the last refresh failed or the forecast is older than `maxAgeMs`. Undefined when no day is left.
 */
export function upcomingDays(
  cache: ForecastCache,
  timeZone: string,
  nowMs: number,
  maxAgeMs: number,
): PlantWeather | undefined {
  if (!cache.days || !cache.fetchedAt) return undefined;
  const today = localDay(nowMs, timeZone);
  const days = cache.days.filter((d) => d.date >= today);
  if (days.length === 0) return undefined;
  const stale = cache.lastError !== null || nowMs - cache.fetchedAt.getTime() > maxAgeMs;
  return { available: true, days, fetchedAt: cache.fetchedAt.toISOString(), stale };
}

/** Cached forecasts per plant, refreshed by the job and, once when missing, on demand. */
export class WeatherService {
  private readonly inFlight = new Map<number, Promise<boolean>>();
  private window = { start: 0, count: 0 };

  constructor(
    private readonly db: Queryable,
    /** undefined: WEATHER_PROVIDER=off. */
    private readonly provider: WeatherProvider | undefined,
    private readonly policy: WeatherPolicy = DEFAULT_WEATHER_POLICY,
  ) {}

  /** GET /api/plants/:plantId/weather: the cached forecast, a first fetch when there is none, or why not. */
  async forPlant(scope: { pattern: string; callerId: number }, plantId: number): Promise<PlantWeather> {
    const plant = await plantLocationInScope(this.db, scope, plantId);
    // Outside the caller's scope answers exactly like a plant that does not exist.
    if (!plant) throw new AppError('not_found', 'plant.notFound');
    if (!this.provider) return { available: false, reason: 'disabled', attemptedAt: null };
    const cached = await this.usable(plant);
    if (cached) return cached;
    if (await this.fetchOnce(plant)) {
      const fresh = await this.usable(plant);
      if (fresh) return fresh;
    }
    const cache = await readForecastCache(this.db, plant.plantId);
    const attemptedAt = cache?.attemptedAt?.toISOString() ?? null;
    return { available: false, reason: cache?.lastError ? 'unreachable' : 'pending', attemptedAt };
  }

  /** Fetches and stores one plant's forecast; on failure keeps the old one and records the error. */
  async refresh(plant: PlantLocation): Promise<{ ok: true } | { ok: false; error: string }> {
    if (!this.provider) return { ok: false, error: 'weather provider is off' };
    try {
      const plane = { tiltDeg: plant.tiltDeg, azimuthDeg: plant.azimuthDeg };
      const answer = await this.provider.forecast(plant.latitude, plant.longitude, plant.timeZone, plane);
      await storeForecast(this.db, plant, answer, this.policy.refreshSeconds);
      return { ok: true };
    } catch (err) {
      // Anything else (a database error) is a bug or an outage of ours, not of the weather service.
      if (!(err instanceof WeatherFetchError)) throw err;
      await recordFailure(this.db, plant.plantId, err.message, this.policy.backoff);
      return { ok: false, error: err.message };
    }
  }

  /** Claims up to `limit` due plants (leased for `leaseSeconds`) and refreshes them; returns the outcomes. */
  async refreshDue(limit: number, leaseSeconds: number) {
    await enrolPlants(this.db);
    const due = await claimDue(this.db, limit, leaseSeconds);
    const outcomes = [];
    for (const plant of due) outcomes.push({ plantId: plant.plantId, ...(await this.refresh(plant)) });
    return outcomes;
  }

  private async usable(plant: PlantLocation): Promise<PlantWeather | undefined> {
    const cache = await readForecastCache(this.db, plant.plantId);
    if (!cache || !cacheMatches(cache, plant)) return undefined;
    // Twice the refresh interval: the job has missed a whole round (failing, or no process runs jobs).
    return upcomingDays(cache, plant.timeZone, Date.now(), 2 * this.policy.refreshSeconds * 1000);
  }

  /**
   * Rate-limited on-demand fetch: callers for the same plant share one attempt in this process, a plant is tried at
   * most once per gap across processes, and this process spends at most its per-minute budget. True when it worked.
   */
  private fetchOnce(plant: PlantLocation): Promise<boolean> {
    const running = this.inFlight.get(plant.plantId);
    if (running) return running;
    if (!this.takeOnDemandBudget()) return Promise.resolve(false);
    const attempt = (async () => {
      if (!(await claimOnDemand(this.db, plant.plantId, this.policy.onDemandGapSeconds))) return false;
      return (await this.refresh(plant)).ok;
    })().finally(() => this.inFlight.delete(plant.plantId));
    this.inFlight.set(plant.plantId, attempt);
    return attempt;
  }

  private takeOnDemandBudget(): boolean {
    const now = Date.now();
    if (now - this.window.start >= 60_000) this.window = { start: now, count: 0 };
    if (this.window.count >= this.policy.onDemandPerMinute) return false;
    this.window.count += 1;
    return true;
  }
}
