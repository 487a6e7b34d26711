import { BATTERY_CHARGE_STATES } from '../devices.js';
import { RANGE, TODAY_KWH_MAX, TOTAL_KWH_MAX, WORD16_MAX, code, counter, gauge, group, state } from './field-types.js';
import { option } from './labels.js';

/** BMS run status as the battery management system reports it. */
export const BMS_RUN_STATUSES = [
  option(0, 'noCommunication', 'option.bmsRunStatuses.0'),
  option(1, 'normal', 'option.bmsRunStatuses.1'),
  option(2, 'warning', 'option.bmsRunStatuses.2'),
  option(3, 'fault', 'option.bmsRunStatuses.3'),
  option(4, 'sleep', 'option.bmsRunStatuses.4'),
] as const;

/** A yes/no flag (forced charge / discharge active). */
export const FLAG_OPTIONS = [
  option(0, 'no', 'option.flagOptions.0'),
  option(1, 'yes', 'option.flagOptions.1'),
] as const;

// Fields that pages also read one by one (the device list), without loading the whole catalogue.
export const BAT_POWER_FIELD = gauge('batPowerW', 'W', 0, [-100_000, 100_000]);
export const BAT_SOC_FIELD = gauge('batSocPct', '%', 0, [0, 100]);

// Sign convention: battery current and power are positive while discharging.
export const BMS_FIELDS = group('bms', [
  state('bmsRunStatus', BMS_RUN_STATUSES),
  state('batCdState', BATTERY_CHARGE_STATES),
  state('batFCFlag', FLAG_OPTIONS),
  state('batFDFlag', FLAG_OPTIONS),
  gauge('batVoltageV', 'V', 1, [0, 1000]),
  gauge('batCurrentA', 'A', 1, [-400, 400]),
  BAT_POWER_FIELD,
  BAT_SOC_FIELD,
  gauge('batSohPct', '%', 0, [0, 100]),
  counter('batChargeTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('batChargeTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
  counter('batDischargeTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('batDischargeTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
  counter('batCycleCount', '', 0, 100_000),
  gauge('batTempC', '°C', 1, RANGE.tempC),
  gauge('batCellVoltageMaxV', 'V', 3, [0, 5]),
  code('batCellVoltageMaxNo', 1000),
  gauge('batCellVoltageMinV', 'V', 3, [0, 5]),
  code('batCellVoltageMinNo', 1000),
  gauge('batCellTempMaxC', '°C', 1, RANGE.tempC),
  code('batCellTempMaxNo', 1000),
  gauge('batCellTempMinC', '°C', 1, RANGE.tempC),
  code('batCellTempMinNo', 1000),
  gauge('batChargeLimitA', 'A', 1, [0, 500]),
  gauge('batDischargeLimitA', 'A', 1, [0, 500]),
  gauge('batChargeCutoffV', 'V', 1, [0, 1000]),
  gauge('batDischargeCutoffV', 'V', 1, [0, 1000]),
  gauge('batInsulationPosKohm', 'kΩ', 0, RANGE.insulationKohm),
  gauge('batInsulationNegKohm', 'kΩ', 0, RANGE.insulationKohm),
  code('batWarningWord', WORD16_MAX),
  code('batFaultWord', WORD16_MAX),
] as const);
