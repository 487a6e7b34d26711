import { alarm } from './alarm-entry.js';

// The alarms' names, causes and handling are in the alarmCatalogue namespace, keyed alarmText.<code>.<part>.

/** AC-side alarms of the inverter output. */
export const AC_ALARMS = [
  alarm('ac.shortCircuit', 'ac', 'critical'),
  alarm('ac.leakageCurrent', 'ac', 'critical'),
  alarm('ac.overload', 'ac', 'major'),
  alarm('ac.softStartFailure', 'ac', 'major'),
];

/** Grid alarms: the inverter disconnects from the grid until it is back within limits. */
export const GRID_ALARMS = [
  alarm('grid.phaseLockFailure', 'grid', 'major'),
  alarm('grid.abnormal', 'grid', 'major'),
  alarm('grid.frequencyLow', 'grid', 'major'),
  alarm('grid.frequencyHigh', 'grid', 'major'),
  alarm('grid.voltageLow', 'grid', 'major'),
  alarm('grid.voltageHigh', 'grid', 'major'),
  alarm('grid.phaseSequence', 'grid', 'major'),
  alarm('grid.switchover', 'grid', 'minor'),
];
