import { describe, expect, test } from 'vitest';
import { TARIFF_REGISTERS, tariffPeriodsOf } from '@voltfleet/domain/tariffs';
import { checkSetting } from '@voltfleet/domain/commands';
import { DEFAULT_PARAMETERS, PARAMETER_KEYS, checkParameter, tariffTypeAt } from './parameters.js';
import { HOUR, NIGHT_VALLEY, runInverter, testInverter } from './test-support.js';
import { inverterCommands } from './transport/commands.js';

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
      ...TARIFF_REGISTERS,
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
    ['tariffPriceSharpMilli', 0, ON],
    ['tariffPriceValleyMilli', 1_000_000, ON],
    ['tariffPeriodCount', 1, ON],
    ['tariffPeriodCount', 10, ON],
    ['tariffPeriod0Type', 1, ON],
    ['tariffPeriod9Type', 4, ON],
    ['tariffPeriod9StartMin', 0, ON],
    ['tariffPeriod9EndMin', 1439, ON],
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
    ['tariffPricePeakMilli', -1, ON, 'outOfRange'],
    ['tariffPricePeakMilli', 1_000_001, ON, 'outOfRange'],
    ['tariffPricePeakMilli', 0.5, ON, 'notAnInteger'],
    ['tariffPeriodCount', 0, ON, 'outOfRange'],
    ['tariffPeriodCount', 11, ON, 'outOfRange'],
    ['tariffPeriod0Type', 0, ON, 'notAllowed'],
    ['tariffPeriod0Type', 5, ON, 'notAllowed'],
    ['tariffPeriod3StartMin', -1, ON, 'outOfRange'],
    ['tariffPeriod3EndMin', 1440, ON, 'outOfRange'],
    ['tariffPeriod10Type', 1, ON, 'unknownParameter'],
  ] as const)('refuses %s = %s (%s)', (key, value, context, reason) => {
    expect(checkParameter(key, value, context)).toEqual({ ok: false, reason });
  });
});

describe('the tariff table', () => {
  test('out of the factory: one flat period over the whole day, every price 0', () => {
    expect(tariffPeriodsOf({ ...DEFAULT_PARAMETERS })).toEqual([{ type: 3, start: '00:00', end: '23:59', price: 0 }]);
  });

  test('a pushed plan is stored and read back register by register', () => {
    const checked = checkSetting({
      kind: 'tariffPeriods',
      tariff: {
        periods: [
          { type: 4, start: '00:00', end: '07:59', price: 0.3 },
          { type: 1, start: '08:00', end: '23:59', price: 1.5 },
        ],
      },
    });
    if (!checked.ok) throw new Error(checked.issue.key);
    const inverter = testInverter();
    const answer = inverterCommands(inverter)({
      commandId: 'c1',
      type: 'setParameters',
      key: 'tariffPeriods',
      values: checked.parameters,
    });
    expect(answer).toEqual({ ok: true, values: checked.parameters });
    expect(tariffPeriodsOf({ ...inverter.parameters })).toEqual([
      { type: 4, start: '00:00', end: '07:59', price: 0.3 },
      { type: 1, start: '08:00', end: '23:59', price: 1.5 },
    ]);
  });

  test('a table with one register out of range is refused as a whole', () => {
    const inverter = testInverter();
    const answer = inverterCommands(inverter)({
      commandId: 'c1',
      type: 'setParameters',
      key: 'tariffPeriods',
      values: { tariffPriceFlatMilli: 500, tariffPeriodCount: 1, tariffPeriod0Type: 6 },
    });
    expect(answer).toEqual({ ok: false, reason: 'notAllowed' });
    expect(inverter.parameters.tariffPriceFlatMilli).toBe(0);
  });
});

describe('peak-valley dispatch follows the pushed table', () => {
  const VALLEY_MORNING = {
    ...DEFAULT_PARAMETERS,
    tariffPeriodCount: 2,
    tariffPeriod0Type: 4,
    tariffPeriod0StartMin: 0,
    tariffPeriod0EndMin: 719,
    tariffPeriod1Type: 2,
    tariffPeriod1StartMin: 720,
    tariffPeriod1EndMin: 1439,
    // A slot past the count is not part of the plan.
    tariffPeriod2Type: 1,
    tariffPeriod2StartMin: 0,
    tariffPeriod2EndMin: 1439,
  } as const;

  test.each([
    [0, 4],
    [719, 4],
    [719.9, 4],
    [720, 2],
    [1439, 2],
  ])('minute %d is of type %d', (minute, type) => {
    expect(tariffTypeAt(VALLEY_MORNING, minute)).toBe(type);
  });

  test('a table that leaves minutes uncovered gives no type there', () => {
    expect(tariffTypeAt({ ...VALLEY_MORNING, tariffPeriodCount: 1 }, 800)).toBeUndefined();
  });

  // 12:30 in Prague: flat in the plant's own tariff (NIGHT_VALLEY), so peak-valley holds the battery there.
  const NOON = Date.UTC(2024, 5, 10, 10, 30);
  const allDay = (type: number) => ({ tariffPeriodCount: 1, tariffPeriod0Type: type, tariffPeriod0EndMin: 1439 });

  test.each([
    ['no push: the plant tariff (flat at noon) holds the battery', undefined, false],
    ['a pushed valley table charges from the grid at noon', allDay(4), true],
    ['a pushed peak table does not', allDay(2), false],
  ])('%s', (_name, table, forced) => {
    const inv = testInverter({
      startMs: NOON - HOUR,
      parameters: { workMode: 4, socLowerLimitPct: 20 },
      site: { tariff: NIGHT_VALLEY },
    });
    if (table) expect(inv.applyParameters(table).ok).toBe(true);
    runInverter(inv, NOON, 60);
    expect(inv.flow.forcedCharge).toBe(forced);
  });

  test('rewriting the factory table unchanged (a whole-block write) is not a push', () => {
    const inv = testInverter({ startMs: NOON - HOUR, parameters: { workMode: 4 }, site: { tariff: NIGHT_VALLEY } });
    // At 00:05 local the plant tariff is valley: the factory table (flat) would hold instead.
    const night = Date.UTC(2024, 5, 10, 22, 5);
    expect(inv.applyParameters({ tariffPeriodCount: 1, tariffPeriod0Type: 3, tariffPeriod0EndMin: 1439 }).ok).toBe(
      true,
    );
    runInverter(inv, night, 60);
    expect(inv.flow.forcedCharge).toBe(true);
  });
});
