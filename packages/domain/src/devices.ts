import { option, type LabelledOption, type OptionValue } from './telemetry/labels.js';

/** What a device record describes: an inverter, the battery system behind it, or the collector (DTU) it talks through. */
export const DEVICE_KINDS = ['inverter', 'battery', 'collector'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** R9.10 inverter sizes; `osimModelCode` is the model code an OSIM inverter reports in query 0x98. */
export const INVERTER_MODELS = [
  { model: '5K', ratedPowerW: 5000, osimModelCode: 2 },
  { model: '6K', ratedPowerW: 6000, osimModelCode: 3 },
  { model: '10K', ratedPowerW: 10000, osimModelCode: 1 },
] as const;
export type InverterModel = (typeof INVERTER_MODELS)[number]['model'];
export const INVERTER_MODEL_NAMES = INVERTER_MODELS.map((m) => m.model) as InverterModel[];

/** Rated AC power of an inverter model in W. */
export function ratedPowerW(model: InverterModel): number {
  return INVERTER_MODELS.find((m) => m.model === model)?.ratedPowerW ?? 0;
}

/** The model behind an OSIM model code (1 = 10 kW, 2 = 5 kW, 3 = 6 kW), or undefined for sizes we do not sell. */
export function modelFromOsimCode(code: number): InverterModel | undefined {
  return INVERTER_MODELS.find((m) => m.osimModelCode === code)?.model;
}

/** R4.1: imported or put in storage (awaiting activation), then activated. */
export const ACTIVATION_STATUSES = ['awaiting', 'activated'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/** Running status from last-seen and alarms. */
export const RUNNING_STATUSES = ['online', 'offline', 'alarm'] as const;
export type RunningStatus = (typeof RUNNING_STATUSES)[number];

/**
 * The grid code and the battery and meter protocols are the codes an inverter holds in its settings block (OSIM 69
 * writes them, 95 reads them back: `elecCode`, `batteryProtocol`, `meterProtocol`, two bytes each). The vendor
 * reference names none of their values, so the platform keeps the code itself (decision 0034-device-fields).
 */
export const DEVICE_CODE_MAX = 65_535;

/** Longest device template name. */
export const DEVICE_TEMPLATE_MAX = 64;

/** The device fields an installer gives (deviceFieldsSchema), in the order the form and the import sheet show them. */
export const DEVICE_FIELD_KEYS = ['gridCode', 'batteryProtocol', 'meterProtocol', 'template'] as const;

// R3.7 enumerations, with the numeric codes the inverters use.
export const BATTERY_TYPES = [
  option(1, 'lithium', 'option.batteryTypes.1'),
  option(2, 'leadAcid', 'option.batteryTypes.2'),
] as const;
export type BatteryType = OptionValue<typeof BATTERY_TYPES>;

/** Work modes; 5 is not used (community tools disagree on it, R3.7 (b) names 6 AC coupling). */
export const WORK_MODES = [
  option(0, 'default', 'option.workModes.0'),
  option(1, 'general', 'option.workModes.1'),
  option(2, 'energyStorage', 'option.workModes.2'),
  option(3, 'microGrid', 'option.workModes.3'),
  option(4, 'peakValley', 'option.workModes.4'),
  option(6, 'acCoupling', 'option.workModes.6'),
] as const;
export type WorkMode = OptionValue<typeof WORK_MODES>;

export const ENABLE_OPTIONS = [
  option(0, 'default', 'option.enableOptions.0'),
  option(1, 'enable', 'option.enableOptions.1'),
  option(2, 'disable', 'option.enableOptions.2'),
] as const;
export type EnableOption = OptionValue<typeof ENABLE_OPTIONS>;

export const AC_COUPLING_PV_SOURCES = [
  option(0, 'pv1AndPv2', 'option.acCouplingPvSources.0'),
  option(1, 'none', 'option.acCouplingPvSources.1'),
  option(2, 'pv1', 'option.acCouplingPvSources.2'),
  option(3, 'pv2', 'option.acCouplingPvSources.3'),
] as const;
export type AcCouplingPvSource = OptionValue<typeof AC_COUPLING_PV_SOURCES>;

export const BACKUP_SUPPLY_ORDERS = [
  option(0, 'pvBatteryGrid', 'option.backupSupplyOrders.0'),
  option(1, 'pvGridBattery', 'option.backupSupplyOrders.1'),
] as const;
export type BackupSupplyOrder = OptionValue<typeof BACKUP_SUPPLY_ORDERS>;

export const ON_OFF = [option(0, 'off', 'option.onOff.0'), option(1, 'on', 'option.onOff.1')] as const;
export type OnOff = OptionValue<typeof ON_OFF>;

export const WEEKLY_FORCED_CHARGING = [
  option(0, 'off', 'option.weeklyForcedCharging.0'),
  option(1, 'once', 'option.weeklyForcedCharging.1'),
  option(2, 'weekly', 'option.weeklyForcedCharging.2'),
] as const;
export type WeeklyForcedCharging = OptionValue<typeof WEEKLY_FORCED_CHARGING>;

export const BATTERY_CHARGE_STATES = [
  option(0, 'charge', 'option.batteryChargeStates.0'),
  option(1, 'discharge', 'option.batteryChargeStates.1'),
  option(2, 'standby', 'option.batteryChargeStates.2'),
] as const;
export type BatteryChargeState = OptionValue<typeof BATTERY_CHARGE_STATES>;

/** Every labelled device enumeration, by name, for pickers and label look-ups. */
export const DEVICE_ENUMS = {
  batteryType: BATTERY_TYPES,
  workMode: WORK_MODES,
  enableOption: ENABLE_OPTIONS,
  acCouplingPvSource: AC_COUPLING_PV_SOURCES,
  backupSupplyOrder: BACKUP_SUPPLY_ORDERS,
  onOff: ON_OFF,
  weeklyForcedCharging: WEEKLY_FORCED_CHARGING,
  batteryChargeState: BATTERY_CHARGE_STATES,
} as const satisfies Record<string, readonly LabelledOption[]>;

/** SOC lower limit range the inverters accept (OSIM validates 10–100). */
export const SOC_LOWER_LIMIT_MIN_PCT = 10;
export const SOC_LOWER_LIMIT_MAX_PCT = 100;
