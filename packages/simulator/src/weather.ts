import type { MonthlyGhi } from './climate.js';
import { clearSkyIrradiance, solarPosition } from '@voltfleet/domain/solar';
import { hashString, unitHash, valueNoise } from './random.js';

/**
 * Deterministic weather per plant, following the place's climate. Each day has its own clear-sky index (the
 * fraction of the clear-sky global irradiance that reaches the ground), spread around the month's mean so that the
 * month's sunshine averages to the climate's (climate.ts): grey days and bright ones, in spells of a few days (a
 * smooth noise over days) with a day-to-day jitter. Within a day, clouds drift on a 90-minute scale, most on the
 * mixed days. A pure function of (seed, plant, time): any step size sees the same sky.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Where the sky is: the plant's key (its weather seed), position and climate. */
export interface SkySite {
  id: string;
  latitude: number;
  longitude: number;
  /** Monthly mean daily GHI; without it the sky averages DEFAULT_CLEARNESS of the clear sky. */
  climate?: MonthlyGhi | undefined;
}

/** Mean clear-sky index without a climate: a temperate place's yearly mean. */
export const DEFAULT_CLEARNESS = 0.6;
/** Bounds of a month's mean clear-sky index (a climate beyond them is held to them). */
const MEAN_BOUNDS: readonly [number, number] = [0.2, 0.9];
/** Bounds of one day's clear-sky index, and how far a day may stray from its month's mean. */
const DAY_BOUNDS: readonly [number, number] = [0.06, 1];
const MAX_SPREAD = 0.42;
/** Days over which the weather changes (the length of a spell), and the share of day-to-day jitter. */
const SPELL_DAYS = 3;
const JITTER = 0.4;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

const clearDayCache = new Map<string, number>();

/** The clear-sky model's daily GHI (kWh/m²) on the 15th of a month at a place (cached; 10-minute sums). */
export function clearSkyDailyGhi(latitude: number, longitude: number, year: number, month: number): number {
  const key = `${latitude}|${longitude}|${year}|${month}`;
  const cached = clearDayCache.get(key);
  if (cached !== undefined) return cached;
  // From local mean solar midnight, so the sum holds one whole daylight span.
  const start = Date.UTC(year, month, 15) - (longitude / 360) * DAY_MS;
  let wh = 0;
  for (let m = 5; m < 24 * 60; m += 10) {
    const sun = solarPosition(latitude, longitude, start + m * 60_000);
    wh += (clearSkyIrradiance(sun.elevationDeg).ghi * 10) / 60;
  }
  const kwh = wh / 1000;
  clearDayCache.set(key, kwh);
  return kwh;
}

/** The mean clear-sky index of the month holding `utcMs` at the place: its climate's GHI over the clear sky's. */
export function monthlyClearness(site: SkySite, utcMs: number): number {
  if (!site.climate) return DEFAULT_CLEARNESS;
  const date = new Date(utcMs);
  const month = date.getUTCMonth();
  const clear = clearSkyDailyGhi(site.latitude, site.longitude, date.getUTCFullYear(), month);
  return clear > 0 ? clamp((site.climate[month] as number) / clear, ...MEAN_BOUNDS) : DEFAULT_CLEARNESS;
}

/** The local solar day holding an instant (days change at local mean solar midnight, in the dark). */
export const solarDay = (site: SkySite, utcMs: number) =>
  Math.floor((utcMs + (site.longitude / 360) * DAY_MS) / DAY_MS);

/** The first instant of a local solar day (its local mean solar midnight), epoch ms UTC. */
export const solarDayStartMs = (site: SkySite, day: number) => day * DAY_MS - (site.longitude / 360) * DAY_MS;

/**
 * The day's clear-sky index: the month's mean moved up or down by the spell and the day. Both draws are symmetric
 * around one half, so the month keeps its mean (only the bounds clip, and the spread keeps clear of them).
 */
