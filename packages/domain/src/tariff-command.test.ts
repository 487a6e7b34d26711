import { describe, expect, test } from 'vitest';
import { commandCategory, commandKindName, readBackConfirms } from './commands.js';
import { checkSetting } from './command-settings.js';
import { issueCommandSchema } from './commands-schemas.js';
import { LANGUAGES } from './languages.js';
import { translate, translator } from './messages.js';
import { TARIFF_REGISTERS, formatTariffPeriods, tariffPeriodsOf, tariffRegisters } from './tariff-command.js';
import { type TariffCommand } from './tariff-command-schemas.js';

type Draft = TariffCommand['periods'][number];
const p = (type: number | null, start: string | null, end: string | null, price: number | null): Draft => ({
  type,
  start,
  end,
  price,
});
const VALLEY_PEAK = [p(4, '00:00', '07:59', 0.3), p(2, '08:00', '21:59', 1.2), p(4, '22:00', '23:59', 0.3)];

describe('tariffRegisters: every R5.8 rule refuses with its own message and path', () => {
  test.each<[string, Draft[] | undefined, string, string]>([
    ['no plan', undefined, 'tariff', 'command.parametersEmpty'],
    ['no periods', [], 'tariff.periods', 'tariff.fullDay'],
    ['type missing', [p(null, '00:00', '23:59', 1)], 'tariff.periods.0.type', 'tariff.typeRequired'],
    ['unknown type', [p(5, '00:00', '23:59', 1)], 'tariff.periods.0.type', 'validation.invalidValue'],
    ['period missing', [p(3, null, null, 1)], 'tariff.periods.0.start', 'tariff.periodRequired'],
    ['end missing', [p(3, '00:00', null, 1)], 'tariff.periods.0.end', 'tariff.periodIncomplete'],
    ['time format', [p(3, '00:00', '24:00', 1)], 'tariff.periods.0.end', 'tariff.timeFormat'],
    ['price missing', [p(3, '00:00', '23:59', null)], 'tariff.periods.0.price', 'tariff.priceRequired'],
    ['negative price', [p(3, '00:00', '23:59', -1)], 'tariff.periods.0.price', 'validation.nonNegativeNumber'],
    [
      'start after end',
      [p(3, '00:00', '23:59', 1), p(2, '12:00', '11:00', 1)],
      'tariff.periods.1.end',
      'tariff.startBeforeEnd',
    ],
    ['overlap', [p(3, '00:00', '12:00', 1), p(2, '11:00', '23:59', 1)], 'tariff.periods.1.start', 'tariff.overlap'],
    ['first not at 00:00', [p(3, '00:01', '23:59', 1)], 'tariff.periods.0.start', 'tariff.firstAtMidnight'],
    [
      'gap at 12:00',
      [p(4, '00:00', '11:59', 1), p(2, '12:01', '23:59', 2)],
      'tariff.periods.1.start',
      'tariff.contiguous',
    ],
    ['day not covered', [p(3, '00:00', '22:59', 1)], 'tariff.periods.0.end', 'tariff.fullDay'],
    [
      'one price per type',
      [p(4, '00:00', '07:59', 0.3), p(2, '08:00', '21:59', 1.2), p(4, '22:00', '23:59', 0.25)],
      'tariff.periods.2.price',
      'command.tariffOnePricePerType',
    ],
  ])('%s', (_name, periods, path, key) => {
    expect(tariffRegisters(periods && { periods })).toEqual({ ok: false, issue: { path, key } });
  });

  test('more than 10 periods is refused by the schema with the R5.8 (f) message', () => {
    const periods = Array.from({ length: 11 }, (_, i) => p(3, `${String(i).padStart(2, '0')}:00`, '23:59', 1));
    const parsed = issueCommandSchema.safeParse({
      deviceIds: [1],
      kind: 'tariffPeriods',
      tariff: { periods },
      idempotencyKey: 'key-12345',
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['tariff.periods', 'tariff.tooMany'],
    ]);
  });

  test('the schema refuses unknown fields in a period', () => {
    const body = { deviceIds: [1], kind: 'tariffPeriods', idempotencyKey: 'key-12345' };
    expect(issueCommandSchema.safeParse({ ...body, tariff: { periods: VALLEY_PEAK } }).success).toBe(true);
    expect(
      issueCommandSchema.safeParse({ ...body, tariff: { periods: [{ ...VALLEY_PEAK[0], currency: 'EUR' }] } }).success,
    ).toBe(false);
  });
});

