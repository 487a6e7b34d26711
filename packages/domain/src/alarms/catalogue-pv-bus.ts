import { alarm } from './alarm-entry.js';

// The alarms' names, causes and handling are in the alarmCatalogue namespace, keyed alarmText.<code>.<part>.

/** DC bus alarms: the inverter's internal DC link between PV, battery and the AC stage. */
export const BUS_ALARMS = [
  alarm('bus.batteryStartFailure', 'bus', 'major'),
  alarm('bus.secondaryStartFailure', 'bus', 'major'),
  alarm('bus.primaryUndervoltage', 'bus', 'major'),
  alarm('bus.primaryOvervoltage', 'bus', 'major'),
  alarm('bus.secondaryUndervoltage', 'bus', 'major'),
  alarm('bus.secondaryOvervoltage', 'bus', 'major'),
  alarm('bus.imbalance', 'bus', 'major'),
];

/** PV input alarms. */
export const PV_ALARMS = [
  alarm('pv.pv1Undervoltage', 'pv', 'minor'),
  alarm('pv.pv1Overvoltage', 'pv', 'major'),
  alarm('pv.pv1Reversed', 'pv', 'critical'),
  alarm('pv.pv2Undervoltage', 'pv', 'minor'),
  alarm('pv.pv2Overvoltage', 'pv', 'major'),
  alarm('pv.pv2Reversed', 'pv', 'critical'),
  alarm('pv.busStartFailure', 'pv', 'major'),
  alarm('pv.weakSource', 'pv', 'warning'),
];
