import { FIELDS, type FieldKey } from '@voltfleet/domain';
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
}

/** Smooth ±1 noise of one signal of one device. */
export function wobble(sn: string, signal: string, ms: number, periodMs = 120_000): number {
  return 2 * valueNoise(hash32(hashString(sn), hashString(signal)), ms / periodMs) - 1;
}

/** A constant per device in [min, max) (insulation resistance, cell numbering…). */
export function deviceConstant(sn: string, signal: string, min: number, max: number): number {
  return min + (max - min) * unitHash(hashString(sn), hashString(signal));
}
