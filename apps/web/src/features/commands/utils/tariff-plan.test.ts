import { describe, expect, it } from 'vitest';
import { appendedRow, planIssues, planMessages, planOf, rowsOf, serverPlanErrors, type PlanRow } from './tariff-plan';

const row = (key: number, type: number | null, start: string | null, end: string | null, price: number | null) => ({
  key,
  type,
  start,
  end,
  price,
});

describe('planIssues: the domain rules before sending, by form path', () => {
  it.each<[string, PlanRow[], Record<string, string>]>([
    ['a valid plan', [row(0, 4, '00:00', '11:59', 0.3), row(1, 2, '12:00', '23:59', 1.2)], {}],
    [
      'a gap at 12:00',
      [row(0, 4, '00:00', '11:59', 0.3), row(1, 2, '12:01', '23:59', 1.2)],
      { 'periods.1.start': 'tariff.contiguous' },
    ],
    [
      'two empty fields of one row and a missing price of another',
      [row(0, null, null, null, 1), row(1, 2, '12:00', '23:59', null)],
      {
        'periods.0.type': 'tariff.typeRequired',
        'periods.0.start': 'tariff.periodRequired',
        'periods.1.price': 'tariff.priceRequired',
      },
    ],
    ['no rows', [], { periods: 'tariff.fullDay' }],
    [
      'two prices for the valley',
      [row(0, 4, '00:00', '07:59', 0.3), row(1, 2, '08:00', '21:59', 1.2), row(2, 4, '22:00', '23:59', 0.2)],
      { 'periods.2.price': 'command.tariffOnePricePerType' },
    ],
  ])('%s', (_name, rows, expected) => {
    expect(planIssues(rows)).toEqual(expected);
  });
});

describe('the server refusal on the rows', () => {
  it('maps request paths to rows and the plan, first message per path, other issues left out', () => {
    const errors = serverPlanErrors([
      { path: 'tariff.periods.1.start', message: 'gap' },
      { path: 'tariff.periods.1.start', message: 'second' },
      { path: 'tariff', message: 'Enter a new value' },
      { path: 'deviceIds', message: 'not mine' },
    ]);
    expect(errors).toEqual({ 'periods.1.start': 'gap', periods: 'Enter a new value' });
    expect(planMessages(errors)).toEqual(['Enter a new value']);
  });
});

describe('rows', () => {
  it('start as one whole-day row or as the loaded plan, and travel without their keys', () => {
    expect(rowsOf(undefined)).toEqual([row(0, null, '00:00', '23:59', null)]);
    const loaded = rowsOf([{ type: 3, start: '00:00', end: '23:59', price: 0.5 }]);
    expect(planOf(loaded)).toEqual({ periods: [{ type: 3, start: '00:00', end: '23:59', price: 0.5 }] });
  });

  it.each<[PlanRow[], PlanRow]>([
    [[row(0, 4, '00:00', '07:59', 0.3)], row(1, null, '08:00', '23:59', null)],
    [[row(3, 4, '00:00', '07:59', 0.3), row(1, 2, '08:00', '09:59', 1)], row(4, null, '10:00', '23:59', null)],
    [[row(0, 4, '00:00', '23:59', 0.3)], row(1, null, null, null, null)],
    [[row(0, null, null, null, null)], row(1, null, '00:00', '23:59', null)],
  ])('a new row after %o is %o', (rows, next) => {
    expect(appendedRow(rows)).toEqual(next);
  });
});
