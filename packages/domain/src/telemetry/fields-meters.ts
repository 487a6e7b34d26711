import { MONTH_KWH_MAX, RANGE, TODAY_KWH_MAX, TOTAL_KWH_MAX, counter, gauge, group } from './field-types.js';

// tmeter: the meter in the outdoor cabinet (site connection point). Power is positive for import.
export const TMETER_FIELDS = group('tmeter', [
  gauge('tmeterPowerW', 'W', 0, RANGE.signedPowerW),
  gauge('tmeterPowerAW', 'W', 0, RANGE.signedPowerW),
  gauge('tmeterPowerBW', 'W', 0, RANGE.signedPowerW),
  gauge('tmeterPowerCW', 'W', 0, RANGE.signedPowerW),
  gauge('tmeterVoltageAV', 'V', 1, RANGE.phaseVoltageV),
  gauge('tmeterVoltageBV', 'V', 1, RANGE.phaseVoltageV),
  gauge('tmeterVoltageCV', 'V', 1, RANGE.phaseVoltageV),
  gauge('tmeterCurrentAA', 'A', 1, [-300, 300]),
  gauge('tmeterCurrentBA', 'A', 1, [-300, 300]),
  gauge('tmeterCurrentCA', 'A', 1, [-300, 300]),
  gauge('tmeterPowerFactor', '', 3, RANGE.powerFactor),
] as const);

// gmeter: the storage gate meter between the storage system and the site; energy per tariff period today.
export const GMETER_FIELDS = group('gmeter', [
  counter('gmeterChargeSharpTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterChargePeakTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterChargeFlatTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterChargeValleyTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterDischargeSharpTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterDischargePeakTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterDischargeFlatTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterDischargeValleyTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterChargeTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterDischargeTodayKwh', 'kWh', 2, TODAY_KWH_MAX),
  counter('gmeterChargeMonthKwh', 'kWh', 1, MONTH_KWH_MAX),
  counter('gmeterDischargeMonthKwh', 'kWh', 1, MONTH_KWH_MAX),
  counter('gmeterChargeTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
  counter('gmeterDischargeTotalKwh', 'kWh', 1, TOTAL_KWH_MAX),
  gauge('gmeterEarningsToday', 'currency', 2, [-1_000_000, 1_000_000]),
  gauge('gmeterEarningsTotal', 'currency', 2, [-1_000_000_000, 1_000_000_000]),
] as const);
