import { localDayStart, shiftDay } from '../telemetry/local-time.js';
import { clearSkyIrradiance, planeOfArrayIrradiance, solarPosition } from './sun.js';

/**
 * Where an array is and how it faces: azimuth in compass degrees clockwise from north (180 = south), tilt from
 * horizontal (0 = flat), as sun.ts takes them.
 */
export interface ArraySite {
  latitude: number;
  longitude: number;
  tiltDeg: number;
  azimuthDeg: number;
}

/** The step of the daily sums, minutes: short enough that a sum is within about 0.1 % of the integral. */
export const DAILY_STEP_MINUTES = 10;
const MINUTE_MS = 60_000;

/** The UTC span [start, end) of a plant-local calendar day 'YYYY-MM-DD': 24 h, or 23 h / 25 h on a DST day. */
export function localDaySpan(day: string, timeZone: string): { startMs: number; endMs: number } {
  const startMs = localDayStart(day, timeZone);
  const endMs = startMs === undefined ? undefined : localDayStart(shiftDay(day, 1), timeZone);
  if (startMs === undefined || endMs === undefined) throw new RangeError(`not a calendar day: ${day}`);
  return { startMs, endMs };
}

/**
 * The energy per m² of an irradiance (W/m²) over a plant-local day, kWh/m²: the irradiance sampled at the middle of
 * each `stepMinutes` step from the local midnight to the next (a shorter last step where the day is not a whole number
 * of steps), times the step. The one way the daily irradiation is summed, so a modelled day (clear sky) and a
 * simulated one (the demo's weather) are comparable step for step.
 */
export function integrateLocalDay(
  day: string,
  timeZone: string,
  wm2At: (utcMs: number) => number,
  stepMinutes = DAILY_STEP_MINUTES,
): number {
  const { startMs, endMs } = localDaySpan(day, timeZone);
  const stepMs = stepMinutes * MINUTE_MS;
  let wh = 0;
  for (let from = startMs; from < endMs; from += stepMs) {
    const to = Math.min(endMs, from + stepMs);
    wh += (wm2At((from + to) / 2) * (to - from)) / 3_600_000;
  }
  return wh / 1000;
}

/**
 * The clear-sky plane-of-array irradiation of a plant-local calendar day, kWh/m²: the clear-sky model's irradiance
 * (sun.ts) on the array's plane, summed in 10-minute steps over the local day (23 or 25 hours on a DST day). What a
 * cloudless day would have given the array: the reference of a day's expected yield and of its clearness.
 * About 0.07 ms a call (144 solar positions).
 */
export function clearSkyDailyPoaKwhM2(site: ArraySite, day: string, timeZone: string): number {
  return integrateLocalDay(day, timeZone, (utcMs) => {
    const sun = solarPosition(site.latitude, site.longitude, utcMs);
    if (sun.elevationDeg <= 0) return 0;
    return planeOfArrayIrradiance(sun, clearSkyIrradiance(sun.elevationDeg), site.azimuthDeg, site.tiltDeg);
  });
}
