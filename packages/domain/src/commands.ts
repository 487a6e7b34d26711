import type { Names } from './telemetry/labels.js';
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
import type { MessageKey } from './messages.js';
import {
  TARIFF_PERIODS,
  TARIFF_PERIODS_NAMES,
  TARIFF_PRICE_TOLERANCE_MILLI,
  isTariffPriceRegister,
  tariffRegisters,
} from './tariff-command.js';
import type { CommandStatus } from './command-lifecycle.js';
import type { ForcedCharging, SettingInput } from './commands-schemas.js';

/** Remote commands (R2.17 command issue). */
export const REMOTE_COMMANDS = ['powerOn', 'powerOff', 'restart', 'clockSync'] as const;
export type RemoteCommand = (typeof REMOTE_COMMANDS)[number];

/** A parameter whose value is one number, checked against an enumeration or a range. */
export type ScalarParameterDef =
  | { key: string; kind: 'enum'; options: readonly LabelledOption[]; names: Names }
  | { key: string; kind: 'range'; min: number; max: number | 'rated'; unit: string; names: Names };

/** R3.7 parameter settings with their accepted values (the grid-connection limit tops out at the model's rating). */
export const SCALAR_PARAMETERS = [
  {
    key: 'workMode',
    kind: 'enum',
    options: WORK_MODES,
    names: n('工作模式', 'Work mode', 'Pracovní režim', 'Betriebsmodus'),
  },
  {
    key: 'batteryType',
    kind: 'enum',
    options: BATTERY_TYPES,
    names: n('电池类型', 'Battery type', 'Typ baterie', 'Batterietyp'),
  },
  {
    key: 'antiBackflow',
    kind: 'enum',
    options: ENABLE_OPTIONS,
    names: n('防逆流使能', 'Anti-backflow', 'Ochrana proti přetoku', 'Rückspeiseschutz'),
  },
  {
    key: 'acCouplingPvSource',
    kind: 'enum',
    options: AC_COUPLING_PV_SOURCES,
    names: n('交流耦合光伏来源', 'AC-coupling PV source', 'Zdroj FV pro AC vazbu', 'PV-Quelle AC-Kopplung'),
  },
  {
    key: 'backupSupplyOrder',
    kind: 'enum',
    options: BACKUP_SUPPLY_ORDERS,
    names: n(
      '备用负载供电顺序',
      'Backup load supply order',
      'Pořadí napájení záložní zátěže',
      'Versorgungsreihenfolge Notstromlast',
    ),
  },
  { key: 'onOff', kind: 'enum', options: ON_OFF, names: n('开关机', 'On/off', 'Zapnuto/vypnuto', 'Ein/Aus') },
  {
    key: 'batteryChargeState',
    kind: 'enum',
    options: BATTERY_CHARGE_STATES,
    names: n('电池充放电状态', 'Battery charge state', 'Stav nabíjení baterie', 'Ladezustand der Batterie'),
  },
  {
    key: 'socLowerLimitPct',
    kind: 'range',
    min: SOC_LOWER_LIMIT_MIN_PCT,
    max: SOC_LOWER_LIMIT_MAX_PCT,
    unit: '%',
    names: n('SOC下限', 'SOC lower limit', 'Spodní mez SOC', 'SOC-Untergrenze'),
  },
  {
    key: 'gridConnectionLimitW',
    kind: 'range',
    min: 0,
    max: 'rated',
    unit: 'W',
    names: n('并网限值', 'Grid-connection limit', 'Limit připojení k síti', 'Netzeinspeisegrenze'),
  },
] as const satisfies readonly ScalarParameterDef[];
export type ScalarParameterKey = (typeof SCALAR_PARAMETERS)[number]['key'];
export const SCALAR_PARAMETER_KEYS = SCALAR_PARAMETERS.map((p) => p.key) as ScalarParameterKey[];

/** The weekly forced-charging setting: a mode, per-weekday enables and one charge and one discharge period. */
export const FORCED_CHARGING = 'forcedCharging' as const;
export const FORCED_CHARGING_NAMES = n(
  '每周强充',
  'Weekly forced charging',
  'Týdenní nucené nabíjení',
  'Wöchentliche Zwangsladung',
);

/**
 * A firmware upgrade travels as a command too (issued only by the upgrade route, never by the command form): its
 * parameters hold the catalogue image id, the image itself goes along as `FirmwareOrder`.
 */
export const FIRMWARE_UPGRADE = 'firmwareUpgrade' as const;
export const FIRMWARE_UPGRADE_NAMES = n('固件升级', 'Firmware upgrade', 'Aktualizace firmwaru', 'Firmware-Update');

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

export const COMMAND_KIND_NAMES: Record<RemoteCommand, Names> = {
  powerOn: n('开机', 'Power on', 'Zapnout', 'Einschalten'),
  powerOff: n('关机', 'Power off', 'Vypnout', 'Ausschalten'),
  restart: n('复位重启', 'Reset/restart', 'Reset/restartování', 'Reset/Neustart'),
  clockSync: n('时钟同步', 'Clock sync', 'Synchronizace času', 'Uhrzeit synchronisieren'),
};

