import { ON_OFF, WORK_MODES } from '../devices.js';
import { RANGE, TODAY_KWH_MAX, TOTAL_KWH_MAX, WORD32_MAX, code, counter, gauge, group, state } from './field-types.js';
import { option } from './labels.js';

/** Inverter (PCS) states of R4.5, plus running on grid, fault and shut down. */
export const PCS_STATES = [
  option(0, 'standby', ['待机', 'Standby', 'Pohotovost', 'Bereitschaft']),
  option(1, 'onGrid', ['并网运行', 'On-grid', 'Provoz se sítí', 'Netzbetrieb']),
  option(2, 'offGrid', ['离网运行', 'Off-grid', 'Ostrovní provoz', 'Inselbetrieb']),
  option(3, 'islandingProtection', ['孤岛保护', 'Islanding protection', 'Ochrana proti ostrovu', 'Inselschutz']),
  option(4, 'lowVoltageRideThrough', [
    '低电压穿越',
    'Low-voltage ride-through',
    'Průchod podpětím',
    'Unterspannungsdurchfahren',
  ]),
  option(5, 'seamlessSwitching', ['无缝切换', 'Seamless switching', 'Plynulé přepnutí', 'Nahtlose Umschaltung']),
  option(6, 'offGridToGrid', ['离网切并网', 'Off-grid to grid', 'Z ostrova do sítě', 'Insel zu Netz']),
  option(7, 'fault', ['故障', 'Fault', 'Porucha', 'Störung']),
  option(8, 'shutdown', ['关机', 'Shut down', 'Vypnuto', 'Ausgeschaltet']),
] as const;

// faultWord / warningWord are bit masks; the alarm catalogue maps each set bit to an alarm.
export const PCS_FIELDS = group('pcs', [
  state('pcsState', PCS_STATES, ['逆变器状态', 'Inverter state', 'Stav měniče', 'Wechselrichterzustand']),
  state('pcsOnOff', ON_OFF, ['开关机状态', 'On/off', 'Zapnuto/vypnuto', 'Ein/Aus']),
  state('pcsWorkMode', WORK_MODES, ['工作模式', 'Work mode', 'Pracovní režim', 'Betriebsmodus']),
  code('faultWord', WORD32_MAX, ['故障字', 'Fault word', 'Poruchové slovo', 'Fehlerwort']),
  code('warningWord', WORD32_MAX, ['告警字', 'Warning word', 'Varovné slovo', 'Warnwort']),
  gauge('pcsTempC', '°C', 1, RANGE.tempC, ['机内温度', 'Internal temperature', 'Vnitřní teplota', 'Innentemperatur']),
  gauge('pcsModuleTempAC', '°C', 1, RANGE.tempC, [
    'A相模块温度',
    'Module temperature L1',
    'Teplota modulu L1',
    'Modultemperatur L1',
  ]),
  gauge('pcsModuleTempBC', '°C', 1, RANGE.tempC, [
    'B相模块温度',
    'Module temperature L2',
    'Teplota modulu L2',
    'Modultemperatur L2',
  ]),
  gauge('pcsModuleTempCC', '°C', 1, RANGE.tempC, [
    'C相模块温度',
    'Module temperature L3',
    'Teplota modulu L3',
    'Modultemperatur L3',
  ]),
  gauge('pcsPowerW', 'W', 0, RANGE.signedPowerW, [
    '逆变器有功功率',
    'Inverter power',
    'Výkon měniče',
    'Wechselrichterleistung',
  ]),
  gauge(
    'pcsBusVoltageV',
    'V',
    1,
    [0, 1500],
    ['直流母线电压', 'DC bus voltage', 'Napětí DC sběrnice', 'Zwischenkreisspannung'],
  ),
  gauge('pcsEfficiencyPct', '%', 1, [0, 100], ['转换效率', 'Efficiency', 'Účinnost měniče', 'Wirkungsgrad']),
  counter('pcsEnergyTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日逆变输出',
    'Inverter output today',
    'Výstup měniče dnes',
    'WR-Ausgang heute',
  ]),
  counter('pcsEnergyTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '累计逆变输出',
    'Inverter output total',
    'Výstup měniče celkem',
    'WR-Ausgang gesamt',
  ]),
  gauge('pcsInsulationPosKohm', 'kΩ', 0, RANGE.insulationKohm, [
    '正母线绝缘阻抗',
    'Bus insulation (+)',
    'Izolace sběrnice (+)',
    'Bus-Isolation (+)',
  ]),
  gauge('pcsInsulationNegKohm', 'kΩ', 0, RANGE.insulationKohm, [
    '负母线绝缘阻抗',
    'Bus insulation (−)',
    'Izolace sběrnice (−)',
    'Bus-Isolation (−)',
  ]),
] as const);
