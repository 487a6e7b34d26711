import { type AlarmEntry } from './alarm-entry.js';
import { BATTERY_ALARMS } from './catalogue-battery.js';
import { COMMUNICATION_ALARMS } from './catalogue-communication.js';
import { AC_ALARMS, GRID_ALARMS } from './catalogue-grid-ac.js';
import { BUS_ALARMS, PV_ALARMS } from './catalogue-pv-bus.js';
import { PERFORMANCE_ALARMS } from './catalogue-performance.js';
import { HARDWARE_ALARMS, INSULATION_ALARMS, WIRING_ALARMS } from './catalogue-system.js';

/**
 * The inverter alarm catalogue (R8.7). Codes are readable strings `group.camelCaseName` rather than numbers:
 * vendor numbers (OSIM warning codes) differ by battery maker and firmware, and several of them mean the same alarm,
 * so they live in the mapping tables (osim-alarm-codes.ts) and point here. A code is stored with every alarm and is
 * never renamed or reused; a new alarm gets a new code.
 */
export const ALARM_CATALOGUE: readonly AlarmEntry[] = [
  ...GRID_ALARMS,
  ...AC_ALARMS,
  ...PV_ALARMS,
  ...BUS_ALARMS,
  ...BATTERY_ALARMS,
  ...WIRING_ALARMS,
  ...INSULATION_ALARMS,
  ...HARDWARE_ALARMS,
  ...COMMUNICATION_ALARMS,
  ...PERFORMANCE_ALARMS,
];

const BY_CODE = new Map(ALARM_CATALOGUE.map((entry) => [entry.code, entry]));

/** The catalogue entry with this code, or undefined. */
export function alarmByCode(code: string): AlarmEntry | undefined {
  return BY_CODE.get(code);
}

/** Prefix of the codes of "unknown code N" entries; followed by the device's decimal code. */
export const UNKNOWN_ALARM_PREFIX = 'unknown.';

/** The "unknown code N" entry for a device code the catalogue does not know; nothing a device sends is dropped. */
export function unknownAlarm(n: number): AlarmEntry {
  return {
    code: `${UNKNOWN_ALARM_PREFIX}${n}`,
    group: 'other',
    severity: 'major',
    name: 'alarmUnknown.name',
    cause: 'alarmUnknown.cause',
    handling: 'alarmUnknown.handling',
    params: { n },
  };
}

/** True for the code of an "unknown code N" entry. */
export function isUnknownAlarmCode(code: string): boolean {
  return code.startsWith(UNKNOWN_ALARM_PREFIX);
}

/**
 * The entry a stored code names, for showing it: a catalogue alarm, or the "unknown code N" entry for an unknown
 * code's stored form; undefined for a code neither knows (the page then shows the code itself).
 */
export function alarmOfStoredCode(code: string): AlarmEntry | undefined {
  const known = alarmByCode(code);
  if (known || !isUnknownAlarmCode(code)) return known;
  const n = Number(code.slice(UNKNOWN_ALARM_PREFIX.length));
  return Number.isSafeInteger(n) ? unknownAlarm(n) : undefined;
}

/** The alarm the platform raises itself for a device silent past DEVICE_OFFLINE_SECONDS. */
export const NO_DATA_ALARM_CODE = 'communication.noData';
