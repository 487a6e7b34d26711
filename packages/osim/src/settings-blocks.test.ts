import { describe, expect, it } from 'vitest';
import type { OsimErrorCode } from './errors.js';
import { buildCommand } from './messages.js';
import { OSIM_VERSIONS, resolveCommand } from './registry.js';
import {
  buildOsimSettingsWrite,
  osimBlockCarries,
  osimSettingBlockOf,
  osimSettingsFields,
  osimSettingsOf,
  osimSettingsReadBack,
} from './settings-blocks.js';
import { OSIM_SETTING_BLOCKS, osimTariffSlotRegister, type OsimSettingBlock } from './settings-registers.js';
import { blockForTest, frameValuesForTest } from './test-support.js';

type Settings = Record<string, number>;

/** Tariff registers of a table: prices in thousandths, then [type, start, end] per period. */
function table(prices: readonly [number, number, number, number], periods: readonly [number, number, number][]) {
  const out: Settings = {
    tariffPriceSharpMilli: prices[0],
    tariffPricePeakMilli: prices[1],
    tariffPriceFlatMilli: prices[2],
    tariffPriceValleyMilli: prices[3],
    tariffPeriodCount: periods.length,
  };
  periods.forEach(([type, start, end], slot) => {
    out[osimTariffSlotRegister(slot, 'Type')] = type;
    out[osimTariffSlotRegister(slot, 'StartMin')] = start;
    out[osimTariffSlotRegister(slot, 'EndMin')] = end;
  });
  return out;
}

const TEN_PERIODS = Array.from({ length: 10 }, (_, i): [number, number, number] => [
  (i % 4) + 1,
  i * 144,
  i * 144 + 143,
]);
const ALL_DAYS = 0b1111111;
/** Every layout version with a settings block (0 has only 98). */
const EVERY_VERSION = [252, 258, 259, 500, 603];

/** What the settings write to the block's write frame, decoded back from that frame. */
function writtenBack(block: OsimSettingBlock, settings: Settings, version: number): Settings {
  const { read, write } = OSIM_SETTING_BLOCKS[block];
  const values = frameValuesForTest(
    buildOsimSettingsWrite(block, settings, blockForTest(read, version), version),
    version,
  );
  // The whole frame reads as registers, not only the requested ones.
  expect(osimSettingsOf(write, values).ok).toBe(true);
  return osimSettingsReadBack(block, values, Object.keys(settings));
}

/** What an inverter holding the settings reports in the block's read frame, decoded back from that frame. */
function reportedBack(block: OsimSettingBlock, settings: Settings, version: number): Settings {
  const { read } = OSIM_SETTING_BLOCKS[block];
  // 0C's status word also holds the on/off bit: left out, it leaves the bit as set (an inverter keeps both alike).
  const { inverterStatusWord: _word, ...base } = blockForTest(read, version);
  const fields = osimSettingsFields(read, settings, base);
  if (!fields.ok) throw new Error(JSON.stringify(fields.error));
  const frame = buildCommand(read, { ...base, ...fields.value }, version, 'reply', { validate: false });
  return osimSettingsReadBack(block, frameValuesForTest(frame, version), Object.keys(settings));
}

