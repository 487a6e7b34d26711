import { localParts } from '@voltfleet/domain/time';
import { loadPowerW, type LoadConfig } from './load.js';
import type { MonthlyGhi } from './climate.js';
import { cloudyIrradiance, planeOfArrayIrradiance, solarPosition } from '@voltfleet/domain/solar';
import { tariffAt, type TariffPeriod } from './tariff.js';
import { ambientTempC, skyAt } from './weather.js';

/** What an inverter's surroundings are at an instant. */
export interface Environment {
  /** Plane-of-array irradiance after clouds, W/m². */
  poaWm2: number;
  /** Global horizontal irradiance after clouds, W/m² (what a weather station measures). */
  ghiWm2: number;
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
  /** The place's monthly mean daily GHI (climate.ts); the weather averages to it. */
  climate?: MonthlyGhi | undefined;
}

/** System losses besides temperature (soiling, wiring, mismatch, MPPT). */
const SYSTEM_DERATE = 0.86;
/** Module power temperature coefficient, per °C. */
const TEMP_COEFFICIENT = -0.0037;

/**
 * Module efficiency relative to its rating at weak light: about 3 % less per decade of irradiance below 1000 W/m²
 * (crystalline silicon at 100 W/m² gives about 97 % of its rated efficiency), so a grey winter day yields less
 * than its irradiance alone says.
 */
export function lowLightEfficiency(poaWm2: number): number {
  return poaWm2 <= 0 ? 0 : Math.min(1, Math.max(0.85, 1 + 0.03 * Math.log10(poaWm2 / 1000)));
}

/** The environment of one inverter at a UTC instant. Pure: the same inputs give the same numbers. */
export function environmentAt(
  site: SiteGeometry,
  strings: { pv1PeakW: number; pv2PeakW: number; ownLossPct?: number | undefined },
  load: LoadConfig,
  seed: number,
  loadKey: string,
  utcMs: number,
): Environment {
  const sun = solarPosition(site.latitude, site.longitude, utcMs);
  const { clearness, cover } = skyAt(seed, site, utcMs);
  const irradiance = cloudyIrradiance(sun.elevationDeg, clearness);
  const poaWm2 = planeOfArrayIrradiance(sun, irradiance, site.azimuthDeg, site.inclinationDeg);
  const local = localParts(utcMs, site.timeZone);
  const ambientC = ambientTempC(site.latitude, utcMs, local.minuteOfDay / 60, cover);
  // NOCT-style cell heating: about 25 °C above ambient at 800 W/m².
  const cellC = ambientC + (poaWm2 / 800) * 25;
  const ownDerate = 1 - (strings.ownLossPct ?? 0) / 100;
  const perPeakW =
    (poaWm2 / 1000) * SYSTEM_DERATE * ownDerate * lowLightEfficiency(poaWm2) * (1 + TEMP_COEFFICIENT * (cellC - 25));
  return {
    poaWm2,
    ghiWm2: irradiance.ghi,
    cloudCover: cover,
    ambientC,
    cellC,
    pv1W: Math.max(0, strings.pv1PeakW * perPeakW),
    pv2W: Math.max(0, strings.pv2PeakW * perPeakW),
    loadW: loadPowerW(load, site.timeZone, seed, loadKey, utcMs),
    tariff: tariffAt(site.tariff, local.minuteOfDay),
  };
}
