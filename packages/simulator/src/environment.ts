import { localParts } from '@voltfleet/domain/time';
import { loadPowerW, type LoadConfig } from './load.js';
import type { MonthlyGhi } from './climate.js';
import {
  cloudyIrradiance,
  planeOfArrayIrradiance,
  solarPosition,
  type Irradiance,
  type SolarPosition,
} from '@voltfleet/domain/solar';
import { soilingLossPct } from './soiling.js';
import { tariffAt, type TariffPeriod } from './tariff.js';
import { ambientTempC, skyAt, type Sky, type SkySite } from './weather.js';

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
  /** The PV2 string is lost (SimInverterConfig.pv2LostFromMs): nothing reaches the inverter, not even its voltage. */
  pv2Lost: boolean;
  /** The soiling loss in force, % (SiteGeometry.soilingPctPerDay; 0 without). */
  soilingPct: number;
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
  /** Soiling of the panels, % per dry day, washed off by rain (soiling.ts); none without. */
  soilingPctPerDay?: number | undefined;
}

/** The strings of one inverter as the environment sees them (SimInverterConfig's fields of the same names). */
export interface StringsConfig {
  pv1PeakW: number;
  pv2PeakW: number;
  ownLossPct?: number | undefined;
  /** From this instant (epoch ms UTC) the PV2 string gives nothing: a connector burnt, a cable cut. */
  pv2LostFromMs?: number | undefined;
}

/** The sky over an array at an instant: where the sun is, the clouds, the irradiance and its part on the panels. */
export interface SkyIrradiance extends Sky {
  sun: SolarPosition;
  /** Irradiance after clouds. */
  irradiance: Irradiance;
  /** Plane-of-array irradiance after clouds, W/m². */
  poaWm2: number;
}

/**
 * The irradiance an array receives at an instant under the simulated weather: the one computation of it, which both
 * the PV model (environmentAt) and the daily sky (demo-sky.ts) use.
 */
export function skyIrradianceAt(
  site: SkySite & { azimuthDeg: number; inclinationDeg: number },
  seed: number,
  utcMs: number,
): SkyIrradiance {
  const sun = solarPosition(site.latitude, site.longitude, utcMs);
  const sky = skyAt(seed, site, utcMs);
  const irradiance = cloudyIrradiance(sun.elevationDeg, sky.clearness);
  const poaWm2 = planeOfArrayIrradiance(sun, irradiance, site.azimuthDeg, site.inclinationDeg);
  return { ...sky, sun, irradiance, poaWm2 };
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
  strings: StringsConfig,
  load: LoadConfig,
  seed: number,
  loadKey: string,
  utcMs: number,
): Environment {
  const { cover, irradiance, poaWm2 } = skyIrradianceAt(site, seed, utcMs);
  const local = localParts(utcMs, site.timeZone);
  const ambientC = ambientTempC(site.latitude, utcMs, local.minuteOfDay / 60, cover);
  // NOCT-style cell heating: about 25 °C above ambient at 800 W/m².
  const cellC = ambientC + (poaWm2 / 800) * 25;
  const ownDerate = 1 - (strings.ownLossPct ?? 0) / 100;
  // Soiling only where the plant has it configured (a few dry demo places): on top of the usual system losses.
  const soilingPct = site.soilingPctPerDay ? soilingLossPct(seed, site, site.soilingPctPerDay, utcMs) : 0;
  const perPeakW =
    (poaWm2 / 1000) *
    SYSTEM_DERATE *
    ownDerate *
    (1 - soilingPct / 100) *
    lowLightEfficiency(poaWm2) *
    (1 + TEMP_COEFFICIENT * (cellC - 25));
  const pv2Lost = strings.pv2LostFromMs !== undefined && utcMs >= strings.pv2LostFromMs;
  return {
    poaWm2,
    ghiWm2: irradiance.ghi,
    cloudCover: cover,
    ambientC,
    cellC,
    pv1W: Math.max(0, strings.pv1PeakW * perPeakW),
    pv2W: pv2Lost ? 0 : Math.max(0, strings.pv2PeakW * perPeakW),
    pv2Lost,
    soilingPct,
    loadW: loadPowerW(load, site.timeZone, seed, loadKey, utcMs),
    tariff: tariffAt(site.tariff, local.minuteOfDay),
  };
}
