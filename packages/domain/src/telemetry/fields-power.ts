import { RANGE, TODAY_KWH_MAX, TOTAL_KWH_MAX, counter, gauge, group } from './field-types.js';

// Label tuples are [zh, en, cs, de]. Energy "today" counters reset at the plant's local midnight.

// Fields that pages also read one by one (the device list), without loading the whole catalogue.
export const PV_POWER_FIELD = gauge('pvPowerW', 'W', 0, [0, 60_000]);
export const PV_ENERGY_TODAY_FIELD = counter('pvEnergyTodayKwh', 'kWh', 2, TODAY_KWH_MAX);
export const GRID_POWER_FIELD = gauge('gridPowerW', 'W', 0, RANGE.signedPowerW);
export const LOAD_POWER_FIELD = gauge('loadPowerW', 'W', 0, RANGE.powerW);

export const PV_FIELDS = group('pv', [
  gauge('pv1VoltageV', 'V', 1, [0, 1000]),
  gauge('pv1CurrentA', 'A', 1, [0, 40]),
  gauge('pv1PowerW', 'W', 0, [0, 30_000]),
  gauge('pv2VoltageV', 'V', 1, [0, 1000]),
  gauge('pv2CurrentA', 'A', 1, [0, 40]),
  gauge('pv2PowerW', 'W', 0, [0, 30_000]),
  PV_POWER_FIELD,
  PV_ENERGY_TODAY_FIELD,
  counter('pvEnergyTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
] as const);

export const GRID_FIELDS = group('grid', [
  gauge('gridVoltageAV', 'V', 1, RANGE.phaseVoltageV),
  gauge('gridVoltageBV', 'V', 1, RANGE.phaseVoltageV),
  gauge('gridVoltageCV', 'V', 1, RANGE.phaseVoltageV),
  gauge('gridCurrentAA', 'A', 1, [-300, 300]),
  gauge('gridCurrentBA', 'A', 1, [-300, 300]),
  gauge('gridCurrentCA', 'A', 1, [-300, 300]),
  gauge('gridFrequencyHz', 'Hz', 2, RANGE.frequencyHz),
  GRID_POWER_FIELD,
  gauge('gridPowerFactor', '', 3, RANGE.powerFactor),
  counter('gridImportTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gridImportTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
  counter('gridExportTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gridExportTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
] as const);

export const LOAD_FIELDS = group('load', [
  LOAD_POWER_FIELD,
  counter('loadEnergyTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('loadEnergyTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
  gauge('backupVoltageAV', 'V', 1, RANGE.phaseVoltageV),
  gauge('backupPowerW', 'W', 0, RANGE.powerW),
  gauge('backupFrequencyHz', 'Hz', 2, RANGE.frequencyHz),
] as const);