/** [setting kind, block, PCU versions that carry it, settings, what reads back when not the settings themselves] */
const ROUND_TRIPS: readonly [string, OsimSettingBlock, readonly number[], Settings, Settings?][] = [
  ['on', 'onOff', EVERY_VERSION, { onOff: 1 }],
  ['off', 'onOff', EVERY_VERSION, { onOff: 0 }],
  ...[0, 1, 2, 3, 4, 6].map((workMode): [string, OsimSettingBlock, number[], Settings] => [
    `work mode ${workMode}`,
    'operatingMode',
    EVERY_VERSION,
    { workMode },
  ]),
  ['SOC lower limit at its minimum', 'operatingMode', EVERY_VERSION, { socLowerLimitPct: 10 }],
  ['SOC lower limit at its maximum', 'operatingMode', EVERY_VERSION, { socLowerLimitPct: 100 }],
  ['grid-connection limit 0 W', 'operatingMode', EVERY_VERSION, { gridConnectionLimitW: 0 }],
  ['grid-connection limit at the field maximum', 'operatingMode', EVERY_VERSION, { gridConnectionLimitW: 32767 }],
  ...[0, 1, 2].map((antiBackflow): [string, OsimSettingBlock, number[], Settings] => [
    `anti-backflow ${antiBackflow}`,
    'operatingMode',
    EVERY_VERSION,
    { antiBackflow },
  ]),
  ...[0, 1, 2].map((batteryChargeState): [string, OsimSettingBlock, number[], Settings] => [
    `battery charge state ${batteryChargeState}`,
    'operatingMode',
    EVERY_VERSION,
    { batteryChargeState },
  ]),
  ['lithium battery', 'gridBattery', EVERY_VERSION, { batteryType: 1 }],
  ['lead-acid battery', 'gridBattery', EVERY_VERSION, { batteryType: 2 }],
  ['PV source PV1+PV2', 'batteryParameters', [500, 603], { acCouplingPvSource: 0 }],
  ['PV source PV2', 'batteryParameters', [500, 603], { acCouplingPvSource: 3 }],
  ['backup order PV > grid > battery', 'batteryParameters', [500, 603], { backupSupplyOrder: 1 }],
  ['an empty tariff table', 'operatingMode', EVERY_VERSION, table([0, 0, 0, 0], [])],
  [
    'one period all day, prices rounded to 0.1',
    'operatingMode',
    EVERY_VERSION,
    table([1853, 1250, 0, 349], [[3, 0, 1439]]),
    table([1900, 1300, 0, 300], [[3, 0, 1439]]),
  ],
  [
    'ten periods, the highest price the field holds',
    'operatingMode',
    EVERY_VERSION,
    table([3276700, 1, 50, 0], TEN_PERIODS),
    table([3276700, 0, 100, 0], TEN_PERIODS),
  ],
  [
    'work mode and tariff table in one block',
    'operatingMode',
    EVERY_VERSION,
    { workMode: 4, ...table([500, 400, 300, 200], [[4, 0, 479]]) },
  ],
  ['forced charging off', 'forcedCharge', [500, 603], { forcedChargingMode: 0 }],
  [
    'forced charging weekly, charge on Monday only',
    'forcedCharge',
    [500, 603],
    {
      forcedChargingMode: 2,
      forcedChargeDays: 0b0000001,
      forcedDischargeDays: 0,
      forcedChargeStartMin: 0,
      forcedChargeEndMin: 1439,
    },
  ],
  [
    'forced discharge once, on Sunday only',
    'forcedCharge',
    [500, 603],
    {
      forcedChargingMode: 1,
      forcedChargeDays: 0,
      forcedDischargeDays: 0b1000000,
      forcedDischargeStartMin: 1080,
      forcedDischargeEndMin: 1200,
    },
  ],
  [
    'forced charging weekly, every day on both sides',
    'forcedCharge',
    [500, 603],
    {
      forcedChargingMode: 2,
      forcedChargeDays: ALL_DAYS,
      forcedDischargeDays: ALL_DAYS,
      forcedChargeStartMin: 60,
      forcedChargeEndMin: 210,
      forcedDischargeStartMin: 1080,
      forcedDischargeEndMin: 1439,
    },
  ],
];

describe('settings → block → settings', () => {
  it.each(ROUND_TRIPS)('%s (%s) is carried at PCU %j only', (_name, block, versions, settings) => {
    expect(OSIM_VERSIONS.filter((v) => osimBlockCarries(block, Object.keys(settings), v))).toEqual(versions);
  });

  const cases = ROUND_TRIPS.flatMap(([name, block, versions, settings, expected]) =>
    versions.map((version) => [name, version, block, settings, expected ?? settings] as const),
  );

  it.each(cases)(
    '%s at PCU %i: written in the write frame and read back',
    (_name, version, block, settings, expected) => {
      expect(writtenBack(block, settings, version)).toEqual(expected);
    },
  );

  it.each(cases)(
    '%s at PCU %i: reported in the read frame and read back',
    (_name, version, block, settings, expected) => {
      expect(reportedBack(block, settings, version)).toEqual(expected);
    },
  );
});

