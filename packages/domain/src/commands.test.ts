import { describe, expect, test } from 'vitest';
import {
  COMMAND_CATEGORIES,
  COMMAND_KINDS,
  PASSWORD_COMMANDS,
  commandCategory,
  commandKindName,
  readBackConfirms,
  type CommandKind,
} from './commands.js';
import { checkSetting } from './command-settings.js';
import { issueCommandSchema, type ForcedCharging, type IssueCommand } from './commands-schemas.js';
import { LANGUAGES } from './languages.js';
import { translate } from './messages.js';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
type Setting = Pick<IssueCommand, 'kind' | 'value' | 'forcedCharging'>;

describe('checkSetting: every scalar parameter accepts its range and refuses the rest', () => {
  test.each<[Setting, number, string | null]>([
    // [setting, rated W, refusal message key or null]
    [{ kind: 'workMode', value: 0 }, 5000, null],
    [{ kind: 'workMode', value: 4 }, 5000, null],
    [{ kind: 'workMode', value: 6 }, 5000, null],
    [{ kind: 'workMode', value: 5 }, 5000, 'validation.invalidValue'],
    [{ kind: 'workMode', value: 7 }, 5000, 'validation.invalidValue'],
    [{ kind: 'workMode' }, 5000, 'command.parametersEmpty'],
    [{ kind: 'batteryType', value: 1 }, 5000, null],
    [{ kind: 'batteryType', value: 2 }, 5000, null],
    [{ kind: 'batteryType', value: 0 }, 5000, 'validation.invalidValue'],
    [{ kind: 'antiBackflow', value: 0 }, 5000, null],
    [{ kind: 'antiBackflow', value: 2 }, 5000, null],
    [{ kind: 'antiBackflow', value: 3 }, 5000, 'validation.invalidValue'],
    [{ kind: 'acCouplingPvSource', value: 3 }, 5000, null],
    [{ kind: 'acCouplingPvSource', value: 4 }, 5000, 'validation.invalidValue'],
    [{ kind: 'backupSupplyOrder', value: 1 }, 5000, null],
    [{ kind: 'backupSupplyOrder', value: 2 }, 5000, 'validation.invalidValue'],
    [{ kind: 'onOff', value: 0 }, 5000, null],
    [{ kind: 'onOff', value: 1 }, 5000, null],
    [{ kind: 'onOff', value: 2 }, 5000, 'validation.invalidValue'],
    [{ kind: 'batteryChargeState', value: 2 }, 5000, null],
    [{ kind: 'batteryChargeState', value: 3 }, 5000, 'validation.invalidValue'],
    [{ kind: 'socLowerLimitPct', value: 10 }, 5000, null],
    [{ kind: 'socLowerLimitPct', value: 100 }, 5000, null],
    [{ kind: 'socLowerLimitPct', value: 9 }, 5000, 'command.outOfRange'],
    [{ kind: 'socLowerLimitPct', value: 101 }, 5000, 'command.outOfRange'],
    [{ kind: 'socLowerLimitPct', value: 20.5 }, 5000, 'command.outOfRange'],
    [{ kind: 'gridConnectionLimitW', value: 0 }, 5000, null],
    [{ kind: 'gridConnectionLimitW', value: 5000 }, 5000, null],
    [{ kind: 'gridConnectionLimitW', value: 5001 }, 5000, 'command.outOfRange'],
    [{ kind: 'gridConnectionLimitW', value: 10000 }, 10000, null],
    [{ kind: 'gridConnectionLimitW', value: -1 }, 10000, 'command.outOfRange'],
  ])('%o on a %i W model → %s', (setting, ratedW, refusal) => {
    const result = checkSetting(setting, ratedW, NOW);
    if (refusal === null) {
      expect(result).toEqual({ ok: true, parameters: { [setting.kind]: setting.value } });
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issue.key).toBe(refusal);
    }
  });

  test('the range refusal names the model limit', () => {
    expect(checkSetting({ kind: 'gridConnectionLimitW', value: 6001 }, 6000, NOW)).toEqual({
      ok: false,
      issue: { path: 'value', key: 'command.outOfRange', params: { min: 0, max: 6000, unit: 'W' } },
    });
  });
});

describe('checkSetting: remote commands', () => {
  test.each<[Setting['kind'], Record<string, number>]>([
    ['powerOn', { onOff: 1 }],
    ['powerOff', { onOff: 0 }],
    ['restart', { restart: 1 }],
    ['clockSync', { clockS: NOW / 1000 }],
  ])('%s writes %o', (kind, parameters) => {
    expect(checkSetting({ kind }, 5000, NOW)).toEqual({ ok: true, parameters });
  });
});

const week = (...days: number[]) => [0, 1, 2, 3, 4, 5, 6].map((d) => days.includes(d));
const fc = (over: Partial<ForcedCharging>): ForcedCharging => ({
  mode: 2,
  chargeDays: week(0, 2),
  dischargeDays: week(),
  chargeStart: '01:00',
  chargeEnd: '05:30',
  ...over,
});

