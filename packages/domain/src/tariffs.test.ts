import { describe, expect, test } from 'vitest';
import { DEFAULT_SAVING_FACTORS, savingFactorsInputSchema } from './energy-saving.js';
import { LANGUAGES } from './languages.js';
import { localiseIssues, translate } from './messages.js';
import { formatMinuteOfDay, minuteOfDay, orderedPlan, tariffPlanIssues, type TariffPeriodDraft } from './tariffs.js';
import { tariffVersionInputSchema } from './tariffs-schemas.js';

/** A period from "type start-end price" shorthand, e.g. p(4, '00:00', '05:59', 0.3). */
const p = (type: number, start: string, end: string, price: number): TariffPeriodDraft => ({ type, start, end, price });

const DAY = [p(4, '00:00', '07:59', 0.3), p(2, '08:00', '17:59', 1.1), p(3, '18:00', '23:59', 0.7)];
const TEN = Array.from({ length: 10 }, (_, i) =>
  p((i % 4) + 1, formatMinuteOfDay(i * 144), formatMinuteOfDay(i === 9 ? 1439 : i * 144 + 143), 0.5),
);
const ELEVEN = Array.from({ length: 11 }, (_, i) =>
  p(3, formatMinuteOfDay(i * 130), formatMinuteOfDay(i === 10 ? 1439 : i * 130 + 129), 0.5),
);

describe('tariffPlanIssues accepts valid day plans', () => {
  test.each<[string, TariffPeriodDraft[]]>([
    ['one flat period for the whole day', [p(3, '00:00', '23:59', 0.5)]],
    ['valley, peak, flat', DAY],
    ['the same plan given out of order', [DAY[2]!, DAY[0]!, DAY[1]!]],
    [
      'a valley across midnight as two periods',
      [p(4, '00:00', '05:59', 0.2), p(3, '06:00', '21:59', 0.6), p(4, '22:00', '23:59', 0.2)],
    ],
    ['exactly 10 periods', TEN],
    ['a free period (price 0)', [p(4, '00:00', '11:59', 0), p(1, '12:00', '23:59', 1000)]],
    ['a one-minute period', [p(3, '00:00', '00:01', 1), p(2, '00:02', '23:59', 1)]],
  ])('%s', (_name, periods) => {
    expect(tariffPlanIssues(periods)).toEqual([]);
  });
});

describe('tariffPlanIssues rejects each broken rule with its own message', () => {
  test.each<[string, TariffPeriodDraft[], string, number | null]>([
    ['no type selected', [{ start: '00:00', end: '23:59', price: 1 }], 'tariff.typeRequired', 0],
    ['an unknown type', [p(5, '00:00', '23:59', 1)], 'validation.invalidValue', 0],
    ['no period set', [{ type: 3, price: 1 }], 'tariff.periodRequired', 0],
    ['only the start set', [{ type: 3, start: '00:00', price: 1 }], 'tariff.periodIncomplete', 0],
    ['only the end set', [{ type: 3, end: '23:59', price: 1, start: '' }], 'tariff.periodIncomplete', 0],
    ['a time that is not HH:mm', [p(3, '00:00', '24:00', 1)], 'tariff.timeFormat', 0],
    ['no price set', [{ type: 3, start: '00:00', end: '23:59', price: null }], 'tariff.priceRequired', 0],
    ['a negative price', [p(3, '00:00', '23:59', -0.1)], 'validation.nonNegativeNumber', 0],
    ['a price over the limit', [p(3, '00:00', '23:59', 1000.01)], 'validation.exceedsLimit', 0],
    ['start after end', [p(3, '00:00', '11:59', 1), p(2, '23:59', '12:00', 1)], 'tariff.startBeforeEnd', 1],
    ['start equal to end', [p(3, '00:00', '11:59', 1), p(2, '12:00', '12:00', 1)], 'tariff.startBeforeEnd', 1],
    ['overlapping periods', [p(3, '00:00', '12:00', 1), p(2, '11:00', '23:59', 1)], 'tariff.overlap', 1],
    ['a period inside another', [p(3, '00:00', '23:59', 1), p(2, '08:00', '09:00', 1)], 'tariff.overlap', 1],
    ['the first begins after 00:00', [p(3, '00:01', '23:59', 1)], 'tariff.firstAtMidnight', 0],
    ['a gap between periods', [p(3, '00:00', '11:59', 1), p(2, '12:30', '23:59', 1)], 'tariff.contiguous', 1],
    ['the day not covered to 23:59', [p(3, '00:00', '11:59', 1), p(2, '12:00', '23:58', 1)], 'tariff.fullDay', 1],
    ['no periods at all', [], 'tariff.fullDay', null],
    ['more than 10 periods', ELEVEN, 'tariff.tooMany', null],
  ])('%s', (_name, periods, key, index) => {
    const issues = tariffPlanIssues(periods);
    expect(issues.map((i) => i.key)).toEqual([key]);
    expect(issues[0]!.index).toBe(index);
  });

  test('every rule key has a message in all four languages', () => {
    for (const key of [
      'tariff.typeRequired',
      'tariff.periodRequired',
      'tariff.periodIncomplete',
      'tariff.priceRequired',
      'tariff.startBeforeEnd',
      'tariff.overlap',
      'tariff.firstAtMidnight',
      'tariff.contiguous',
      'tariff.fullDay',
      'tariff.tooMany',
    ] as const) {
      expect(new Set(LANGUAGES.map((lang) => translate(key, lang))).size, key).toBe(4);
    }
  });
});

