import { hash32, hashString, unitHash } from './random.js';

/**
 * Faults the simulator raises: the bit each sets in faultWord and a stable code the alarm catalogue maps to a
 * name, cause and remedy (SPEC §8 inverter alarm catalogue).
 */
export const SIM_FAULTS = [
  { bit: 0, code: 'gridOvervoltage' },
  { bit: 1, code: 'gridUndervoltage' },
  { bit: 2, code: 'gridOverfrequency' },
  { bit: 3, code: 'gridUnderfrequency' },
  { bit: 4, code: 'gridPhaseLockFailure' },
  { bit: 5, code: 'pv1Overvoltage' },
  { bit: 6, code: 'pv2Overvoltage' },
  { bit: 7, code: 'acOverload' },
  { bit: 8, code: 'busUndervoltage' },
  { bit: 9, code: 'insulationLow' },
  { bit: 10, code: 'igbtOvertemperature' },
  { bit: 11, code: 'relayCheckFailure' },
  { bit: 12, code: 'batteryOvercurrent' },
  { bit: 13, code: 'bmsCommunicationLost' },
] as const;
export type SimFaultCode = (typeof SIM_FAULTS)[number]['code'];
export type SimFault = (typeof SIM_FAULTS)[number];

/** Warning bits of warningWord. */
export const SIM_WARNINGS = { socAtLowerLimit: 0, exportLimited: 1, highTemperature: 2 } as const;

const HOUR_MS = 3_600_000;
const MIN_FAULT_MS = 5 * 60_000;
const MAX_FAULT_MS = 50 * 60_000;

/** A fault in force over a time window. */
export interface FaultWindow {
  fault: SimFault;
  fromMs: number;
  untilMs: number;
}

/**
 * The seeded fault schedule of one device: each UTC hour starts a fault with probability `ratePerHour`, at a
 * hashed minute, lasting 5–50 minutes. A pure function of (seed, sn, time), so it does not depend on step size.
 */
export function scheduledFault(seed: number, sn: string, ratePerHour: number, utcMs: number): FaultWindow | undefined {
  const device = hash32(seed, hashString(sn));
  const hour = Math.floor(utcMs / HOUR_MS);
  // A fault lasts under an hour, so only this hour's and the previous hour's can be in force.
  for (const h of [hour, hour - 1]) {
    if (unitHash(device, h, 1) >= ratePerHour) continue;
    const fromMs = h * HOUR_MS + Math.floor(unitHash(device, h, 2) * HOUR_MS);
    const untilMs = fromMs + MIN_FAULT_MS + Math.floor(unitHash(device, h, 3) * (MAX_FAULT_MS - MIN_FAULT_MS));
    const fault = SIM_FAULTS[Math.floor(unitHash(device, h, 4) * SIM_FAULTS.length)] ?? SIM_FAULTS[0];
    if (utcMs >= fromMs && utcMs < untilMs) return { fault, fromMs, untilMs };
  }
  return undefined;
}

/** The fault word with the bit of a fault set. */
export function faultWordOf(fault: SimFault | undefined): number {
  return fault ? 2 ** fault.bit : 0;
}
