import { localParts } from '@voltfleet/domain/time';
import { hashString, valueNoise } from './random.js';

/** Load profiles: a home, a small business (C&I) and a village micro-grid. */
export const LOAD_PROFILES = ['household', 'commercial', 'microGrid'] as const;
export type LoadProfile = (typeof LOAD_PROFILES)[number];

// Relative demand per local hour 0…23 (any scale; normalised below so a weekday averages 1 and a weekend day keeps
// its size relative to a weekday).
const SHAPES: Record<LoadProfile, { weekday: number[]; weekend: number[] }> = {
  household: {
    weekday: [
      0.5, 0.4, 0.35, 0.35, 0.35, 0.45, 0.9, 1.4, 1.1, 0.7, 0.6, 0.6, 0.75, 0.65, 0.6, 0.7, 1.0, 1.5, 2.0, 2.1, 1.8,
      1.4, 1.0, 0.7,
    ],
    weekend: [
      0.55, 0.45, 0.4, 0.35, 0.35, 0.4, 0.55, 0.8, 1.2, 1.4, 1.3, 1.2, 1.4, 1.2, 1.0, 1.0, 1.1, 1.5, 1.9, 2.0, 1.8, 1.4,
      1.1, 0.8,
    ],
  },
  commercial: {
    weekday: [
      0.3, 0.3, 0.3, 0.3, 0.3, 0.4, 0.7, 1.3, 1.8, 1.9, 1.9, 1.8, 1.5, 1.8, 1.9, 1.9, 1.8, 1.5, 1.0, 0.6, 0.45, 0.4,
      0.35, 0.3,
    ],
    weekend: [
      0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.35, 0.45, 0.55, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.35,
      0.3, 0.3, 0.3,
    ],
  },
  microGrid: {
    weekday: [
      0.6, 0.55, 0.5, 0.5, 0.55, 0.7, 1.0, 1.2, 1.1, 1.0, 1.0, 1.0, 1.1, 1.0, 1.0, 1.0, 1.1, 1.3, 1.6, 1.7, 1.5, 1.2,
      0.9, 0.7,
    ],
    weekend: [
      0.65, 0.6, 0.55, 0.5, 0.55, 0.65, 0.9, 1.1, 1.1, 1.1, 1.1, 1.1, 1.2, 1.1, 1.0, 1.0, 1.1, 1.3, 1.6, 1.7, 1.5, 1.2,
      0.95, 0.75,
    ],
  },
};

function normalised({ weekday, weekend }: { weekday: number[]; weekend: number[] }) {
  const mean = weekday.reduce((a, b) => a + b, 0) / weekday.length;
  return { weekday: weekday.map((v) => v / mean), weekend: weekend.map((v) => v / mean) };
}

const NORMALISED = Object.fromEntries(LOAD_PROFILES.map((p) => [p, normalised(SHAPES[p])])) as Record<
  LoadProfile,
  { weekday: number[]; weekend: number[] }
>;

/** Demand relative to the weekday mean at a plant-local wall-clock time (linear between hourly points). */
export function profileFactor(profile: LoadProfile, weekday: number, minuteOfDay: number): number {
  const shape = weekday === 0 || weekday === 6 ? NORMALISED[profile].weekend : NORMALISED[profile].weekday;
  const hour = minuteOfDay / 60;
  const i = Math.floor(hour) % 24;
  const t = hour - Math.floor(hour);
  return (shape[i] ?? 1) * (1 - t) + (shape[(i + 1) % 24] ?? 1) * t;
}

export interface LoadConfig {
  profile: LoadProfile;
  /** Average consumption of a weekday, kWh (weekends follow the profile: homes use more, businesses less). */
  dailyKwh: number;
}

/**
 * Load power (W) of one consumer at a UTC instant: the profile at the plant's local time (Intl zone rules, so DST
 * moves the morning peak with the clocks) times smooth seeded noise of ±15 % on a 20-minute scale.
 */
export function loadPowerW(config: LoadConfig, timeZone: string, seed: number, key: string, utcMs: number): number {
  const local = localParts(utcMs, timeZone);
  const factor = profileFactor(config.profile, local.weekday, local.minuteOfDay);
  const noise = 0.85 + 0.3 * valueNoise(seed ^ hashString(key), utcMs / 1_200_000);
  return ((config.dailyKwh * 1000) / 24) * factor * noise;
}
