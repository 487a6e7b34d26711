import { describe, expect, test } from 'vitest';
import { PARAMETER_KEYS, checkParameter } from './parameters.js';

const ON = { ratedW: 5000, on: true };
const OFF = { ratedW: 5000, on: false };

describe('checkParameter', () => {
  test('knows every parameter of the store', () => {
    expect(PARAMETER_KEYS).toEqual([
      'workMode',
      'onOff',
      'socLowerLimitPct',
      'gridConnectionLimitW',
      'batteryType',
      'antiBackflow',
      'acCouplingPvSource',
      'backupSupplyOrder',
      'weeklyForcedCharging',
      'batteryChargeState',
      'forcedChargingMode',
      'forcedChargeDays',
      'forcedDischargeDays',
      'forcedChargeStartMin',
      'forcedChargeEndMin',
      'forcedDischargeStartMin',
      'forcedDischargeEndMin',
    ]);
  });

  test.each([
    ['workMode', 4, ON],
    ['workMode', 6, ON],
    ['workMode', 0, ON],
    ['onOff', 0, ON],
    ['socLowerLimitPct', 10, ON],
    ['socLowerLimitPct', 100, ON],
    ['gridConnectionLimitW', 0, ON],
    ['gridConnectionLimitW', 5000, ON],
    ['batteryType', 2, ON],
    ['antiBackflow', 1, OFF],
    ['acCouplingPvSource', 3, ON],
    ['backupSupplyOrder', 1, ON],
    ['weeklyForcedCharging', 2, ON],
  ] as const)('accepts %s = %i', (key, value, context) => {
    expect(checkParameter(key, value, context)).toEqual({ ok: true, key, value });
  });

  test.each([
    ['powerLimit', 1, ON, 'unknownParameter'],
    ['toString', 1, ON, 'unknownParameter'],
    ['workMode', 5, ON, 'notAllowed'],
    ['workMode', 7, ON, 'notAllowed'],
    ['workMode', '1', ON, 'notAnInteger'],
    ['workMode', 1.5, ON, 'notAnInteger'],
    ['onOff', 2, ON, 'notAllowed'],
    ['socLowerLimitPct', 9, ON, 'outOfRange'],
    ['socLowerLimitPct', 101, ON, 'outOfRange'],
    ['gridConnectionLimitW', -1, ON, 'outOfRange'],
    ['gridConnectionLimitW', 5001, ON, 'outOfRange'],
    ['batteryType', 0, ON, 'notAllowed'],
    ['antiBackflow', 1, ON, 'inverterMustBeOff'],
    ['antiBackflow', 3, OFF, 'notAllowed'],
    ['acCouplingPvSource', 4, ON, 'notAllowed'],
    ['weeklyForcedCharging', Number.NaN, ON, 'notAnInteger'],
  ] as const)('refuses %s = %s (%s)', (key, value, context, reason) => {
    expect(checkParameter(key, value, context)).toEqual({ ok: false, reason });
  });
});
