import { clearSkyDailyPoaKwhM2, integrateLocalDay } from '@voltfleet/domain/solar';
import type { DemoFleetConfig } from './demo-fleet.js';
import { skyIrradianceAt, type SiteGeometry } from './environment.js';

/** What the sky gave an array on one local day. */
export interface DailySky {
  /** Plane-of-array irradiation under the simulated weather, kWh/m². */
  poaKwhM2: number;
  /** The same under a clear sky (clearSkyDailyPoaKwhM2 of @voltfleet/domain/solar), kWh/m². */
  clearSkyPoaKwhM2: number;
  /** poaKwhM2 / clearSkyPoaKwhM2: the day's clearness on the panels' plane (0 on a day without sun). */
  clearness: number;
}

/** The part of a plant's geometry its sky depends on (a SiteGeometry or a SimPlantConfig will do). */
export type DailySkySite = Pick<
  SiteGeometry,
  'id' | 'latitude' | 'longitude' | 'timeZone' | 'azimuthDeg' | 'inclinationDeg' | 'climate'
>;

/**
 * What a demo plant's sky delivered on one local day 'YYYY-MM-DD' (in `timeZone`, by default the plant's): the
 * plane-of-array irradiation the simulator's PV model used (environmentAt's skyIrradianceAt: skyAt's clouds,
 * cloudyIrradiance, planeOfArrayIrradiance), summed in 10-minute steps at their midpoints over the local day as the
 * domain's clear-sky day is, and that clear-sky day beside it. The demo's measured irradiance: the demo runs offline,
 * without a weather service, and this is the sky its inverters produced under. Pure; about 0.8 ms a call. Throws a
 * RangeError for a day that does not exist.
 */
export function demoDailySky(site: DailySkySite, seed: number, day: string, timeZone = site.timeZone): DailySky {
  const poaKwhM2 = integrateLocalDay(day, timeZone, (utcMs) => skyIrradianceAt(site, seed, utcMs).poaWm2);
  const clearSkyPoaKwhM2 = clearSkyDailyPoaKwhM2(
    { latitude: site.latitude, longitude: site.longitude, tiltDeg: site.inclinationDeg, azimuthDeg: site.azimuthDeg },
    day,
    timeZone,
  );
  return { poaKwhM2, clearSkyPoaKwhM2, clearness: clearSkyPoaKwhM2 > 0 ? poaKwhM2 / clearSkyPoaKwhM2 : 0 };
}

/**
 * The daily sky of one demo plant, found by the key the server's demo stores it under: its name (demo.seed.ts
 * inserts each SimPlantConfig with its `name`; the simulation's `id` is not stored). The simulation's id and the
 * serial number of any of the plant's devices (which a rename in the portal leaves alone) are accepted too. The
 * function answers undefined for a plant not in the demo fleet, and for a day that does not exist.
 */
export function demoSkyForPlant(config: DemoFleetConfig, plantKey: string): (day: string) => DailySky | undefined {
  const plant =
    config.plants.find((p) => p.name === plantKey) ??
    config.plants.find((p) => p.id === plantKey) ??
    config.plants.find((p) => p.id === config.devices.find((d) => d.sn === plantKey)?.plantId);
  if (!plant) return () => undefined;
  return (day) => {
    try {
      return demoDailySky(plant, config.seed, day);
    } catch (err) {
      if (err instanceof RangeError) return undefined;
      throw err;
    }
  };
}