describe('refusals', () => {
  const tariff = table([0, 0, 0, 0], []);
  it.each([
    ['work mode 5 (not in R3.7)', 'operatingMode', { workMode: 5 }, 603, 'OUT_OF_RANGE'],
    ['SOC lower limit below 10', 'operatingMode', { socLowerLimitPct: 9 }, 603, 'OUT_OF_RANGE'],
    ['SOC lower limit above 100', 'operatingMode', { socLowerLimitPct: 101 }, 252, 'OUT_OF_RANGE'],
    [
      'a grid-connection limit the field cannot hold',
      'operatingMode',
      { gridConnectionLimitW: 32768 },
      603,
      'OUT_OF_RANGE',
    ],
    ['anti-backflow 3', 'operatingMode', { antiBackflow: 3 }, 603, 'OUT_OF_RANGE'],
    ['battery type 3', 'gridBattery', { batteryType: 3 }, 603, 'OUT_OF_RANGE'],
    ['PV source 4', 'batteryParameters', { acCouplingPvSource: 4 }, 603, 'OUT_OF_RANGE'],
    ['backup order before PCU 500 (6A lacks it)', 'batteryParameters', { backupSupplyOrder: 1 }, 259, 'NOT_SUPPORTED'],
    ['forced charging before PCU 500 (no 71)', 'forcedCharge', { forcedChargingMode: 1 }, 259, 'UNKNOWN_COMMAND'],
    ['a register of another block', 'operatingMode', { forcedChargingMode: 0 }, 603, 'NOT_SUPPORTED'],
    ['a register no block carries', 'operatingMode', { weeklyForcedCharging: 1 }, 603, 'NOT_SUPPORTED'],
    ['more than ten tariff periods', 'operatingMode', { tariffPeriodCount: 11 }, 603, 'OUT_OF_RANGE'],
    ['a tariff period missing', 'operatingMode', { ...tariff, tariffPeriodCount: 1 }, 603, 'INVALID_VALUE'],
    ['a tariff period past midnight', 'operatingMode', table([0, 0, 0, 0], [[1, 0, 1441]]), 603, 'OUT_OF_RANGE'],
    ['tariff type 5', 'operatingMode', table([0, 0, 0, 0], [[5, 0, 60]]), 603, 'OUT_OF_RANGE'],
    ['forced charging mode 3', 'forcedCharge', { forcedChargingMode: 3 }, 603, 'OUT_OF_RANGE'],
    [
      'a weekday mask past Sunday',
      'forcedCharge',
      { forcedChargingMode: 1, forcedChargeDays: 128, forcedDischargeDays: 0 },
      603,
      'OUT_OF_RANGE',
    ],
    [
      'half a period',
      'forcedCharge',
      { forcedChargingMode: 1, forcedChargeDays: 1, forcedDischargeDays: 0, forcedChargeStartMin: 60 },
      603,
      'INVALID_VALUE',
    ],
    [
      'a period past midnight',
      'forcedCharge',
      {
        forcedChargingMode: 1,
        forcedChargeDays: 1,
        forcedDischargeDays: 0,
        forcedChargeStartMin: 60,
        forcedChargeEndMin: 1441,
      },
      603,
      'OUT_OF_RANGE',
    ],
  ] as const)('%s', (_name, block, settings, version, code: OsimErrorCode) => {
    const read = OSIM_SETTING_BLOCKS[block].read;
    const base = resolveCommand(read, version).ok ? blockForTest(read, version) : {};
    const frame = buildOsimSettingsWrite(block, settings, base, version);
    expect(frame.ok ? undefined : frame.error.code).toBe(code);
  });

  it('a block the registers cannot show is not read back', () => {
    const mixed = blockForTest('A2', 603, { fcOpen: 1, fcMonEnable: 1, fcTusEnable: 2 });
    expect(osimSettingsOf('A2', mixed)).toMatchObject({ ok: false, error: { code: 'INVALID_VALUE' } });
    expect(osimSettingsReadBack('forcedCharge', mixed, ['forcedChargingMode'])).toEqual({});
  });
});

describe('the block table', () => {
  it.each([
    ['onOff', 'onOff'],
    ['workMode', 'operatingMode'],
    ['socLowerLimitPct', 'operatingMode'],
    ['gridConnectionLimitW', 'operatingMode'],
    ['antiBackflow', 'operatingMode'],
    ['batteryChargeState', 'operatingMode'],
    ['tariffPriceSharpMilli', 'operatingMode'],
    ['tariffPeriodCount', 'operatingMode'],
    ['tariffPeriod9EndMin', 'operatingMode'],
    ['batteryType', 'gridBattery'],
    ['acCouplingPvSource', 'batteryParameters'],
    ['backupSupplyOrder', 'batteryParameters'],
    ['forcedChargingMode', 'forcedCharge'],
    ['forcedDischargeEndMin', 'forcedCharge'],
    ['weeklyForcedCharging', undefined],
    ['tariffPeriod10Type', undefined],
    ['restart', undefined],
  ] as const)('%s travels in block %s', (register, block) => {
    expect(osimSettingBlockOf(register)).toBe(block);
  });

  it.each([
    ['operatingMode', ['tariffPeriodCount'], 258, true],
    ['gridBattery', ['batteryType'], 252, true],
    ['batteryParameters', ['acCouplingPvSource'], 258, false],
    ['batteryParameters', ['acCouplingPvSource'], 259, false],
    ['batteryParameters', ['backupSupplyOrder'], 500, true],
    ['forcedCharge', ['forcedChargingMode'], 259, false],
    ['forcedCharge', ['forcedChargingMode'], 500, true],
    ['operatingMode', ['workMode'], 0, false],
    ['operatingMode', ['batteryType'], 603, false],
  ] as const)('block %s carries %j at PCU %i: %s', (block, registers, version, carried) => {
    expect(osimBlockCarries(block, registers, version)).toBe(carried);
  });
});