/** The label of a command kind in a language. */
export function commandKindName(kind: CommandKind, lang: keyof Names): string {
  if (kind === FORCED_CHARGING) return FORCED_CHARGING_NAMES[lang];
  if (kind === TARIFF_PERIODS) return TARIFF_PERIODS_NAMES[lang];
  if (kind === FIRMWARE_UPGRADE) return FIRMWARE_UPGRADE_NAMES[lang];
  if (isRemoteCommand(kind)) return COMMAND_KIND_NAMES[kind][lang];
  return scalarParameter(kind).names[lang];
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

/** A refusal of a setting: where, which message, its parameters. */
export interface SettingIssue {
  path: string;
  key: MessageKey;
  params?: Record<string, number | string>;
}
export type CheckedSetting = { ok: true; parameters: Record<string, number> } | { ok: false; issue: SettingIssue };

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const mask = (days: readonly boolean[]) => days.reduce((m, on, i) => (on ? m | (1 << i) : m), 0);
const fail = (path: string, key: MessageKey, params?: Record<string, number | string>): CheckedSetting => ({
  ok: false,
  issue: params ? { path, key, params } : { path, key },
});

/** The largest grid-connection limit any model accepts (a selection is checked per device afterwards). */
export const MAX_RATED_POWER_W = Math.max(...INVERTER_MODELS.map((m) => m.ratedPowerW));

/**
 * Checks a setting and returns the registers to write: remote commands map to their own registers, a scalar
 * parameter to its key, forced charging and tariff periods to their flat registers. `ratedW` bounds the
 * grid-connection limit.
 */
export function checkSetting(
  input: SettingInput,
  ratedW: number = MAX_RATED_POWER_W,
  nowMs: number = Date.now(),
): CheckedSetting {
  const { kind } = input;
  if (kind === 'powerOn' || kind === 'powerOff') return { ok: true, parameters: { onOff: kind === 'powerOn' ? 1 : 0 } };
  if (kind === 'restart') return { ok: true, parameters: { restart: 1 } };
  if (kind === 'clockSync') return { ok: true, parameters: { clockS: Math.floor(nowMs / 1000) } };
  if (kind === FORCED_CHARGING) return checkForcedCharging(input.forcedCharging);
  if (kind === TARIFF_PERIODS) return tariffRegisters(input.tariff);
  // An upgrade needs the upgrade rules and an image: only the upgrade route issues it.
  if (kind === FIRMWARE_UPGRADE) return fail('kind', 'validation.invalidValue');
  if (input.value === undefined) return fail('value', 'command.parametersEmpty');
  const def = scalarParameter(kind);
  const value = input.value;
  if (def.kind === 'enum') {
    if (!def.options.some((o) => o.value === value)) return fail('value', 'validation.invalidValue');
    return { ok: true, parameters: { [kind]: value } };
  }
  const max = def.max === 'rated' ? ratedW : def.max;
  if (!Number.isInteger(value) || value < def.min || value > max)
    return fail('value', 'command.outOfRange', { min: def.min, max, unit: def.unit });
  return { ok: true, parameters: { [kind]: value } };
}

function checkForcedCharging(fc: ForcedCharging | undefined): CheckedSetting {
  if (!fc) return fail('forcedCharging', 'command.parametersEmpty');
  if (fc.mode === 0) return { ok: true, parameters: { forcedChargingMode: 0 } };
  const charge = fc.chargeDays.some(Boolean);
  const discharge = fc.dischargeDays.some(Boolean);
  if (!charge && !discharge) return fail('forcedCharging.chargeDays', 'command.parametersIncomplete');
  const parameters: Record<string, number> = {
    forcedChargingMode: fc.mode,
    forcedChargeDays: mask(fc.chargeDays),
    forcedDischargeDays: mask(fc.dischargeDays),
  };
  const periods: [number, number][] = [];
  for (const [on, side] of [
    [charge, 'charge'],
    [discharge, 'discharge'],
  ] as const) {
    if (!on) continue;
    const start = fc[`${side}Start`];
    const end = fc[`${side}End`];
    if (start === undefined || end === undefined)
      return fail(`forcedCharging.${side}Start`, 'command.parametersIncomplete');
    if (minutes(start) >= minutes(end)) return fail(`forcedCharging.${side}End`, 'command.periodOrder');
    const cap = side === 'charge' ? 'Charge' : 'Discharge';
    parameters[`forced${cap}StartMin`] = minutes(start);
    parameters[`forced${cap}EndMin`] = minutes(end);
    periods.push([minutes(start), minutes(end)]);
  }
  const [a, b] = periods;
  // Only days on which both are enabled can clash.
  if (a && b && (mask(fc.chargeDays) & mask(fc.dischargeDays)) !== 0 && a[0] < b[1] && b[0] < a[1])
    return fail('forcedCharging.dischargeStart', 'command.periodsOverlap');
  return { ok: true, parameters };
}

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

function n(zh: string, en: string, cs: string, de: string): Names {
  return { zh, en, cs, de };
}
