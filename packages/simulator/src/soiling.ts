import { cloudCover, rainMmPerHour, solarDay, solarDayStartMs, type SkySite } from './weather.js';

/**
 * Soiling washed off by rain. Dust, pollen and bird droppings settle on the panels day by day and cut their output a
 * little more each dry day, until a rainy day washes them clean: a loss growing by a rate per day since the last rain,
 * capped where dirt stops building up (wind clears as much as settles), and back to 0 after rain. A believable loss
 * for the demo's performance view to find: the performance ratio sags over a dry spell and jumps back after rain.
 *
 * A rainy day is the weather model's own (weather.ts): a local solar day on which its rain (rainMmPerHour of the
 * cloud cover, sampled hourly as the wet mornings of fault-scenarios.ts are) adds up to WASHING_RAIN_MM. A pure
 * function of (seed, plant, time), as the weather is: any step size sees the same loss.
 */
export const WASHING_RAIN_MM = 3;
/** The most soiling takes off, %. */
export const SOILING_CAP_PCT = 8;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The weather model's rain over a local solar day (weather.ts's solarDay), mm: hourly samples. */
export function dailyRainMm(seed: number, site: SkySite, day: number): number {
  const startMs = solarDayStartMs(site, day);
  let mm = 0;
  for (let h = 0; h < 24; h += 1) mm += rainMmPerHour(cloudCover(seed, site, startMs + (h + 0.5) * HOUR_MS));
  return mm;
}

/** Whether the local solar day `day` rains enough to wash the panels. */
export function isRainyDay(seed: number, site: SkySite, day: number): boolean {
  const key = `${siteKey(seed, site)}|${day}`;
  let rainy = rainyCache.get(key);
  if (rainy === undefined) {
    rainy = dailyRainMm(seed, site, day) >= WASHING_RAIN_MM;
    if (rainyCache.size >= CACHE_LIMIT) rainyCache.clear();
    rainyCache.set(key, rainy);
  }
  return rainy;
}

/** Caches of the pure functions above and below (a fleet asks for the same plant-days over and over). */
const rainyCache = new Map<string, boolean>();
const CACHE_LIMIT = 20_000;
/** Everything of a site its weather depends on. */
const siteKey = (seed: number, site: SkySite) =>
  `${seed}|${site.id}|${site.latitude}|${site.longitude}|${site.climate?.join(',') ?? ''}`;

/** The last rainy day at or before a day, per seed, plant and day; a miss looks back at most `lookBack` days. */
const lastRainCache = new Map<string, number | null>();

function lastRainyDay(seed: number, site: SkySite, day: number, lookBack: number): number | undefined {
  const key = `${siteKey(seed, site)}|${day}|${lookBack}`;
  const cached = lastRainCache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  let found: number | undefined;
  for (let d = day; d >= day - lookBack; d -= 1)
    if (isRainyDay(seed, site, d)) {
      found = d;
      break;
    }
  if (lastRainCache.size >= CACHE_LIMIT) lastRainCache.clear();
  lastRainCache.set(key, found ?? null);
  return found;
}

/**
 * The soiling loss at an instant, %: `ratePctPerDay` for every day since the end of the last rainy day (0 on a rainy
 * day itself), up to SOILING_CAP_PCT. It grows continuously through a dry spell, so two steps of a day differ a
 * little, as two readings of a dusty roof do.
 */
export function soilingLossPct(seed: number, site: SkySite, ratePctPerDay: number, utcMs: number): number {
  if (!(ratePctPerDay > 0)) return 0;
  const day = solarDay(site, utcMs);
  // Beyond the days that reach the cap a rain no longer matters.
  const lookBack = Math.ceil(SOILING_CAP_PCT / ratePctPerDay) + 1;
  const rained = lastRainyDay(seed, site, day, lookBack);
  if (rained === day) return 0;
  if (rained === undefined) return SOILING_CAP_PCT;
  const dryDays = (utcMs - solarDayStartMs(site, rained + 1)) / DAY_MS;
  return Math.min(SOILING_CAP_PCT, ratePctPerDay * dryDays);
}
