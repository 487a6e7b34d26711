import { ON_OFF, WORK_MODES } from '../devices.js';
import { RANGE, TODAY_KWH_MAX, TOTAL_KWH_MAX, WORD32_MAX, code, counter, gauge, group, state } from './field-types.js';
import { option } from './labels.js';

/** Inverter (PCS) states of R4.5, plus running on grid, fault and shut down. */
export const PCS_STATES = [
  option(0, 'standby', 'option.pcsStates.0'),
  option(1, 'onGrid', 'option.pcsStates.1'),
  option(2, 'offGrid', 'option.pcsStates.2'),
  option(3, 'islandingProtection', 'option.pcsStates.3'),
  option(4, 'lowVoltageRideThrough', 'option.pcsStates.4'),
  option(5, 'seamlessSwitching', 'option.pcsStates.5'),
  option(6, 'offGridToGrid', 'option.pcsStates.6'),
  option(7, 'fault', 'option.pcsStates.7'),
  option(8, 'shutdown', 'option.pcsStates.8'),
] as const;

// faultWord / warningWord are bit masks; the alarm catalogue maps each set bit to an alarm.
export const PCS_FIELDS = group('pcs', [
  state('pcsState', PCS_STATES),
  state('pcsOnOff', ON_OFF),
  state('pcsWorkMode', WORK_MODES),
  code('faultWord', WORD32_MAX),
  code('warningWord', WORD32_MAX),
  gauge('pcsTempC', '°C', 1, RANGE.tempC),
  gauge('pcsModuleTempAC', '°C', 1, RANGE.tempC),
  gauge('pcsModuleTempBC', '°C', 1, RANGE.tempC),
  gauge('pcsModuleTempCC', '°C', 1, RANGE.tempC),
  gauge('pcsPowerW', 'W', 0, RANGE.signedPowerW),
  gauge('pcsBusVoltageV', 'V', 1, [0, 1500]),
  gauge('pcsEfficiencyPct', '%', 1, [0, 100]),
  counter('pcsEnergyTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('pcsEnergyTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
  gauge('pcsInsulationPosKohm', 'kΩ', 0, RANGE.insulationKohm),
  gauge('pcsInsulationNegKohm', 'kΩ', 0, RANGE.insulationKohm),
] as const);
