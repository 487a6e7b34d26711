import { alarm } from './alarm-entry.js';

// The alarms' names, causes and handling are in the alarmCatalogue namespace, keyed alarmText.<code>.<part>.

/** Battery alarms: the inverter's own battery-side checks, then those the battery's BMS reports. */
export const BATTERY_ALARMS = [
  alarm('battery.socLow', 'battery', 'warning'),
  alarm('battery.overcurrent', 'battery', 'major'),
  alarm('battery.overvoltage', 'battery', 'major'),
  alarm('battery.undervoltageEod', 'battery', 'minor'),
  alarm('battery.bmsOvervoltage', 'battery', 'major'),
  alarm('battery.bmsUndervoltage', 'battery', 'major'),
  alarm('battery.bmsOvercurrent', 'battery', 'minor'),
  alarm('battery.bmsHighTemperature', 'battery', 'major'),
  alarm('battery.bmsLowTemperature', 'battery', 'minor'),
  alarm('battery.bmsImbalance', 'battery', 'minor'),
  alarm('battery.bmsShortCircuit', 'battery', 'critical'),
  alarm('battery.bmsBreakerOpen', 'battery', 'major'),
  alarm('battery.bmsInternalFault', 'battery', 'major'),
  alarm('battery.bmsWarning', 'battery', 'warning'),
];
