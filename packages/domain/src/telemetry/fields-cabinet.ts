import { RANGE, gauge, group, state } from './field-types.js';
import { option } from './labels.js';

export const DEHUMIDIFIER_STATES = [
  option(0, 'off', 'option.dehumidifierStates.0'),
  option(1, 'running', 'option.dehumidifierStates.1'),
  option(2, 'fault', 'option.dehumidifierStates.2'),
] as const;

export const COOLING_STATES = [
  option(0, 'off', 'option.coolingStates.0'),
  option(1, 'cooling', 'option.coolingStates.1'),
  option(2, 'heating', 'option.coolingStates.2'),
  option(3, 'circulating', 'option.coolingStates.3'),
  option(4, 'fault', 'option.coolingStates.4'),
] as const;

// Devices inside a storage cabinet or container.
export const DEHUMIDIFIER_FIELDS = group('dehumidifier', [
  state('dehumState', DEHUMIDIFIER_STATES),
  gauge('dehumTempC', '°C', 1, RANGE.tempC),
  gauge('dehumHumidityPct', '%', 1, [0, 100]),
] as const);

export const LIQUID_COOLING_FIELDS = group('liquidCooling', [
  state('coolingState', COOLING_STATES),
  gauge('coolingInletTempC', '°C', 1, RANGE.tempC),
  gauge('coolingOutletTempC', '°C', 1, RANGE.tempC),
  gauge('coolingInletPressureBar', 'bar', 2, [0, 10]),
  gauge('coolingOutletPressureBar', 'bar', 2, [0, 10]),
] as const);
