import {
  AC_COUPLING_PV_SOURCES,
  BACKUP_SUPPLY_ORDERS,
  BATTERY_CHARGE_STATES,
  BATTERY_TYPES,
  ENABLE_OPTIONS,
  ON_OFF,
  SOC_LOWER_LIMIT_MAX_PCT,
  SOC_LOWER_LIMIT_MIN_PCT,
  WEEKLY_FORCED_CHARGING,
  WORK_MODES,
  optionValues,
  type AcCouplingPvSource,
  type BackupSupplyOrder,
  type BatteryChargeState,
  type BatteryType,
  type EnableOption,
  type LabelledOption,
  type OnOff,
  type WeeklyForcedCharging,
  type WorkMode,
} from '@voltfleet/domain';

/** The settings an inverter keeps and reports back (what command issue and online debug write). */
export interface InverterParameters {
  workMode: WorkMode;
  onOff: OnOff;
  socLowerLimitPct: number;
  gridConnectionLimitW: number;
  batteryType: BatteryType;
  antiBackflow: EnableOption;
  acCouplingPvSource: AcCouplingPvSource;
  backupSupplyOrder: BackupSupplyOrder;
  weeklyForcedCharging: WeeklyForcedCharging;
  batteryChargeState: BatteryChargeState;
  /** Weekly forced charging as the registers hold it: mode, weekday masks (bit 0 = Monday), periods in minutes. */
  forcedChargingMode: WeeklyForcedCharging;
  forcedChargeDays: number;
  forcedDischargeDays: number;
  forcedChargeStartMin: number;
  forcedChargeEndMin: number;
  forcedDischargeStartMin: number;
  forcedDischargeEndMin: number;
}
export type ParameterKey = keyof InverterParameters;

export const DEFAULT_PARAMETERS: InverterParameters = {
  workMode: 1,
  onOff: 1,
  socLowerLimitPct: 20,
  gridConnectionLimitW: 0,
  batteryType: 1,
  antiBackflow: 2,
  acCouplingPvSource: 0,
  backupSupplyOrder: 0,
  weeklyForcedCharging: 0,
  batteryChargeState: 2,
  forcedChargingMode: 0,
  forcedChargeDays: 0,
  forcedDischargeDays: 0,
  forcedChargeStartMin: 0,
  forcedChargeEndMin: 0,
  forcedDischargeStartMin: 0,
  forcedDischargeEndMin: 0,
};

type Rule =
  | { kind: 'enum'; options: readonly LabelledOption[] }
  | { kind: 'range'; min: number; max: (ratedW: number) => number };

const WEEKDAY_MASK: Rule = { kind: 'range', min: 0, max: () => 127 };
const MINUTE_OF_DAY: Rule = { kind: 'range', min: 0, max: () => 1439 };

/** Each parameter's accepted values, from the SPEC §3 enumerations of the domain package. */
const RULES: Record<ParameterKey, Rule> = {
  workMode: { kind: 'enum', options: WORK_MODES },
  onOff: { kind: 'enum', options: ON_OFF },
  socLowerLimitPct: { kind: 'range', min: SOC_LOWER_LIMIT_MIN_PCT, max: () => SOC_LOWER_LIMIT_MAX_PCT },
  gridConnectionLimitW: { kind: 'range', min: 0, max: (ratedW) => ratedW },
  batteryType: { kind: 'enum', options: BATTERY_TYPES },
  antiBackflow: { kind: 'enum', options: ENABLE_OPTIONS },
  acCouplingPvSource: { kind: 'enum', options: AC_COUPLING_PV_SOURCES },
  backupSupplyOrder: { kind: 'enum', options: BACKUP_SUPPLY_ORDERS },
  weeklyForcedCharging: { kind: 'enum', options: WEEKLY_FORCED_CHARGING },
  batteryChargeState: { kind: 'enum', options: BATTERY_CHARGE_STATES },
  forcedChargingMode: { kind: 'enum', options: WEEKLY_FORCED_CHARGING },
  forcedChargeDays: WEEKDAY_MASK,
  forcedDischargeDays: WEEKDAY_MASK,
  forcedChargeStartMin: MINUTE_OF_DAY,
  forcedChargeEndMin: MINUTE_OF_DAY,
  forcedDischargeStartMin: MINUTE_OF_DAY,
  forcedDischargeEndMin: MINUTE_OF_DAY,
};

export const PARAMETER_KEYS = Object.keys(RULES) as ParameterKey[];

/** Why the inverter refused a write. */
export type ParameterRefusal = 'unknownParameter' | 'notAnInteger' | 'notAllowed' | 'outOfRange' | 'inverterMustBeOff';
export type ParameterResult = { ok: true; key: ParameterKey; value: number } | { ok: false; reason: ParameterRefusal };

export function isParameterKey(key: string): key is ParameterKey {
  return Object.prototype.hasOwnProperty.call(RULES, key);
}

/**
 * Checks a write as the inverter firmware would: integers only, enumerations by their codes, SOC lower limit
 * 10–100, grid-connection limit 0…rated; anti-backflow changes only while the inverter is off.
 */
export function checkParameter(key: string, value: unknown, context: { ratedW: number; on: boolean }): ParameterResult {
  if (!isParameterKey(key)) return { ok: false, reason: 'unknownParameter' };
  if (typeof value !== 'number' || !Number.isInteger(value)) return { ok: false, reason: 'notAnInteger' };
  const rule = RULES[key];
  if (rule.kind === 'enum' && !(optionValues(rule.options) as number[]).includes(value))
    return { ok: false, reason: 'notAllowed' };
  if (rule.kind === 'range' && (value < rule.min || value > rule.max(context.ratedW)))
    return { ok: false, reason: 'outOfRange' };
  if (key === 'antiBackflow' && context.on) return { ok: false, reason: 'inverterMustBeOff' };
  return { ok: true, key, value };
}
