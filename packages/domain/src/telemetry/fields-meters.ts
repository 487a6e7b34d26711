import { MONTH_KWH_MAX, RANGE, TODAY_KWH_MAX, TOTAL_KWH_MAX, counter, gauge, group } from './field-types.js';

// tmeter: the meter in the outdoor cabinet (site connection point). Power is positive for import.
export const TMETER_FIELDS = group('tmeter', [
  gauge('tmeterPowerW', 'W', 0, RANGE.signedPowerW, [
    '柜外电表总功率',
    'Cabinet meter power',
    'Výkon elektroměru',
    'Zählerleistung',
  ]),
  gauge('tmeterPowerAW', 'W', 0, RANGE.signedPowerW, [
    '柜外电表A相功率',
    'Cabinet meter power L1',
    'Výkon elektroměru L1',
    'Zählerleistung L1',
  ]),
  gauge('tmeterPowerBW', 'W', 0, RANGE.signedPowerW, [
    '柜外电表B相功率',
    'Cabinet meter power L2',
    'Výkon elektroměru L2',
    'Zählerleistung L2',
  ]),
  gauge('tmeterPowerCW', 'W', 0, RANGE.signedPowerW, [
    '柜外电表C相功率',
    'Cabinet meter power L3',
    'Výkon elektroměru L3',
    'Zählerleistung L3',
  ]),
  gauge('tmeterVoltageAV', 'V', 1, RANGE.phaseVoltageV, [
    '柜外电表A相电压',
    'Cabinet meter voltage L1',
    'Napětí elektroměru L1',
    'Zählerspannung L1',
  ]),
  gauge('tmeterVoltageBV', 'V', 1, RANGE.phaseVoltageV, [
    '柜外电表B相电压',
    'Cabinet meter voltage L2',
    'Napětí elektroměru L2',
    'Zählerspannung L2',
  ]),
  gauge('tmeterVoltageCV', 'V', 1, RANGE.phaseVoltageV, [
    '柜外电表C相电压',
    'Cabinet meter voltage L3',
    'Napětí elektroměru L3',
    'Zählerspannung L3',
  ]),
  gauge(
    'tmeterCurrentAA',
    'A',
    1,
    [-300, 300],
    ['柜外电表A相电流', 'Cabinet meter current L1', 'Proud elektroměru L1', 'Zählerstrom L1'],
  ),
  gauge(
    'tmeterCurrentBA',
    'A',
    1,
    [-300, 300],
    ['柜外电表B相电流', 'Cabinet meter current L2', 'Proud elektroměru L2', 'Zählerstrom L2'],
  ),
  gauge(
    'tmeterCurrentCA',
    'A',
    1,
    [-300, 300],
    ['柜外电表C相电流', 'Cabinet meter current L3', 'Proud elektroměru L3', 'Zählerstrom L3'],
  ),
  gauge('tmeterPowerFactor', '', 3, RANGE.powerFactor, [
    '柜外电表功率因数',
    'Cabinet meter power factor',
    'Účiník elektroměru',
    'Zähler-Leistungsfaktor',
  ]),
] as const);

// gmeter: the storage gate meter between the storage system and the site; energy per tariff period today.
export const GMETER_FIELDS = group('gmeter', [
  counter('gmeterChargeSharpTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日尖时充电量',
    'Charged today, sharp',
    'Nabito dnes, špička max.',
    'Geladen heute, Höchstlast',
  ]),
  counter('gmeterChargePeakTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日峰时充电量',
    'Charged today, peak',
    'Nabito dnes, špička',
    'Geladen heute, Spitze',
  ]),
  counter('gmeterChargeFlatTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日平时充电量',
    'Charged today, flat',
    'Nabito dnes, standard',
    'Geladen heute, Normal',
  ]),
  counter('gmeterChargeValleyTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日谷时充电量',
    'Charged today, valley',
    'Nabito dnes, údolí',
    'Geladen heute, Tal',
  ]),
  counter('gmeterDischargeSharpTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日尖时放电量',
    'Discharged today, sharp',
    'Vybito dnes, špička max.',
    'Entladen heute, Höchstlast',
  ]),
  counter('gmeterDischargePeakTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日峰时放电量',
    'Discharged today, peak',
    'Vybito dnes, špička',
    'Entladen heute, Spitze',
  ]),
  counter('gmeterDischargeFlatTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日平时放电量',
    'Discharged today, flat',
    'Vybito dnes, standard',
    'Entladen heute, Normal',
  ]),
  counter('gmeterDischargeValleyTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '今日谷时放电量',
    'Discharged today, valley',
    'Vybito dnes, údolí',
    'Entladen heute, Tal',
  ]),
  counter('gmeterChargeTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '关口表今日充电量',
    'Gate meter charged today',
    'Nabito dnes (brána)',
    'Torzähler geladen heute',
  ]),
  counter('gmeterDischargeTodayKwh', 'kWh', 2, TODAY_KWH_MAX, [
    '关口表今日放电量',
    'Gate meter discharged today',
    'Vybito dnes (brána)',
    'Torzähler entladen heute',
  ]),
  counter('gmeterChargeMonthKwh', 'kWh', 1, MONTH_KWH_MAX, [
    '关口表本月充电量',
    'Gate meter charged this month',
    'Nabito tento měsíc (brána)',
    'Torzähler geladen Monat',
  ]),
  counter('gmeterDischargeMonthKwh', 'kWh', 1, MONTH_KWH_MAX, [
    '关口表本月放电量',
    'Gate meter discharged this month',
    'Vybito tento měsíc (brána)',
    'Torzähler entladen Monat',
  ]),
  counter('gmeterChargeTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '关口表累计充电量',
    'Gate meter charged total',
    'Nabito celkem (brána)',
    'Torzähler geladen gesamt',
  ]),
  counter('gmeterDischargeTotalKwh', 'kWh', 1, TOTAL_KWH_MAX, [
    '关口表累计放电量',
    'Gate meter discharged total',
    'Vybito celkem (brána)',
    'Torzähler entladen gesamt',
  ]),
  gauge(
    'gmeterEarningsToday',
    'currency',
    2,
    [-1_000_000, 1_000_000],
    ['今日收益', 'Earnings today', 'Výnos dnes', 'Ertrag heute'],
  ),
  gauge(
    'gmeterEarningsTotal',
    'currency',
    2,
    [-1_000_000_000, 1_000_000_000],
    ['累计收益', 'Earnings total', 'Výnos celkem', 'Ertrag gesamt'],
  ),
] as const);
