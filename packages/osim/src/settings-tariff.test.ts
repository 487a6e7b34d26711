import { describe, expect, it } from 'vitest';
import { buildOsimSettingsWrite, osimSettingsReadBack } from './settings-blocks.js';
import { osimTariffFields, osimTariffOf } from './settings-tariff.js';
import { blockForTest, frameValuesForTest } from './test-support.js';

/** A 95 block with two periods; the third record is one of the block's unused slots. */
const readBack95 = blockForTest('95', 603, {
  price1: 1.2,
  price2: 0.9,
  price3: 0.5,
  price4: 0.3,
  totalPriceNum: 2,
  elecPrice: [
    { startTime: 0, endTime: 479, electricityTypeValue: 4 },
    { startTime: 480, endTime: 1439, electricityTypeValue: 2 },
    { startTime: 0, endTime: 0, electricityTypeValue: 0 },
  ],
  operatingMode: 1,
});

const TABLE = {
  tariffPriceSharpMilli: 1200,
  tariffPricePeakMilli: 900,
  tariffPriceFlatMilli: 500,
  tariffPriceValleyMilli: 300,
  tariffPeriodCount: 2,
  tariffPeriod0Type: 4,
  tariffPeriod0StartMin: 0,
  tariffPeriod0EndMin: 479,
  tariffPeriod1Type: 2,
  tariffPeriod1StartMin: 480,
  tariffPeriod1EndMin: 1439,
};

describe('the tariff table of the 95/66 block', () => {
  it('reads prices in thousandths and the periods below the count', () => {
    expect(osimTariffOf(readBack95)).toEqual({ ok: true, value: TABLE });
  });

  it('writes prices at the block 0.1, the count and one record per period', () => {
    expect(osimTariffFields({ ...TABLE, tariffPriceSharpMilli: 1853, tariffPriceValleyMilli: 349 })).toEqual({
      ok: true,
      value: {
        price1: 1.9,
        price2: 0.9,
        price3: 0.5,
        price4: 0.3,
        totalPriceNum: 2,
        elecPrice: [
          { startTime: 0, endTime: 479, electricityTypeValue: 4 },
          { startTime: 480, endTime: 1439, electricityTypeValue: 2 },
        ],
      },
    });
  });

  it('changes one price and keeps the rest of the table and the block as read back', () => {
    const frame = buildOsimSettingsWrite('operatingMode', { tariffPricePeakMilli: 2000 }, readBack95, 603);
    const written = frameValuesForTest(frame, 603);
    expect(osimSettingsReadBack('operatingMode', written, ['tariffPricePeakMilli'])).toEqual({
      ...TABLE,
      tariffPricePeakMilli: 2000,
    });
    expect(written.operatingMode).toBe(1);
  });

  it.each([
    ['a price missing', { ...TABLE, tariffPriceFlatMilli: undefined }, 'INVALID_VALUE', 'tariffPriceFlatMilli'],
    ['the count missing', { ...TABLE, tariffPeriodCount: undefined }, 'INVALID_VALUE', 'tariffPeriodCount'],
    ['a period missing', { ...TABLE, tariffPeriodCount: 3 }, 'INVALID_VALUE', 'tariffPeriod2Type'],
    ['more than ten periods', { ...TABLE, tariffPeriodCount: 11 }, 'OUT_OF_RANGE', 'tariffPeriodCount'],
    ['a negative count', { ...TABLE, tariffPeriodCount: -1 }, 'OUT_OF_RANGE', 'tariffPeriodCount'],
    ['a fractional count', { ...TABLE, tariffPeriodCount: 1.5 }, 'OUT_OF_RANGE', 'tariffPeriodCount'],
  ])('refuses a table with %s', (_name, registers, code, field) => {
    const defined = Object.fromEntries(Object.entries(registers).filter(([, v]) => v !== undefined)) as Record<
      string,
      number
    >;
    expect(osimTariffFields(defined)).toMatchObject({ ok: false, error: { code, field } });
  });

  it.each([
    ['a price missing', { price2: undefined }, 'MISSING_FIELD'],
    ['a price that is not a number', { price2: '0a' }, 'INVALID_VALUE'],
    ['the count missing', { totalPriceNum: undefined }, 'MISSING_FIELD'],
    ['a period field missing', { elecPrice: [{ startTime: 0, endTime: 479 }] }, 'MISSING_FIELD'],
  ])('reads no table from a block with %s', (_name, fields, code) => {
    const block = Object.fromEntries(
      Object.entries({ ...readBack95, ...fields }).filter(([, v]) => v !== undefined),
    ) as typeof readBack95;
    expect(osimTariffOf(block)).toMatchObject({ ok: false, error: { code } });
  });
});
