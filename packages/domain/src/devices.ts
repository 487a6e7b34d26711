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

// R3.7 enumerations, with the numeric codes the inverters use.
export const BATTERY_TYPES = [
  option(1, 'lithium', ['锂电池', 'Lithium', 'Lithiová', 'Lithium']),
  option(2, 'leadAcid', ['铅酸电池', 'Lead-acid', 'Olověná', 'Blei-Säure']),
] as const;
export type BatteryType = OptionValue<typeof BATTERY_TYPES>;

/** Work modes; 5 is not used (community tools disagree on it, R3.7 (b) names 6 AC coupling). */
export const WORK_MODES = [
  option(0, 'default', ['默认', 'Default', 'Výchozí', 'Standard']),
  option(1, 'general', ['通用模式', 'General', 'Obecný režim', 'Allgemein']),
  option(2, 'energyStorage', ['储能模式', 'Energy storage', 'Režim akumulace', 'Energiespeicherung']),
  option(3, 'microGrid', ['微网模式', 'Micro-grid', 'Mikrosíť', 'Microgrid']),
  option(4, 'peakValley', ['峰谷模式', 'Peak-valley', 'Špička a údolí', 'Spitze-Tal']),
  option(6, 'acCoupling', ['交流耦合', 'AC coupling', 'AC vazba', 'AC-Kopplung']),
] as const;
export type WorkMode = OptionValue<typeof WORK_MODES>;

export const ENABLE_OPTIONS = [
  option(0, 'default', ['默认', 'Default', 'Výchozí', 'Standard']),
  option(1, 'enable', ['使能', 'Enable', 'Povolit', 'Aktivieren']),
  option(2, 'disable', ['禁止', 'Disable', 'Zakázat', 'Deaktivieren']),
] as const;
export type EnableOption = OptionValue<typeof ENABLE_OPTIONS>;

export const AC_COUPLING_PV_SOURCES = [
  option(0, 'pv1AndPv2', ['PV1+PV2', 'PV1 + PV2', 'FV1 + FV2', 'PV1 + PV2']),
  option(1, 'none', ['无光伏', 'No PV', 'Bez FV', 'Kein PV']),
  option(2, 'pv1', ['仅PV1', 'PV1 only', 'Pouze FV1', 'Nur PV1']),
  option(3, 'pv2', ['仅PV2', 'PV2 only', 'Pouze FV2', 'Nur PV2']),
] as const;
export type AcCouplingPvSource = OptionValue<typeof AC_COUPLING_PV_SOURCES>;

export const BACKUP_SUPPLY_ORDERS = [
  option(0, 'pvBatteryGrid', ['光伏>电池>电网', 'PV > Battery > Grid', 'FV > Baterie > Síť', 'PV > Batterie > Netz']),
  option(1, 'pvGridBattery', ['光伏>电网>电池', 'PV > Grid > Battery', 'FV > Síť > Baterie', 'PV > Netz > Batterie']),
] as const;
export type BackupSupplyOrder = OptionValue<typeof BACKUP_SUPPLY_ORDERS>;

export const ON_OFF = [
  option(0, 'off', ['关机', 'Off', 'Vypnuto', 'Aus']),
  option(1, 'on', ['开机', 'On', 'Zapnuto', 'Ein']),
] as const;
export type OnOff = OptionValue<typeof ON_OFF>;

export const WEEKLY_FORCED_CHARGING = [
  option(0, 'off', ['关闭', 'Off', 'Vypnuto', 'Aus']),
  option(1, 'once', ['单次', 'Once', 'Jednou', 'Einmalig']),
  option(2, 'weekly', ['每周', 'Weekly', 'Každý týden', 'Wöchentlich']),
] as const;
export type WeeklyForcedCharging = OptionValue<typeof WEEKLY_FORCED_CHARGING>;

export const BATTERY_CHARGE_STATES = [
  option(0, 'charge', ['充电', 'Charging', 'Nabíjení', 'Laden']),
  option(1, 'discharge', ['放电', 'Discharging', 'Vybíjení', 'Entladen']),
  option(2, 'standby', ['待机', 'Standby', 'Pohotovost', 'Bereitschaft']),
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
