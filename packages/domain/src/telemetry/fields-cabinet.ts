import { RANGE, gauge, group, state } from './field-types.js';
import { option } from './labels.js';

export const DEHUMIDIFIER_STATES = [
  option(0, 'off', ['关闭', 'Off', 'Vypnuto', 'Aus']),
  option(1, 'running', ['运行', 'Running', 'V provozu', 'In Betrieb']),
  option(2, 'fault', ['故障', 'Fault', 'Porucha', 'Störung']),
] as const;

export const COOLING_STATES = [
  option(0, 'off', ['关闭', 'Off', 'Vypnuto', 'Aus']),
  option(1, 'cooling', ['制冷', 'Cooling', 'Chlazení', 'Kühlen']),
  option(2, 'heating', ['制热', 'Heating', 'Ohřev', 'Heizen']),
  option(3, 'circulating', ['自循环', 'Circulating', 'Cirkulace', 'Umwälzen']),
  option(4, 'fault', ['故障', 'Fault', 'Porucha', 'Störung']),
] as const;

// Devices inside a storage cabinet or container.
export const DEHUMIDIFIER_FIELDS = group('dehumidifier', [
  state('dehumState', DEHUMIDIFIER_STATES, [
    '除湿机状态',
    'Dehumidifier state',
    'Stav odvlhčovače',
    'Entfeuchterzustand',
  ]),
  gauge('dehumTempC', '°C', 1, RANGE.tempC, [
    '柜内温度',
    'Cabinet temperature',
    'Teplota ve skříni',
    'Schranktemperatur',
  ]),
  gauge('dehumHumidityPct', '%', 1, [0, 100], ['柜内湿度', 'Cabinet humidity', 'Vlhkost ve skříni', 'Schrankfeuchte']),
] as const);

export const LIQUID_COOLING_FIELDS = group('liquidCooling', [
  state('coolingState', COOLING_STATES, [
    '液冷机组状态',
    'Liquid cooling state',
    'Stav kapalinového chlazení',
    'Flüssigkühlung Zustand',
  ]),
  gauge('coolingInletTempC', '°C', 1, RANGE.tempC, [
    '进水温度',
    'Coolant inlet temperature',
    'Teplota na vstupu',
    'Vorlauftemperatur',
  ]),
  gauge('coolingOutletTempC', '°C', 1, RANGE.tempC, [
    '出水温度',
    'Coolant outlet temperature',
    'Teplota na výstupu',
    'Rücklauftemperatur',
  ]),
  gauge(
    'coolingInletPressureBar',
    'bar',
    2,
    [0, 10],
    ['进水压力', 'Coolant inlet pressure', 'Tlak na vstupu', 'Vorlaufdruck'],
  ),
  gauge(
    'coolingOutletPressureBar',
    'bar',
    2,
    [0, 10],
    ['出水压力', 'Coolant outlet pressure', 'Tlak na výstupu', 'Rücklaufdruck'],
  ),
] as const);