describe('checkSetting: weekly forced charging', () => {
  test.each<[string, ForcedCharging | undefined, Record<string, number> | string]>([
    ['missing', undefined, 'command.parametersEmpty'],
    ['off needs nothing else', fc({ mode: 0, chargeDays: week() }), { forcedChargingMode: 0 }],
    [
      'weekly charge Mon+Wed',
      fc({}),
      {
        forcedChargingMode: 2,
        forcedChargeDays: 5,
        forcedDischargeDays: 0,
        forcedChargeStartMin: 60,
        forcedChargeEndMin: 330,
      },
    ],
    [
      'once with charge and discharge on different days may overlap in time',
      fc({ mode: 1, dischargeDays: week(6), dischargeStart: '02:00', dischargeEnd: '03:00' }),
      {
        forcedChargingMode: 1,
        forcedChargeDays: 5,
        forcedDischargeDays: 64,
        forcedChargeStartMin: 60,
        forcedChargeEndMin: 330,
        forcedDischargeStartMin: 120,
        forcedDischargeEndMin: 180,
      },
    ],
    ['no day enabled', fc({ chargeDays: week() }), 'command.parametersIncomplete'],
    ['charge period missing', fc({ chargeEnd: undefined }), 'command.parametersIncomplete'],
    ['discharge period missing', fc({ dischargeDays: week(1) }), 'command.parametersIncomplete'],
    ['start after end', fc({ chargeStart: '06:00' }), 'command.periodOrder'],
    ['start equals end', fc({ chargeStart: '05:30' }), 'command.periodOrder'],
    [
      'overlap on a shared day',
      fc({ dischargeDays: week(2), dischargeStart: '05:00', dischargeEnd: '07:00' }),
      'command.periodsOverlap',
    ],
  ])('%s', (_name, value, expected) => {
    const result = checkSetting({ kind: 'forcedCharging', forcedCharging: value }, 5000, NOW);
    if (typeof expected === 'string') expect(result).toMatchObject({ ok: false, issue: { key: expected } });
    else expect(result).toEqual({ ok: true, parameters: expected });
  });

  test.each([['24:00'], ['7:00'], ['12:60']])('the schema refuses the time %s', (t) => {
    const parsed = issueCommandSchema.safeParse({
      deviceIds: [1],
      kind: 'forcedCharging',
      forcedCharging: fc({ chargeStart: t }),
      idempotencyKey: 'abcdefgh',
    });
    expect(parsed.success).toBe(false);
  });
});

describe('issueCommandSchema', () => {
  test.each<[unknown, boolean]>([
    [{ deviceIds: [1], kind: 'workMode', value: 2, idempotencyKey: 'key-12345' }, true],
    [{ deviceIds: [], kind: 'workMode', value: 2, idempotencyKey: 'key-12345' }, false],
    [{ deviceIds: [1], kind: 'selfDestruct', idempotencyKey: 'key-12345' }, false],
    [{ deviceIds: [1], kind: 'restart', idempotencyKey: 'short' }, false],
    [{ deviceIds: [1], kind: 'restart', idempotencyKey: 'key-12345', extra: 1 }, false],
  ])('%o → %s', (body, valid) => {
    expect(issueCommandSchema.safeParse(body).success).toBe(valid);
  });

  test('an empty selection says to select a device first', () => {
    const parsed = issueCommandSchema.safeParse({ deviceIds: [], kind: 'restart', idempotencyKey: 'key-12345' });
    expect(parsed.error?.issues[0]?.message).toBe('command.selectDevice');
  });
});

describe('readBackConfirms', () => {
  test.each<[Record<string, number>, Record<string, number> | undefined, number, boolean]>([
    [{ workMode: 2 }, { workMode: 2 }, 1, true],
    [{ workMode: 2 }, { workMode: 1 }, 1, false],
    [{ workMode: 2 }, undefined, 1, false],
    [{ workMode: 2 }, {}, 1, false],
    [{ forcedChargingMode: 2, forcedChargeDays: 5 }, { forcedChargingMode: 2, forcedChargeDays: 5 }, 1, true],
    [{ forcedChargingMode: 2, forcedChargeDays: 5 }, { forcedChargingMode: 2, forcedChargeDays: 4 }, 1, false],
    [{ clockS: 1000 }, { clockS: 1020 }, 1, true],
    [{ clockS: 1000 }, { clockS: 1100 }, 1, false],
    [{ restart: 1 }, { uptimeS: 0 }, 1, true],
    [{ restart: 1 }, { uptimeS: 3600 }, 1, false],
  ])('%o read back as %o → %s', (requested, readBack, seconds, confirmed) => {
    expect(readBackConfirms(requested, readBack, seconds)).toBe(confirmed);
  });
});

describe('kind labels', () => {
  test.each(COMMAND_KINDS.map((k) => [k]))('%s has a name in every language and a category', (kind) => {
    for (const lang of LANGUAGES) expect(translate(commandKindName(kind), lang)).not.toMatch(/^commandKind\.|^$/);
    expect(COMMAND_CATEGORIES).toContain(commandCategory(kind));
  });

  test.each<[CommandKind, string]>([
    ['powerOff', 'remote'],
    ['workMode', 'parameter'],
    ['forcedCharging', 'parameter'],
    ['firmwareUpgrade', 'firmware'],
  ])('%s is a %s command', (kind, category) => {
    expect(commandCategory(kind)).toBe(category);
  });

  test('an upgrade is refused by the command form (only the upgrade route issues it) and needs the password', () => {
    expect(checkSetting({ kind: 'firmwareUpgrade' })).toEqual({
      ok: false,
      issue: { path: 'kind', key: 'validation.invalidValue' },
    });
    expect(PASSWORD_COMMANDS).toEqual(['powerOff', 'firmwareUpgrade']);
  });

  test('the R5.10 and R8.6 messages exist', () => {
    expect(translate('command.parametersEmpty', 'en')).toBe('Parameters cannot be empty');
    expect(translate('command.parametersIncomplete', 'en')).toBe('All required parameters must be complete');
    expect(translate('command.sameValue', 'en')).toBe('Enter a new value');
    expect(translate('success.issued', 'en')).toBe('Issued successfully');
  });
});
