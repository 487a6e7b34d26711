import { CLIMATE } from './climate.js';
import type { SimInverterConfig } from './config.js';
import { SimInverter } from './inverter.js';
import type { InverterSite } from './inverter-state.js';
import type { InverterParameters } from './parameters.js';
import { flatTariff, type TariffPeriod } from './tariff.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const PRAGUE: InverterSite = {
  id: 'cz-praha-home',
  latitude: 50.0755,
  longitude: 14.4378,
  timeZone: 'Europe/Prague',
  azimuthDeg: 180,
  inclinationDeg: 35,
  climate: CLIMATE.praha.ghi,
  tariff: flatTariff(5),
  grid: { nominalV: 230, frequencyHz: 50 },
  hasCabinet: false,
};

export const NIGHT_VALLEY: TariffPeriod[] = [
  { type: 4, start: '00:00', end: '05:59', price: 2.9 },
  { type: 3, start: '06:00', end: '16:59', price: 5 },
  { type: 2, start: '17:00', end: '19:59', price: 6 },
  { type: 1, start: '20:00', end: '21:59', price: 7 },
  { type: 3, start: '22:00', end: '23:59', price: 5 },
];

/** A 10K inverter with a 10 kWh battery on a Prague roof, for tests. */
export function testInverter(
  options: {
    startMs?: number;
    parameters?: Partial<InverterParameters>;
    site?: Partial<InverterSite>;
    battery?: boolean;
    config?: Partial<SimInverterConfig>;
  } = {},
): SimInverter {
  const startMs = options.startMs ?? Date.UTC(2024, 5, 10);
  return new SimInverter(
    {
      kind: 'inverter',
      sn: 'VF10K2400101',
      plantId: 'cz-praha-home',
      model: '10K',
      pv1PeakW: 6400,
      pv2PeakW: 5200,
      pcuVersion: '4.0.0',
      dspVersion: 'V201A00D00',
      parameters: { socLowerLimitPct: 20, ...options.parameters },
      ...options.config,
    },
    { ...PRAGUE, ...options.site },
    {
      seed: 1,
      startMs,
      load: { profile: 'household', dailyKwh: 12 },
      battery:
        options.battery === false
          ? undefined
          : { sn: 'VFBAT2400101', capacityKwh: 10, maxChargeW: 5000, maxDischargeW: 5000, initialSocPct: 50 },
    },
  );
}

/** Steps an inverter from its present time to `toMs` and calls `each` after every step. */
export function runInverter(inv: SimInverter, toMs: number, stepSeconds: number, each?: (nowMs: number) => void): void {
  for (let now = inv.now + stepSeconds * 1000; now <= toMs; now += stepSeconds * 1000) {
    inv.step(now, stepSeconds);
    each?.(now);
  }
}