describe('tariffRegisters: the registers of a valid plan', () => {
  test('prices in thousandths per type (0 when unused), the count and the periods ordered by start', () => {
    // Entered out of order: the registers follow the start times.
    const periods = [VALLEY_PEAK[2]!, VALLEY_PEAK[0]!, p(2, '08:00', '21:59', 1.2345)];
    expect(checkSetting({ kind: 'tariffPeriods', tariff: { periods } })).toEqual({
      ok: true,
      parameters: {
        tariffPriceSharpMilli: 0,
        tariffPricePeakMilli: 1235,
        tariffPriceFlatMilli: 0,
        tariffPriceValleyMilli: 300,
        tariffPeriodCount: 3,
        tariffPeriod0Type: 4,
        tariffPeriod0StartMin: 0,
        tariffPeriod0EndMin: 479,
        tariffPeriod1Type: 2,
        tariffPeriod1StartMin: 480,
        tariffPeriod1EndMin: 1319,
        tariffPeriod2Type: 4,
        tariffPeriod2StartMin: 1320,
        tariffPeriod2EndMin: 1439,
      },
    });
  });

  test('one whole-day period and ten periods are both accepted; every register name is in the table', () => {
    const hh = (h: number) => String(h).padStart(2, '0');
    // Two hours each, the last to the end of the day; the price of each type is its code.
    const ten = Array.from({ length: 10 }, (_, i) =>
      p((i % 4) + 1, `${hh(i * 2)}:00`, i === 9 ? '23:59' : `${hh(i * 2 + 1)}:59`, (i % 4) + 1),
    );
    for (const periods of [[p(3, '00:00', '23:59', 0.5)], ten]) {
      const result = tariffRegisters({ periods });
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.parameters.tariffPeriodCount).toBe(periods.length);
        for (const key of Object.keys(result.parameters)) expect(TARIFF_REGISTERS).toContain(key);
      }
    }
    expect(TARIFF_REGISTERS).toHaveLength(4 + 1 + 30);
  });
});

describe('tariffPeriodsOf and formatTariffPeriods: registers back to periods, for people', () => {
  const ok = tariffRegisters({ periods: VALLEY_PEAK });
  const registers = ok.ok ? ok.parameters : {};

  test('round trip of a plan', () => {
    expect(tariffPeriodsOf(registers)).toEqual(VALLEY_PEAK);
  });

  test.each<[string, Record<string, number>]>([
    ['no count', { ...registers, tariffPeriodCount: undefined as unknown as number }],
    ['count 0', { ...registers, tariffPeriodCount: 0 }],
    ['count 11', { ...registers, tariffPeriodCount: 11 }],
    ['a slot missing', { ...registers, tariffPeriodCount: 4 }],
    ['a type outside 1–4', { ...registers, tariffPeriod1Type: 7 }],
  ])('%s → null', (_name, broken) => {
    expect(tariffPeriodsOf(JSON.parse(JSON.stringify(broken)) as Record<string, number>)).toBeNull();
  });

  test.each([
    ['en', '00:00–07:59 Valley 0.300 · 08:00–21:59 Peak 1.200 · 22:00–23:59 Valley 0.300'],
    ['zh', '00:00–07:59 谷 0.300 · 08:00–21:59 峰 1.200 · 22:00–23:59 谷 0.300'],
    ['de', '00:00–07:59 Tal 0.300 · 08:00–21:59 Spitze 1.200 · 22:00–23:59 Tal 0.300'],
  ] as const)('in %s', (lang, text) => {
    expect(formatTariffPeriods(tariffPeriodsOf(registers)!, translator(lang))).toBe(text);
  });
});

describe('the tariff-periods command kind', () => {
  test('is a parameter setting with names in every language and its own refusal message', () => {
    expect(commandCategory('tariffPeriods')).toBe('parameter');
    expect(LANGUAGES.map((l) => translate(commandKindName('tariffPeriods'), l))).toEqual([
      '电价时段',
      'Tariff periods',
      'Tarifní pásma',
      'Tarifzeiträume',
    ]);
    expect(translate('command.tariffOnePricePerType', 'en')).toContain('one price per tariff type');
  });

  test.each<[Record<string, number>, boolean]>([
    [{ tariffPriceValleyMilli: 853, tariffPeriodCount: 2 }, true],
    [{ tariffPriceValleyMilli: 900, tariffPeriodCount: 2 }, true],
    [{ tariffPriceValleyMilli: 803, tariffPeriodCount: 2 }, true],
    [{ tariffPriceValleyMilli: 802, tariffPeriodCount: 2 }, false],
    [{ tariffPriceValleyMilli: 904, tariffPeriodCount: 2 }, false],
    [{ tariffPriceValleyMilli: 853, tariffPeriodCount: 3 }, false],
    [{ tariffPriceValleyMilli: 853 }, false],
  ])('read-back %o of a price 853 and 2 periods confirms: %s', (readBack, confirmed) => {
    expect(readBackConfirms({ tariffPriceValleyMilli: 853, tariffPeriodCount: 2 }, readBack, 1)).toBe(confirmed);
  });

  test('minutes are confirmed exactly, not within the price tolerance', () => {
    expect(readBackConfirms({ tariffPeriod0EndMin: 479 }, { tariffPeriod0EndMin: 480 }, 1)).toBe(false);
  });
});