describe('time of day', () => {
  test.each<[string, number | null]>([
    ['00:00', 0],
    ['05:59', 359],
    ['23:59', 1439],
    ['24:00', null],
    ['7:00', null],
    ['12:60', null],
    ['', null],
  ])('%s → %s', (text, minute) => {
    expect(minuteOfDay(text)).toBe(minute);
    if (minute !== null) expect(formatMinuteOfDay(minute)).toBe(text);
  });
});

describe('tariffVersionInputSchema', () => {
  test('returns the periods ordered by start', () => {
    const parsed = tariffVersionInputSchema.parse({ effectiveFrom: '2026-03-01', periods: [DAY[1], DAY[2], DAY[0]] });
    expect(parsed.periods).toEqual(orderedPlan(DAY));
    expect(parsed.periods.map((x) => x.start)).toEqual(['00:00', '08:00', '18:00']);
  });

  test.each<[string, unknown, string, string]>([
    [
      'an overlap',
      { effectiveFrom: '2026-03-01', periods: [p(3, '00:00', '12:00', 1), p(2, '11:00', '23:59', 1)] },
      'periods.1.start',
      'Time periods must not overlap',
    ],
    ['an impossible date', { effectiveFrom: '2026-02-30', periods: DAY }, 'effectiveFrom', 'This value is not valid'],
    ['a malformed date', { effectiveFrom: '2026-13-99', periods: DAY }, 'effectiveFrom', 'This value is not valid'],
    ['too many periods', { effectiveFrom: '2026-03-01', periods: ELEVEN }, 'periods', 'At most 10 time periods'],
  ])('rejects %s with a localised message on the right path', (_name, input, path, en) => {
    const result = tariffVersionInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    const [first] = localiseIssues(result.error!.issues, 'en');
    expect(first).toEqual({ path, message: expect.stringContaining(en) as unknown });
  });
});

describe('energy-saving factors', () => {
  test('the defaults are valid input', () => {
    expect(savingFactorsInputSchema.parse(DEFAULT_SAVING_FACTORS)).toEqual(DEFAULT_SAVING_FACTORS);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['zero coal', { ...DEFAULT_SAVING_FACTORS, coalKgPerKwh: 0 }, 'coalKgPerKwh'],
    ['negative CO2', { ...DEFAULT_SAVING_FACTORS, co2KgPerKwh: -1 }, 'co2KgPerKwh'],
    ['too many trees', { ...DEFAULT_SAVING_FACTORS, treesPerKwh: 2 }, 'treesPerKwh'],
    ['a missing factor', { coalKgPerKwh: 0.4, co2KgPerKwh: 0.9 }, 'treesPerKwh'],
  ])('rejects %s', (_name, input, path) => {
    const result = savingFactorsInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.join('.')).toBe(path);
  });
});

describe('date limits say their limit', () => {
  test.each(['zh', 'en', 'cs', 'de'] as const)('a tariff from 2101 is refused with a whole message (%s)', (lang) => {
    const result = tariffVersionInputSchema.safeParse({ effectiveFrom: '2101-01-01', periods: [] });
    expect(result.success).toBe(false);
    const messages = localiseIssues(result.error?.issues ?? [], lang)
      .filter((i) => i.path === 'effectiveFrom')
      .map((i) => i.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message).toContain('2100-12-31');
      expect(message).not.toMatch(/\{\w+\}|\s$/);
    }
  });
});
