import { describe, expect, it } from 'vitest';
import { dayOffset, formatForecastDate, formatTempC, localClock } from './weather-format';

describe('weather formatting', () => {
  it.each([
    // 23:30 UTC on the 16th is already the 17th in Shanghai and still the 16th in São Paulo.
    ['2025-06-17', '2025-06-16T23:30:00Z', 'Asia/Shanghai', 0],
    ['2025-06-17', '2025-06-16T23:30:00Z', 'America/Sao_Paulo', 1],
    ['2025-06-19', '2025-06-16T23:30:00Z', 'America/Sao_Paulo', 3],
    ['2025-06-16', '2025-06-17T12:00:00Z', 'Europe/Prague', -1],
    ['2026-01-01', '2025-12-31T12:00:00Z', 'UTC', 1],
  ])('%s at %s in %s is day %i', (date, now, zone, expected) => {
    expect(dayOffset(date, Date.parse(now), zone)).toBe(expected);
  });

  it.each([
    ['2025-06-17', 'en', 'Tue', '06/17'],
    ['2025-06-17', 'de', 'Di', '17.06.'],
    ['2025-06-22', 'cs', 'ne', '22. 06.'],
    ['2025-06-22', 'zh', '周日', '06/22'],
  ])('%s in %s is %s %s', (date, locale, weekday, shown) => {
    expect(formatForecastDate(date, locale)).toEqual({ weekday, date: shown });
  });

  it.each([
    [30.4, '30°C'],
    [-0.4, '0°C'],
    [-1.6, '-2°C'],
  ])('%d reads %s', (value, shown) => {
    expect(formatTempC(value)).toBe(shown);
  });

  it('reads the clock of a local time', () => {
    expect(localClock('2025-06-17T05:38')).toBe('05:38');
    expect(localClock(null)).toBeNull();
  });
});
