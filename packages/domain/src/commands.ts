import type { MessageKey } from './i18n/catalogue.js';
import {
  AC_COUPLING_PV_SOURCES,
  BACKUP_SUPPLY_ORDERS,
  BATTERY_CHARGE_STATES,
  BATTERY_TYPES,
  ENABLE_OPTIONS,
  INVERTER_MODELS,
  ON_OFF,
  SOC_LOWER_LIMIT_MAX_PCT,
  SOC_LOWER_LIMIT_MIN_PCT,
  WORK_MODES,
} from './devices.js';
import type { LabelledOption } from './telemetry/labels.js';
import { TARIFF_PERIODS, TARIFF_PRICE_TOLERANCE_MILLI, isTariffPriceRegister } from './tariff-command.js';
import type { CommandStatus } from './command-lifecycle.js';

/** Remote commands (R2.17 command issue). */
export const REMOTE_COMMANDS = ['powerOn', 'powerOff', 'restart', 'clockSync'] as const;
export type RemoteCommand = (typeof REMOTE_COMMANDS)[number];

/** A parameter whose value is one number, checked against an enumeration or a range. */
export type ScalarParameterDef =
  | { key: string; kind: 'enum'; options: readonly LabelledOption[] }
  | { key: string; kind: 'range'; min: number; max: number | 'rated'; unit: string };

/**
 * R3.7 parameter settings with their accepted values (the grid-connection limit tops out at the model's rating); each
 * is labelled by its kind's catalogue key, commandKindName(key).
 */
export const SCALAR_PARAMETERS = [
  {
    key: 'workMode',
    kind: 'enum',
    options: WORK_MODES,
  },
  {
    key: 'batteryType',
    kind: 'enum',
    options: BATTERY_TYPES,
  },
  {
    key: 'antiBackflow',
    kind: 'enum',
    options: ENABLE_OPTIONS,
  },
  {
    key: 'acCouplingPvSource',
    kind: 'enum',
    options: AC_COUPLING_PV_SOURCES,
  },
  {
    key: 'backupSupplyOrder',
    kind: 'enum',
    options: BACKUP_SUPPLY_ORDERS,
  },
  { key: 'onOff', kind: 'enum', options: ON_OFF },
  {
    key: 'batteryChargeState',
    kind: 'enum',
    options: BATTERY_CHARGE_STATES,
  },
  {
    key: 'socLowerLimitPct',
    kind: 'range',
    min: SOC_LOWER_LIMIT_MIN_PCT,
    max: SOC_LOWER_LIMIT_MAX_PCT,
    unit: '%',
  },
  {
    key: 'gridConnectionLimitW',
    kind: 'range',
    min: 0,
    max: 'rated',
    unit: 'W',
  },
] as const satisfies readonly ScalarParameterDef[];
export type ScalarParameterKey = (typeof SCALAR_PARAMETERS)[number]['key'];
export const SCALAR_PARAMETER_KEYS = SCALAR_PARAMETERS.map((p) => p.key) as ScalarParameterKey[];

/** The weekly forced-charging setting: a mode, per-weekday enables and one charge and one discharge period. */
export const FORCED_CHARGING = 'forcedCharging' as const;

/**
 * A firmware upgrade travels as a command too (issued only by the upgrade route, never by the command form): its
 * parameters hold the catalogue image id, the image itself goes along as `FirmwareOrder`.
 */
export const FIRMWARE_UPGRADE = 'firmwareUpgrade' as const;

export const COMMAND_KINDS = [
  ...REMOTE_COMMANDS,
  ...SCALAR_PARAMETER_KEYS,
  FORCED_CHARGING,
  TARIFF_PERIODS,
  FIRMWARE_UPGRADE,
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];
export const COMMAND_CATEGORIES = ['remote', 'parameter', 'firmware'] as const;
export type CommandCategory = (typeof COMMAND_CATEGORIES)[number];

/** The catalogue key of a command kind's label (`commandKind.<kind>` in the `commandLabels` namespace). */
export function commandKindName(kind: CommandKind): MessageKey {
  const key = `commandKind.${kind}` as const;
  return key;
}

export function isRemoteCommand(kind: string): kind is RemoteCommand {
  return (REMOTE_COMMANDS as readonly string[]).includes(kind);
}

export function commandCategory(kind: CommandKind): CommandCategory {
  if (kind === FIRMWARE_UPGRADE) return 'firmware';
  return isRemoteCommand(kind) ? 'remote' : 'parameter';
}

/** Kinds that need the user's password again (shutdown, upgrade); they are never retried automatically. */
export const PASSWORD_COMMANDS: readonly CommandKind[] = ['powerOff', FIRMWARE_UPGRADE];

export function scalarParameter(key: ScalarParameterKey): ScalarParameterDef {
  return SCALAR_PARAMETERS.find((p) => p.key === key)!;
}

/** Weekdays Monday … Sunday; bit i of a day mask is weekday i. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Flat numeric registers of the forced-charging setting, as devices receive and report them. */
export const FORCED_CHARGING_KEYS = [
  'forcedChargingMode',
  'forcedChargeDays',
  'forcedDischargeDays',
  'forcedChargeStartMin',
  'forcedChargeEndMin',
  'forcedDischargeStartMin',
  'forcedDischargeEndMin',
] as const;

/** Default expiry of a command: after it a command that has not reached the device is never delivered. */
export const DEFAULT_COMMAND_EXPIRY_MINUTES = 10;

/** The largest grid-connection limit any model accepts (a selection is checked per device afterwards). */
export const MAX_RATED_POWER_W = Math.max(...INVERTER_MODELS.map((m) => m.ratedPowerW));

/** Clock read-back may differ by the time the command spent on the way. */
export const CLOCK_TOLERANCE_S = 30;

/**
 * Whether a device's read-back confirms a write: every written register reported with the requested value; the
 * clock and tariff prices within a tolerance; a restart by an uptime shorter than the time since the command left.
 */
export function readBackConfirms(
  requested: Record<string, number>,
  readBack: Record<string, number> | undefined,
  secondsSinceSent: number,
): boolean {
  if (!readBack) return false;
  return Object.entries(requested).every(([key, value]) => {
    if (key === 'restart') return readBack.uptimeS !== undefined && readBack.uptimeS <= secondsSinceSent + 5;
    const got = readBack[key];
    if (got === undefined) return false;
    if (key === 'clockS') return Math.abs(got - value) <= CLOCK_TOLERANCE_S;
    if (isTariffPriceRegister(key)) return Math.abs(got - value) <= TARIFF_PRICE_TOLERANCE_MILLI;
    return got === value;
  });
}

/** Live status of a command, pushed to tabs of users who may see its device. */
export interface CommandStatusMessage {
  type: 'commandStatus';
  commandId: number;
  deviceId: number;
  status: CommandStatus;
  reason: string | null;
  /** When the command ended (the stored `finished_at`), null while it is open: the live table shows the record's time. */
  finishedAt: string | null;
}
