import {
  FIRMWARE_UPGRADE,
  FORCED_CHARGING,
  SCALAR_PARAMETER_KEYS,
  WEEKDAYS,
  checkSetting,
  commandKindName,
  scalarParameter,
  type CommandKind,
  type ScalarParameterKey,
  type SettingInput,
} from '@voltfleet/domain/commands';
import { TARIFF_PERIODS, formatTariffPeriods, tariffPeriodsOf } from '@voltfleet/domain/tariffs';
import { WEEKLY_FORCED_CHARGING } from '@voltfleet/domain/devices';
import { findOption, type Lang } from '@voltfleet/domain/i18n';
import { formatPlantTime, formatWeekdayOf, pad } from './format';
import { i18next } from './i18n';
import { formatNumber } from './number-format';
import { message } from '@/lib/i18n';
import { optionLabel } from '@/lib/labels';

/**
 * Commands and settings for people, in one place for the pages that show them (command issue, control records,
 * operation records): "SOC lower limit → 20 %", "Work mode → Peak-valley", a clock sync's time on the plant's wall
 * clock with its offset, a tariff plan as its periods. The kind names are the domain's (commandKindName).
 */

const isScalar = (kind: string): kind is ScalarParameterKey =>
  (SCALAR_PARAMETER_KEYS as readonly string[]).includes(kind);

/** One setting's value: an option's label, or the number with its unit ("20 %", "5,000 W"). */
export function settingValueText(key: ScalarParameterKey, value: number, lang: Lang): string {
  const def = scalarParameter(key);
  if (def.kind === 'enum') return optionLabel(findOption(def.options, value)) ?? formatNumber(value, lang);
  return `${formatNumber(value, lang)} ${def.unit}`;
}

const clock = (minuteOfDay: number) => `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;
const days = (mask: number, lang: Lang) =>
  WEEKDAYS.filter((d) => (mask & (1 << d)) !== 0)
    .map((d) => formatWeekdayOf(d, lang))
    .join(', ');

/** The forced-charging registers: "Weekly · Charge Mon, Tue 01:00–05:00 · Discharge Sat 18:00–20:00". */
function forcedChargingText(p: Readonly<Record<string, number>>, lang: Lang): string {
  const mode = optionLabel(findOption(WEEKLY_FORCED_CHARGING, p.forcedChargingMode ?? -1)) ?? '';
  const parts = [mode];
  for (const side of ['Charge', 'Discharge'] as const) {
    const mask = p[`forced${side}Days`];
    const start = p[`forced${side}StartMin`];
    const end = p[`forced${side}EndMin`];
    if (!mask || start === undefined || end === undefined) continue;
    const word = i18next.t(`commands.${side.toLowerCase()}`, { lng: lang });
    parts.push(`${word} ${days(mask, lang)} ${clock(start)}–${clock(end)}`);
  }
  return parts.join(' · ');
}

/**
 * The registers a command writes, for people, in a language; `timeZone` is the device's plant's (a clock sync is
 * shown on its wall clock, in UTC without a plant). Registers that describe nothing known (a damaged tariff plan, a
 * register of a newer device) are shown as they are stored, "key = value", rather than hidden.
 */
export function commandParametersText(
  c: { kind: CommandKind; parameters: Readonly<Record<string, number>> },
  lang: Lang,
  timeZone: string | null,
): string {
  const p = c.parameters;
  const name = message(commandKindName(c.kind));
  if (c.kind === 'clockSync' && p.clockS !== undefined)
    return `${name} → ${formatPlantTime(new Date(p.clockS * 1000).toISOString(), timeZone)}`;
  if ((c.kind === 'powerOn' || c.kind === 'powerOff') && p.onOff !== undefined)
    return `${message(commandKindName('onOff'))} → ${settingValueText('onOff', p.onOff, lang)}`;
  if (c.kind === 'restart' || c.kind === FIRMWARE_UPGRADE) return name;
  if (c.kind === FORCED_CHARGING && p.forcedChargingMode !== undefined)
    return `${name} → ${forcedChargingText(p, lang)}`;
  const periods = c.kind === TARIFF_PERIODS ? tariffPeriodsOf(p) : null;
  if (periods) return formatTariffPeriods(periods, message);
  const value = p[c.kind];
  if (isScalar(c.kind) && value !== undefined && Object.keys(p).length === 1)
    return `${name} → ${settingValueText(c.kind, value, lang)}`;
  return Object.entries(p)
    .map(([key, v]) => `${key} = ${v}`)
    .join(', ');
}

/**
 * What a command request asked for (the body of an issue, as an operation record keeps it), for people: the same
 * text as the command's registers, checked the way the server checked them. A clock sync names no time (the server
 * stamped it when it sent the command: the control record shows it). A request refused as invalid reads as what it
 * asked for when that is one number of a known setting ("SOC lower limit → 150 %": the refusal says why not), else as
 * its kind alone.
 */
export function commandRequestText(input: SettingInput, lang: Lang): string {
  if (input.kind === 'clockSync') return message(commandKindName(input.kind));
  const checked = checkSetting(input);
  if (!checked.ok) {
    const asked: unknown = (input as { value?: unknown }).value;
    return isScalar(input.kind) && typeof asked === 'number' && Number.isFinite(asked)
      ? `${message(commandKindName(input.kind))} → ${settingValueText(input.kind, asked, lang)}`
      : message(commandKindName(input.kind));
  }
  return commandParametersText({ kind: input.kind, parameters: checked.parameters }, lang, null);
}
