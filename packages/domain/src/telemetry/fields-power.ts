import { RANGE, TODAY_KWH_MAX, TOTAL_KWH_MAX, counter, gauge, group } from './field-types.js';

// Label tuples are [zh, en, cs, de]. Energy "today" counters reset at the plant's local midnight.

// Fields that pages also read one by one (the device list), without loading the whole catalogue.
export const PV_POWER_FIELD = gauge(
  'pvPowerW',
  'W',
  0,
  [0, 60_000],
  ['光伏总功率', 'PV power', 'Výkon FV', 'PV-Leistung'],
);
export const PV_ENERGY_TODAY_FIELD = counter('pvEnergyTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
  '今日发电量',
  'PV energy today',
  'Výroba FV dnes',
  'PV-Ertrag heute',
]);
export const GRID_POWER_FIELD = gauge('gridPowerW', 'W', 0, RANGE.signedPowerW, [
  '电网功率',
  'Grid power',
  'Výkon sítě',
  'Netzleistung',
]);
export const LOAD_POWER_FIELD = gauge('loadPowerW', 'W', 0, RANGE.powerW, [
  '负载功率',
  'Load power',
  'Výkon spotřeby',
  'Verbrauchsleistung',
]);

export const PV_FIELDS = group('pv', [
  gauge('pv1VoltageV', 'V', 1, [0, 1000], ['PV1电压', 'PV1 voltage', 'Napětí FV1', 'PV1-Spannung']),
  gauge('pv1CurrentA', 'A', 1, [0, 40], ['PV1电流', 'PV1 current', 'Proud FV1', 'PV1-Strom']),
  gauge('pv1PowerW', 'W', 0, [0, 30_000], ['PV1功率', 'PV1 power', 'Výkon FV1', 'PV1-Leistung']),
  gauge('pv2VoltageV', 'V', 1, [0, 1000], ['PV2电压', 'PV2 voltage', 'Napětí FV2', 'PV2-Spannung']),
  gauge('pv2CurrentA', 'A', 1, [0, 40], ['PV2电流', 'PV2 current', 'Proud FV2', 'PV2-Strom']),
  gauge('pv2PowerW', 'W', 0, [0, 30_000], ['PV2功率', 'PV2 power', 'Výkon FV2', 'PV2-Leistung']),
  PV_POWER_FIELD,
  PV_ENERGY_TODAY_FIELD,
  counter('pvEnergyTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '累计发电量',
    'PV energy total',
    'Výroba FV celkem',
    'PV-Ertrag gesamt',
  ]),
] as const);

export const GRID_FIELDS = group('grid', [
  gauge('gridVoltageAV', 'V', 1, RANGE.phaseVoltageV, [
    '电网A相电压',
    'Grid voltage L1',
    'Napětí sítě L1',
    'Netzspannung L1',
  ]),
  gauge('gridVoltageBV', 'V', 1, RANGE.phaseVoltageV, [
    '电网B相电压',
    'Grid voltage L2',
    'Napětí sítě L2',
    'Netzspannung L2',
  ]),
  gauge('gridVoltageCV', 'V', 1, RANGE.phaseVoltageV, [
    '电网C相电压',
    'Grid voltage L3',
    'Napětí sítě L3',
    'Netzspannung L3',
  ]),
  gauge('gridCurrentAA', 'A', 1, [-300, 300], ['电网A相电流', 'Grid current L1', 'Proud sítě L1', 'Netzstrom L1']),
  gauge('gridCurrentBA', 'A', 1, [-300, 300], ['电网B相电流', 'Grid current L2', 'Proud sítě L2', 'Netzstrom L2']),
  gauge('gridCurrentCA', 'A', 1, [-300, 300], ['电网C相电流', 'Grid current L3', 'Proud sítě L3', 'Netzstrom L3']),
  gauge('gridFrequencyHz', 'Hz', 2, RANGE.frequencyHz, [
    '电网频率',
    'Grid frequency',
    'Frekvence sítě',
    'Netzfrequenz',
  ]),
  GRID_POWER_FIELD,
  gauge('gridPowerFactor', '', 3, RANGE.powerFactor, [
    '电网功率因数',
    'Grid power factor',
    'Účiník sítě',
    'Leistungsfaktor Netz',
  ]),
  counter('gridImportTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日购电量',
    'Grid import today',
    'Odběr ze sítě dnes',
    'Netzbezug heute',
  ]),
  counter('gridImportTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '累计购电量',
    'Grid import total',
    'Odběr ze sítě celkem',
    'Netzbezug gesamt',
  ]),
  counter('gridExportTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日上网电量',
    'Grid export today',
    'Dodávka do sítě dnes',
    'Einspeisung heute',
  ]),
  counter('gridExportTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '累计上网电量',
    'Grid export total',
    'Dodávka do sítě celkem',
    'Einspeisung gesamt',
  ]),
] as const);

export const LOAD_FIELDS = group('load', [
  LOAD_POWER_FIELD,
  counter('loadEnergyTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日用电量',
    'Consumption today',
    'Spotřeba dnes',
    'Verbrauch heute',
  ]),
  counter('loadEnergyTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '累计用电量',
    'Consumption total',
    'Spotřeba celkem',
    'Verbrauch gesamt',
  ]),
  gauge('backupVoltageAV', 'V', 1, RANGE.phaseVoltageV, [
    '备电A相电压',
    'Backup voltage L1',
    'Napětí zálohy L1',
    'Notstromspannung L1',
  ]),
  gauge('backupPowerW', 'W', 0, RANGE.powerW, ['备电有功功率', 'Backup power', 'Výkon zálohy', 'Notstromleistung']),
  gauge('backupFrequencyHz', 'Hz', 2, RANGE.frequencyHz, [
    '备电频率',
    'Backup frequency',
    'Frekvence zálohy',
    'Notstromfrequenz',
  ]),
] as const);
