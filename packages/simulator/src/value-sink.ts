import { FIELDS, type FieldKey } from '@voltfleet/domain/telemetry';
import { hash32, hashString, unitHash, valueNoise } from './random.js';

/** 10^decimals per field, looked up once per value written. */
const FACTORS: ReadonlyMap<string, number> = new Map(FIELDS.map((f) => [f.key, 10 ** f.decimals]));

/** Collects rounded values; -0 becomes 0 so payloads compare cleanly. */
export class ValueSink {
  readonly values: Partial<Record<FieldKey, number>> = {};

  set(key: FieldKey, value: number): void {
    const factor = FACTORS.get(key) ?? 1;
    const rounded = Math.round(value * factor) / factor;
    this.values[key] = rounded === 0 ? 0 : rounded;
  }

  /**
   * A lifetime counter, rounded up to its resolution: it reads at least the energy counted so far, so never below
   * the day's counter (finer, rounded to nearest) on a device's first day. The tolerance keeps float noise
   * (12.3000000001) from adding a step.
   */
  setLifetime(key: FieldKey, value: number): void {
    const factor = FACTORS.get(key) ?? 1;
    this.values[key] = Math.max(0, Math.ceil(value * factor - 1e-6) / factor);
  }
}

/** Smooth ±1 noise of one signal of one device. */
export function wobble(sn: string, signal: string, ms: number, periodMs = 120_000): number {
  return 2 * valueNoise(hash32(hashString(sn), hashString(signal)), ms / periodMs) - 1;
}

/** A constant per device in [min, max) (insulation resistance, cell numbering…). */
export function deviceConstant(sn: string, signal: string, min: number, max: number): number {
  return min + (max - min) * unitHash(hashString(sn), hashString(signal));
}
