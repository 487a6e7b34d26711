import { alarm } from './alarm-entry.js';

// The alarms' names, causes and handling are in the alarmCatalogue namespace, keyed alarmText.<code>.<part>.

/** Hardware alarms of the inverter itself. */
export const HARDWARE_ALARMS = [
  alarm('hardware.relayCheckFailure', 'hardware', 'critical'),
  alarm('hardware.igbtSensorFault', 'hardware', 'major'),
  alarm('hardware.igbtOvertemperature', 'hardware', 'major'),
  alarm('hardware.internalTemperatureHigh', 'hardware', 'minor'),
  alarm('hardware.internalTemperatureLow', 'hardware', 'minor'),
  alarm('hardware.modelMismatch', 'hardware', 'major'),
];

/** Insulation alarms. */
export const INSULATION_ALARMS = [
  alarm('insulation.positiveBus', 'insulation', 'critical'),
  alarm('insulation.negativeBus', 'insulation', 'critical'),
  alarm('insulation.battery', 'insulation', 'major'),
];

/** Wiring alarms: cables connected to the wrong terminals. */
export const WIRING_ALARMS = [
  alarm('wiring.gridBackupSwapped', 'wiring', 'critical'),
  alarm('wiring.batteryReversed', 'wiring', 'critical'),
];