export function dayClearness(seed: number, site: SkySite, day: number): number {
  const key = (hashString(site.id) ^ seed) >>> 0;
  const meanK = monthlyClearness(site, day * DAY_MS);
  const spread = Math.min(MAX_SPREAD, meanK - DAY_BOUNDS[0], DAY_BOUNDS[1] - meanK);
  const u = (1 - JITTER) * valueNoise(key, day / SPELL_DAYS) + JITTER * unitHash(key, day, 3);
  return clamp(meanK + spread * (2 * u - 1), ...DAY_BOUNDS);
}

export interface Sky {
  /** Fraction of the clear-sky global irradiance reaching the ground, [0.05, 1]. */
  clearness: number;
  /** Cloud cover, [0, 1] (ambient temperature, rain and humidity follow it). */
  cover: number;
}

/** The sky at an instant: the day's clearness with clouds drifting through it. */
export function skyAt(seed: number, site: SkySite, utcMs: number): Sky {
  const day = solarDay(site, utcMs);
  const today = dayClearness(seed, site, day);
  // The first three hours after solar midnight blend from yesterday's sky, so nothing jumps.
  const sinceMidnight = (utcMs + (site.longitude / 360) * DAY_MS) / DAY_MS - day;
  const blend = clamp(sinceMidnight * 8, 0, 1);
  const base = blend < 1 ? dayClearness(seed, site, day - 1) * (1 - blend) + today * blend : today;
  const drift = valueNoise((hashString(site.id) ^ seed ^ 0x5bd1e995) >>> 0, utcMs / (1.5 * HOUR_MS));
  // Mixed days change most: broken cloud passing; a clear or a grey day stays much as it is.
  const variability = 0.05 + 1.4 * base * (1 - base);
  const clearness = clamp(base + (drift - 0.5) * variability, 0.05, 1);
  return { clearness, cover: clamp((0.97 - clearness) / 0.87, 0, 1) };
}

/** Cloud cover in [0, 1] at an instant. */
export function cloudCover(seed: number, site: SkySite, utcMs: number): number {
  return skyAt(seed, site, utcMs).cover;
}

/** Ambient temperature (°C) from latitude, season and hour: warmer towards the equator and in the afternoon. */
export function ambientTempC(latitudeDeg: number, utcMs: number, localHour: number, cover: number): number {
  const dayOfYear = (utcMs % (365.25 * DAY_MS)) / DAY_MS;
  const summerPeak = latitudeDeg >= 0 ? 200 : 17;
  const seasonal = Math.cos((2 * Math.PI * (dayOfYear - summerPeak)) / 365.25);
  const amplitude = Math.min(15, Math.abs(latitudeDeg) * 0.3);
  const annualMean = 28 - 0.35 * Math.abs(latitudeDeg);
  const diurnal = (5 - 3 * cover) * Math.cos((2 * Math.PI * (localHour - 15)) / 24);
  return annualMean + amplitude * seasonal + diurnal;
}

/** Cloud cover above which it rains, and how hard: 0 at this cover, up to 4 mm/h under a full overcast. */
const RAIN_COVER = 0.7;
const RAIN_MAX_MM_H = 4;

/** Rain at an instant, mm/h: it rains only under heavy cloud (cover above 0.7). */
export function rainMmPerHour(cover: number): number {
  return cover <= RAIN_COVER ? 0 : (RAIN_MAX_MM_H * (cover - RAIN_COVER)) / (1 - RAIN_COVER);
}

/**
 * Relative humidity, %: highest around dawn and lowest in the afternoon (the daily temperature swing), higher under
 * cloud, saturated while it rains.
 */
export function relativeHumidityPct(cover: number, localHour: number): number {
  if (rainMmPerHour(cover) > 0) return 100;
  const diurnal = Math.cos((2 * Math.PI * (localHour - 5)) / 24);
  return Math.min(100, Math.max(20, 68 + 18 * cover + 14 * diurnal));
}
