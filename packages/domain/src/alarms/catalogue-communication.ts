import { alarm } from './alarm-entry.js';

// The alarms' names, causes and handling are in the alarmCatalogue namespace, keyed alarmText.<code>.<part>.

/** Communication alarms: links between inverter, battery, meter, parallel units and the app. */
export const COMMUNICATION_ALARMS = [
  alarm('communication.noData', 'communication', 'major'),
  alarm('communication.bmsLost', 'communication', 'major'),
  alarm('communication.batteryInternal', 'communication', 'major'),
  alarm('communication.wifiUnreachable', 'communication', 'minor'),
  alarm('communication.meter', 'communication', 'minor'),
  alarm('communication.parallel', 'communication', 'major'),
];
