import { hashString, valueNoise } from './random.js';

/**
 * Deterministic weather per plant: a day-to-day weather regime (clear, mixed, overcast) blended smoothly with
 * clouds drifting on a 90-minute scale. A pure function of (seed, plant, time): any step size sees the same sky.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Cloud cover in [0, 1] at an instant. */
export function cloudCover(seed: number, plantKey: string, utcMs: number): number {
  const key = hashString(plantKey) ^ seed;
  const regime = valueNoise(key, utcMs / DAY_MS);
  const drift = valueNoise(key ^ 0x5bd1e995, utcMs / (1.5 * HOUR_MS));
  // Regime shapes the mean: below 0.35 mostly clear, above 0.65 mostly overcast.
  const mean = Math.min(1, Math.max(0, (regime - 0.3) * 1.6));
  return Math.min(1, Math.max(0, mean * 0.75 + (drift - 0.5) * 0.6 + 0.1));
}

/** Fraction of clear-sky irradiance that reaches the ground (Kasten & Czeplak 1980). */
export function clearSkyIndex(cover: number): number {
  return 1 - 0.75 * cover ** 3.4;
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
const RAIN_COVER = 0.8;
const RAIN_MAX_MM_H = 4;

/** Rain at an instant, mm/h: it rains only under heavy cloud (cover above 0.8). */
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
