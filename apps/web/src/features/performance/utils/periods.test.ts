import { describe, expect, test } from 'vitest';
import { addDays, browserToday, defaultSpan, last30Days, monthEnd, spanAllowed, wholeSpan } from './periods';

describe('performance spans', () => {
  test('days move across months, years and a leap day', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(monthEnd('2024-02-10')).toBe('2024-02-29');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
  });

  test('the default spans end before today (days) or cover this month and year', () => {
    expect(last30Days('2026-03-15')).toEqual({ from: '2026-02-13', to: '2026-03-14' });
    expect(defaultSpan('day', '2026-03-15')).toEqual({ from: '2026-02-13', to: '2026-03-14' });
    expect(defaultSpan('month', '2026-03-15')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(defaultSpan('year', '2026-03-15')).toEqual({ from: '2022-01-01', to: '2026-12-31' });
  });

  test('a picked span is made whole for its granularity and put in order', () => {
    expect(wholeSpan('day', '2026-03-10', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(wholeSpan('month', '2026-01-01', '2026-02-01')).toEqual({ from: '2026-01-01', to: '2026-02-28' });
    expect(wholeSpan('year', '2021-01-01', '2023-01-01')).toEqual({ from: '2021-01-01', to: '2023-12-31' });
  });

  test('the longest span per granularity is refused beyond the schema limit', () => {
    expect(spanAllowed('day', '2025-03-15', '2026-03-14')).toBe(true);
    expect(spanAllowed('day', '2024-03-01', '2026-03-14')).toBe(false);
    expect(spanAllowed('month', '2017-01-01', '2026-12-31')).toBe(true);
    expect(spanAllowed('month', '2010-01-01', '2026-12-31')).toBe(false);
  });

  test("the browser's day is its local calendar day", () => {
    expect(browserToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
