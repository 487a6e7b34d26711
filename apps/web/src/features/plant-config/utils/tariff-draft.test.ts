import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@voltfleet/domain/i18n';
import { i18next, initI18n, loadTexts } from '@/lib/i18n';
import { MESSAGES } from '@/locales/namespaces';
import { draftErrors, nextRow, planMessages, rowsFrom, serverErrors, type PeriodRow } from './tariff-draft';

const row = (key: number, type: number | null, start: string | null, end: string | null, price: number | null) =>
  ({ key, type, start, end, price }) satisfies PeriodRow;
const TODAY = '2026-03-10';

// The page reads the domain's catalogue through i18next, as the app loads it; the server's translate is the reference.
beforeAll(async () => {
  await initI18n('en');
  await loadTexts([MESSAGES]);
});

describe('draftErrors', () => {
  it.each<[string, string | null, PeriodRow[], Record<string, string>]>([
    ['a valid day', TODAY, [row(0, 4, '00:00', '07:59', 0.3), row(1, 2, '08:00', '23:59', 1)], {}],
    [
      'no effective date',
      null,
      [row(0, 3, '00:00', '23:59', 1)],
      { effectiveFrom: translate('validation.required', 'en') },
    ],
    [
      'a past effective date',
      '2026-03-09',
      [row(0, 3, '00:00', '23:59', 1)],
      { effectiveFrom: translate('tariff.effectiveDatePast', 'en', { today: TODAY }) },
    ],
    [
      'an overlap',
      TODAY,
      [row(0, 3, '00:00', '12:00', 1), row(1, 2, '11:00', '23:59', 1)],
      { 'periods.1.start': 'Time periods must not overlap' },
    ],
    [
      'missing type and price',
      TODAY,
      [row(0, null, '00:00', '23:59', null)],
      { 'periods.0.type': 'Select a tariff type', 'periods.0.price': 'Set the price' },
    ],
    ['no rows', TODAY, [], { periods: translate('tariff.fullDay', 'en') }],
  ])('%s', (_name, effectiveFrom, rows, expected) => {
    expect(draftErrors(effectiveFrom, rows, TODAY)).toEqual(expected);
  });

  it("speaks the page language, in the server's words", async () => {
    await loadTexts([MESSAGES], 'de');
    await i18next.changeLanguage('de');
    const errors = draftErrors(TODAY, [row(0, 3, '00:00', '12:00', 1), row(1, 2, '11:00', '23:59', 1)], TODAY);
    expect(errors['periods.1.start']).toBe(translate('tariff.overlap', 'de'));
    await i18next.changeLanguage('en');
  });
});

describe('server errors and plan messages', () => {
  it('keys server issues by path and lists the ones for no single field', () => {
    const errors = serverErrors([
      { path: 'periods.2.start', message: 'A' },
      { path: 'periods', message: 'B' },
      { path: 'effectiveFrom', message: 'C' },
      { path: '', message: 'D' },
    ]);
    expect(errors).toEqual({ 'periods.2.start': 'A', periods: 'B', effectiveFrom: 'C' });
    expect(planMessages(errors)).toEqual(['B', 'C']);
  });
});

describe('nextRow', () => {
  it.each<[string, PeriodRow[], Partial<PeriodRow>]>([
    ['continues after the latest end', [row(0, 4, '00:00', '07:59', 1)], { start: '08:00', end: '23:59' }],
    ['starts at midnight when nothing is set', [row(0, null, null, null, null)], { start: '00:00', end: '23:59' }],
    ['leaves times empty when the day is full', [row(0, 3, '00:00', '23:59', 1)], { start: null, end: null }],
  ])('%s', (_name, rows, expected) => {
    expect(nextRow(rows, 9)).toMatchObject({ key: 9, type: null, price: null, ...expected });
  });

  it('starts an empty editor with one whole-day row and copies stored periods', () => {
    expect(rowsFrom(undefined)).toEqual([row(0, null, '00:00', '23:59', null)]);
    expect(rowsFrom([{ type: 3, start: '00:00', end: '23:59', price: 0.5 }])).toEqual([
      row(0, 3, '00:00', '23:59', 0.5),
    ]);
  });
});
