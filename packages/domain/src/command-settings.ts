// Checking a setting before it is sent. A module of its own: it reads the types of commands-schemas.ts, whose schemas
// read commands.ts's constants, so in commands.ts it would close a cycle between the two.
import type { MessageKey } from './messages.js';
import { FIRMWARE_UPGRADE, FORCED_CHARGING, MAX_RATED_POWER_W, scalarParameter } from './commands.js';
import type { ForcedCharging, SettingInput } from './commands-schemas.js';
import { TARIFF_PERIODS, tariffRegisters } from './tariff-command.js';

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
