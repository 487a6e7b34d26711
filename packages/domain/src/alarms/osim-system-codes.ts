import type { OsimAlarmCode } from './osim-alarm-types.js';

function sys(code: number, kind: 'fault' | 'warning', alarm: string, label: string): OsimAlarmCode {
  return { code, source: 'system', level: 1, kind, alarm, label };
}

/**
 * System fault codes of OSIM inverters (command 0x1F: five 16-bit fault status words; bit b of word w is code
 * 16 × w + b + 1), written from the vendor's warning tables; all are level 1. Codes the vendor tables comment out
 * (4, 11–14, 16, 17, 35, 38–40, 44, 45, 51, 55–62, 73, 74) are left to "unknown code N" until their meaning is
 * confirmed on a device.
 */
export const OSIM_SYSTEM_CODES: readonly OsimAlarmCode[] = [
  sys(1, 'warning', 'ac.overload', 'Output overload'),
  sys(2, 'fault', 'ac.leakageCurrent', 'Output leakage current'),
  sys(3, 'fault', 'ac.shortCircuit', 'AC output short circuit'),
  sys(5, 'warning', 'grid.phaseLockFailure', 'Grid phase locking failure'),
  sys(6, 'fault', 'grid.phaseSequence', 'Grid phase sequence abnormal'),
  sys(7, 'warning', 'grid.voltageHigh', 'Grid voltage high'),
  sys(8, 'warning', 'grid.voltageLow', 'Grid voltage low'),
  sys(9, 'warning', 'grid.frequencyHigh', 'Grid frequency high'),
  sys(10, 'warning', 'grid.frequencyLow', 'Grid frequency low'),
  sys(15, 'fault', 'ac.softStartFailure', 'Inverter soft-start'),
  sys(18, 'warning', 'bus.imbalance', 'DC bus voltage unbalance'),
  sys(19, 'fault', 'bus.primaryOvervoltage', 'Primary bus overvoltage'),
  sys(20, 'fault', 'bus.primaryUndervoltage', 'Primary bus undervoltage'),
  sys(21, 'fault', 'bus.batteryStartFailure', 'Battery side bus hardware soft-start'),
  sys(22, 'fault', 'bus.batteryStartFailure', 'Battery side bus software soft-start'),
  sys(23, 'fault', 'bus.secondaryUndervoltage', 'Secondary bus too low'),
  sys(24, 'fault', 'bus.secondaryOvervoltage', 'Secondary bus too high'),
  sys(25, 'fault', 'pv.pv1Reversed', 'PV1 reverse connection'),
  sys(26, 'fault', 'pv.pv2Reversed', 'PV2 reverse connection'),
  sys(27, 'warning', 'pv.pv1Overvoltage', 'PV1 overvoltage'),
  sys(28, 'warning', 'pv.pv1Undervoltage', 'PV1 undervoltage'),
  sys(29, 'warning', 'pv.pv2Overvoltage', 'PV2 overvoltage'),
  sys(30, 'warning', 'pv.pv2Undervoltage', 'PV2 undervoltage'),
  sys(33, 'warning', 'battery.undervoltageEod', 'Battery undervoltage (EOD)'),
  sys(34, 'warning', 'battery.overvoltage', 'Battery overvoltage'),
  sys(36, 'fault', 'wiring.gridBackupSwapped', 'Grid and load terminals reversed (single unit)'),
  sys(37, 'warning', 'battery.overcurrent', 'Battery current over range'),
  sys(41, 'fault', 'communication.parallel', 'Parallel line failure'),
  sys(42, 'fault', 'communication.parallel', 'Parallel address exceeded'),
  sys(43, 'fault', 'communication.parallel', 'Parallel host conflict'),
  sys(46, 'warning', 'battery.socLow', 'Battery SOC below low limit, discharge stopped'),
  sys(47, 'warning', 'communication.meter', 'Meter warning'),
  sys(48, 'warning', 'pv.weakSource', 'PV weak load capacity'),
  sys(49, 'fault', 'hardware.relayCheckFailure', 'Relay self-test'),
  sys(50, 'fault', 'pv.busStartFailure', 'PV bus hardware soft-start'),
  sys(52, 'fault', 'pv.busStartFailure', 'PV bus software soft-start'),
  sys(53, 'fault', 'bus.secondaryStartFailure', 'Secondary bus hardware soft-start'),
  sys(54, 'fault', 'bus.secondaryStartFailure', 'Secondary bus software soft-start'),
  sys(63, 'fault', 'insulation.positiveBus', 'Positive bus insulation resistance'),
  sys(64, 'fault', 'insulation.negativeBus', 'Negative bus insulation resistance'),
  sys(65, 'warning', 'hardware.internalTemperatureHigh', 'Internal temperature high'),
  sys(66, 'warning', 'hardware.internalTemperatureLow', 'Internal temperature low'),
  sys(67, 'warning', 'hardware.igbtOvertemperature', 'IGBT A temperature high'),
  sys(68, 'warning', 'hardware.igbtOvertemperature', 'IGBT B temperature high'),
  sys(69, 'warning', 'hardware.igbtOvertemperature', 'IGBT C temperature high'),
  sys(70, 'fault', 'hardware.igbtSensorFault', 'IGBT A temperature sensor'),
  sys(71, 'fault', 'hardware.igbtSensorFault', 'IGBT B temperature sensor'),
  sys(72, 'fault', 'hardware.igbtSensorFault', 'IGBT C temperature sensor'),
  sys(75, 'warning', 'grid.switchover', 'On-grid/off-grid switching'),
  sys(76, 'fault', 'hardware.modelMismatch', 'Model mismatch'),
];
