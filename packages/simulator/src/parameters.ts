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
  type AcCouplingPvSource,
  type BackupSupplyOrder,
  type BatteryChargeState,
  type BatteryType,
  type EnableOption,
  type OnOff,
  type WeeklyForcedCharging,
  type WorkMode,
} from '@voltfleet/domain/devices';
import {
  TARIFF_MAX_PERIODS,
  TARIFF_PERIOD_COUNT_REGISTER,
  TARIFF_PRICE_MAX,
  TARIFF_PRICE_REGISTER_KEYS,
  TARIFF_SLOT_FIELDS,
  TARIFF_REGISTERS,
  tariffSlotRegister,
  type TariffPriceRegister,
  type TariffSlotField,
  type TariffSlotRegister,
} from '@voltfleet/domain/tariffs';
import { TARIFF_TYPES, type TariffType } from '@voltfleet/domain/plants';
import { optionValues, type LabelledOption } from '@voltfleet/domain/i18n';

/**
 * The tariff table pushed by the tariffPeriods command: one price per type in thousandths per kWh, the number of
 * periods in use and slots 0…9 of type (1–4), start and end minute (end included); slots past the count are ignored.
 */
export type TariffTableParameters = Record<TariffPriceRegister | TariffSlotRegister, number> & {
  tariffPeriodCount: number;
};

/** The settings an inverter keeps and reports back (what command issue and online debug write). */
export interface InverterParameters extends TariffTableParameters {
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

/** A value for each slot register. */
const slots = <T>(value: (field: TariffSlotField, slot: number) => T) =>
  Object.fromEntries(
    Array.from({ length: TARIFF_MAX_PERIODS }, (_, slot) =>
      TARIFF_SLOT_FIELDS.map((field) => [tariffSlotRegister(slot, field), value(field, slot)]),
    ).flat(),
  ) as Record<TariffSlotRegister, T>;

/** Out of the factory: one flat period over the whole day, every price 0 (unused slots flat 00:00–00:00). */
const DEFAULT_TARIFF: TariffTableParameters = {
  tariffPriceSharpMilli: 0,
  tariffPricePeakMilli: 0,
  tariffPriceFlatMilli: 0,
  tariffPriceValleyMilli: 0,
  tariffPeriodCount: 1,
  ...slots((field, slot) => (field === 'Type' ? 3 : field === 'EndMin' && slot === 0 ? 1439 : 0)),
};

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
  ...DEFAULT_TARIFF,
};

type Rule =
  | { kind: 'enum'; options: readonly LabelledOption[] }
  | { kind: 'range'; min: number; max: (ratedW: number) => number };

const WEEKDAY_MASK: Rule = { kind: 'range', min: 0, max: () => 127 };
const MINUTE_OF_DAY: Rule = { kind: 'range', min: 0, max: () => 1439 };
/** Prices up to the domain's highest tariff price per kWh, in thousandths. */
const PRICE_MILLI: Rule = { kind: 'range', min: 0, max: () => TARIFF_PRICE_MAX * 1000 };

const TARIFF_RULES = {
  ...(Object.fromEntries(TARIFF_PRICE_REGISTER_KEYS.map((key) => [key, PRICE_MILLI])) as Record<
    TariffPriceRegister,
    Rule
  >),
  [TARIFF_PERIOD_COUNT_REGISTER]: { kind: 'range', min: 1, max: () => TARIFF_MAX_PERIODS } satisfies Rule,
  ...slots<Rule>((field) => (field === 'Type' ? { kind: 'enum', options: TARIFF_TYPES } : MINUTE_OF_DAY)),
};

/** Each parameter's accepted values, from the R3.7 enumerations of the domain package. */
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
  ...TARIFF_RULES,
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

/** Whether a register belongs to the tariff table (a write of one means the platform pushed a tariff). */
export const isTariffRegister = (key: string) => TARIFF_REGISTERS.includes(key);

/** The tariff type the table gives a minute of the local day: the first used slot covering it, else undefined. */
export function tariffTypeAt(table: Readonly<TariffTableParameters>, minuteOfDay: number): TariffType | undefined {
  const minute = Math.floor(minuteOfDay);
  for (let slot = 0; slot < Math.min(table.tariffPeriodCount, TARIFF_MAX_PERIODS); slot++) {
    const start = table[tariffSlotRegister(slot, 'StartMin')];
    const end = table[tariffSlotRegister(slot, 'EndMin')];
    if (minute >= start && minute <= end) return table[tariffSlotRegister(slot, 'Type')] as TariffType;
  }
  return undefined;
}
