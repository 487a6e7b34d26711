import { DEFAULT_PERFORMANCE_SETTINGS, type PerformanceSettings } from '@voltfleet/domain/performance';

/** Performance analytics settings (docs/configuration.md "Performance analytics", docs/performance.md). */
export interface PerformanceConfig {
  /** PERFORMANCE_ANALYTICS=off: no irradiance job, no performance alarms (the pages still show yields). */
  enabled: boolean;
  settings: PerformanceSettings;
}

/** A number variable within [min, max], or the fallback when unset; anything else stops the start with its name. */
function numberEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return n;
}

const wholeEnv = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) => {
  const n = numberEnv(env, name, fallback, min, max);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number, got "${env[name]}"`);
  return n;
};

export function performanceConfig(env: NodeJS.ProcessEnv): PerformanceConfig {
  const raw = env.PERFORMANCE_ANALYTICS;
  if (raw !== undefined && raw !== '' && raw !== 'on' && raw !== 'off')
    throw new Error(`PERFORMANCE_ANALYTICS must be on or off, got "${raw}"`);
  const d = DEFAULT_PERFORMANCE_SETTINGS;
  return {
    enabled: raw !== 'off',
    settings: {
      marginPct: numberEnv(env, 'PERFORMANCE_MARGIN_PCT', d.marginPct, 1, 90),
      sunnyDays: wholeEnv(env, 'PERFORMANCE_SUNNY_DAYS', d.sunnyDays, 1, 30),
      baselineDays: wholeEnv(env, 'PERFORMANCE_BASELINE_DAYS', d.baselineDays, 7, 365),
      minBaselineDays: d.minBaselineDays,
      deviceMarginPct: numberEnv(env, 'PERFORMANCE_DEVICE_MARGIN_PCT', d.deviceMarginPct, 1, 90),
      batterySohFallPerMonthPct: numberEnv(
        env,
        'BATTERY_SOH_FALL_PER_MONTH_PCT',
        d.batterySohFallPerMonthPct,
        0.01,
        50,
      ),
      batteryTrendDays: wholeEnv(env, 'BATTERY_TREND_DAYS', d.batteryTrendDays, 30, 730),
    },
  };
}
