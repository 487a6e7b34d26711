import { localParts } from '@voltfleet/domain';
import { loadPowerW, type LoadConfig } from './load.js';
import { clearSkyIrradiance, planeOfArrayIrradiance, solarPosition } from './sun.js';
import { tariffAt, type TariffPeriod } from './tariff.js';
import { ambientTempC, clearSkyIndex, cloudCover } from './weather.js';

/** What an inverter's surroundings are at an instant. */
export interface Environment {
  /** Plane-of-array irradiance after clouds, W/m². */
  poaWm2: number;
  cloudCover: number;
  ambientC: number;
  cellC: number;
  /** DC power the strings offer at their maximum power point, W (before the inverter limits it). */
  pv1W: number;
  pv2W: number;
  /** Demand of the load this inverter serves, W. */
  loadW: number;
  tariff: TariffPeriod | undefined;
}

export interface SiteGeometry {
  id: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  azimuthDeg: number;
  inclinationDeg: number;
  tariff: readonly TariffPeriod[];
}

/** System losses besides temperature (soiling, wiring, mismatch, MPPT). */
const SYSTEM_DERATE = 0.86;
/** Module power temperature coefficient, per °C. */
const TEMP_COEFFICIENT = -0.0037;

/** The environment of one inverter at a UTC instant. Pure: the same inputs give the same numbers. */
export function environmentAt(
  site: SiteGeometry,
  strings: { pv1PeakW: number; pv2PeakW: number },
  load: LoadConfig,
  seed: number,
  loadKey: string,
  utcMs: number,
): Environment {
  const sun = solarPosition(site.latitude, site.longitude, utcMs);
  const cover = cloudCover(seed, site.id, utcMs);
  const poaWm2 =
    planeOfArrayIrradiance(sun, clearSkyIrradiance(sun.elevationDeg), site.azimuthDeg, site.inclinationDeg) *
    clearSkyIndex(cover);
  const local = localParts(utcMs, site.timeZone);
  const ambientC = ambientTempC(site.latitude, utcMs, local.minuteOfDay / 60, cover);
  // NOCT-style cell heating: about 25 °C above ambient at 800 W/m².
  const cellC = ambientC + (poaWm2 / 800) * 25;
  const perPeakW = (poaWm2 / 1000) * SYSTEM_DERATE * (1 + TEMP_COEFFICIENT * (cellC - 25));
  return {
    poaWm2,
    cloudCover: cover,
    ambientC,
    cellC,
    pv1W: Math.max(0, strings.pv1PeakW * perPeakW),
    pv2W: Math.max(0, strings.pv2PeakW * perPeakW),
    loadW: loadPowerW(load, site.timeZone, seed, loadKey, utcMs),
    tariff: tariffAt(site.tariff, local.minuteOfDay),
  };
}
