import { alarm } from './alarm-entry.js';

// The alarms' names, causes and handling are in the alarmCatalogue namespace, keyed alarmText.<code>.<part>.

/** A plant's performance ratio below its own baseline on sunny days (performance analytics, docs/performance.md). */
export const PLANT_BELOW_BASELINE_CODE = 'performance.plantBelowBaseline';
/** An inverter producing much less than its plant's inverters of the same model on sunny days. */
export const DEVICE_BELOW_SIBLINGS_CODE = 'performance.deviceBelowSiblings';
/** A battery's state of health falling faster than the set rate. */
export const BATTERY_HEALTH_FALLING_CODE = 'performance.batteryHealthFalling';

/**
 * Performance alarms: raised by the platform from yields, irradiance and battery health, never by a device. Minor: a
 * plant producing less is not a plant in alarm (its status stays normal), but it is worth a work order.
 */
export const PERFORMANCE_ALARMS = [
  alarm(PLANT_BELOW_BASELINE_CODE, 'performance', 'minor'),
  alarm(DEVICE_BELOW_SIBLINGS_CODE, 'performance', 'minor'),
  alarm(BATTERY_HEALTH_FALLING_CODE, 'performance', 'minor'),
];
