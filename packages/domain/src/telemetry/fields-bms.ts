import { BATTERY_CHARGE_STATES } from '../devices.js';
import { RANGE, TODAY_KWH_MAX, TOTAL_KWH_MAX, WORD16_MAX, code, counter, gauge, group, state } from './field-types.js';
import { option } from './labels.js';

/** BMS run status as the battery management system reports it. */
export const BMS_RUN_STATUSES = [
  option(0, 'noCommunication', ['通信中断', 'No communication', 'Bez komunikace', 'Keine Kommunikation']),
  option(1, 'normal', ['正常', 'Normal', 'Normální', 'Normal']),
  option(2, 'warning', ['告警', 'Warning', 'Varování', 'Warnung']),
  option(3, 'fault', ['故障', 'Fault', 'Porucha', 'Störung']),
  option(4, 'sleep', ['休眠', 'Sleep', 'Spánek', 'Ruhezustand']),
] as const;

/** A yes/no flag (forced charge / discharge active). */
export const FLAG_OPTIONS = [
  option(0, 'no', ['否', 'No', 'Ne', 'Nein']),
  option(1, 'yes', ['是', 'Yes', 'Ano', 'Ja']),
] as const;

// Fields that pages also read one by one (the device list), without loading the whole catalogue.
export const BAT_POWER_FIELD = gauge(
  'batPowerW',
  'W',
  0,
  [-100_000, 100_000],
  ['电池功率', 'Battery power', 'Výkon baterie', 'Batterieleistung'],
);
export const BAT_SOC_FIELD = gauge(
  'batSocPct',
  '%',
  0,
  [0, 100],
  ['电池SOC', 'Battery SoC', 'Nabití baterie (SoC)', 'Ladestand (SoC)'],
);

// Sign convention: battery current and power are positive while discharging.
export const BMS_FIELDS = group('bms', [
  state('bmsRunStatus', BMS_RUN_STATUSES, [
    'BMS运行状态',
    'BMS run status',
    'Provozní stav BMS',
    'BMS-Betriebszustand',
  ]),
  state('batCdState', BATTERY_CHARGE_STATES, ['充放电状态', 'Charge state', 'Stav nabíjení', 'Ladezustand Batterie']),
  state('batFCFlag', FLAG_OPTIONS, ['强制充电标志', 'Forced charging', 'Vynucené nabíjení', 'Zwangsladung']),
  state('batFDFlag', FLAG_OPTIONS, ['强制放电标志', 'Forced discharging', 'Vynucené vybíjení', 'Zwangsentladung']),
  gauge('batVoltageV', 'V', 1, [0, 1000], ['电池电压', 'Battery voltage', 'Napětí baterie', 'Batteriespannung']),
  gauge('batCurrentA', 'A', 1, [-400, 400], ['电池电流', 'Battery current', 'Proud baterie', 'Batteriestrom']),
  BAT_POWER_FIELD,
  BAT_SOC_FIELD,
  gauge('batSohPct', '%', 0, [0, 100], ['电池SOH', 'Battery SoH', 'Zdraví baterie (SoH)', 'Gesundheit (SoH)']),
  counter('batChargeTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日充电量',
    'Charged today',
    'Nabito dnes',
    'Geladen heute',
  ]),
  counter('batChargeTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '累计充电量',
    'Charged total',
    'Nabito celkem',
    'Geladen gesamt',
  ]),
  counter('batDischargeTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日放电量',
    'Discharged today',
    'Vybito dnes',
    'Entladen heute',
  ]),
  counter('batDischargeTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '累计放电量',
    'Discharged total',
    'Vybito celkem',
    'Entladen gesamt',
  ]),
  counter('batCycleCount', '', 0, 100_000, ['循环次数', 'Cycle count', 'Počet cyklů', 'Zyklenzahl']),
  gauge('batTempC', '°C', 1, RANGE.tempC, ['电池温度', 'Battery temperature', 'Teplota baterie', 'Batterietemperatur']),
  gauge(
    'batCellVoltageMaxV',
    'V',
    3,
    [0, 5],
    ['最高单体电压', 'Max cell voltage', 'Max. napětí článku', 'Max. Zellspannung'],
  ),
  code('batCellVoltageMaxNo', 1000, [
    '最高单体电压编号',
    'Max cell voltage no.',
    'Článek s max. napětím',
    'Zelle max. Spannung',
  ]),
  gauge(
    'batCellVoltageMinV',
    'V',
    3,
    [0, 5],
    ['最低单体电压', 'Min cell voltage', 'Min. napětí článku', 'Min. Zellspannung'],
  ),
  code('batCellVoltageMinNo', 1000, [
    '最低单体电压编号',
    'Min cell voltage no.',
    'Článek s min. napětím',
    'Zelle min. Spannung',
  ]),
  gauge('batCellTempMaxC', '°C', 1, RANGE.tempC, [
    '最高单体温度',
    'Max cell temperature',
    'Max. teplota článku',
    'Max. Zelltemperatur',
  ]),
  code('batCellTempMaxNo', 1000, [
    '最高单体温度编号',
    'Max cell temperature no.',
    'Článek s max. teplotou',
    'Zelle max. Temperatur',
  ]),
  gauge('batCellTempMinC', '°C', 1, RANGE.tempC, [
    '最低单体温度',
    'Min cell temperature',
    'Min. teplota článku',
    'Min. Zelltemperatur',
  ]),
  code('batCellTempMinNo', 1000, [
    '最低单体温度编号',
    'Min cell temperature no.',
    'Článek s min. teplotou',
    'Zelle min. Temperatur',
  ]),
  gauge(
    'batChargeLimitA',
    'A',
    1,
    [0, 500],
    ['最大充电电流', 'Charge current limit', 'Limit nabíjecího proudu', 'Ladestromgrenze'],
  ),
  gauge(
    'batDischargeLimitA',
    'A',
    1,
    [0, 500],
    ['最大放电电流', 'Discharge current limit', 'Limit vybíjecího proudu', 'Entladestromgrenze'],
  ),
  gauge(
    'batChargeCutoffV',
    'V',
    1,
    [0, 1000],
    ['充电截止电压', 'Charge cut-off voltage', 'Konečné nabíjecí napětí', 'Ladeschlussspannung'],
  ),
  gauge(
    'batDischargeCutoffV',
    'V',
    1,
    [0, 1000],
    ['放电截止电压', 'Discharge cut-off voltage', 'Konečné vybíjecí napětí', 'Entladeschlussspannung'],
  ),
  gauge('batInsulationPosKohm', 'kΩ', 0, RANGE.insulationKohm, [
    '正极绝缘电阻',
    'Insulation (+)',
    'Izolační odpor (+)',
    'Isolation (+)',
  ]),
  gauge('batInsulationNegKohm', 'kΩ', 0, RANGE.insulationKohm, [
    '负极绝缘电阻',
    'Insulation (−)',
    'Izolační odpor (−)',
    'Isolation (−)',
  ]),
  code('batWarningWord', WORD16_MAX, [
    '电池告警字',
    'Battery warning word',
    'Varovné slovo baterie',
    'Batterie-Warnwort',
  ]),
  code('batFaultWord', WORD16_MAX, [
    '电池故障字',
    'Battery fault word',
    'Poruchové slovo baterie',
    'Batterie-Fehlerwort',
  ]),
] as const);
