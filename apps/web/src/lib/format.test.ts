import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  formatAxisLabel,
  formatBrowserDate,
  formatDateTime,
  formatDuration,
  formatElapsed,
  formatMonthDay,
  formatPlantTime,
  formatUtcDate,
  formatWeekday,
  formatWeekdayOf,
  pad,
  type AxisLabelKind,
} from './format';

describe('formatDateTime', () => {
  it('shows local date and time like dayjs "YYYY-MM-DD HH:mm:ss"', () => {
    for (const iso of ['2026-01-31T08:05:09.000Z', '2026-12-01T23:59:59+02:00', '2024-02-29T00:00:00Z']) {
      expect(formatDateTime(iso)).toBe(dayjs(iso).format('YYYY-MM-DD HH:mm:ss'));
    }
  });

  it('shows a dash when there is no time, and an unreadable one as it came', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('formatPlantTime', () => {
  it.each([
    // Prague, spring forward on the last Sunday of March: 02:00 CET becomes 03:00 CEST.
    ['2026-03-29T00:59:59Z', 'Europe/Prague', '2026-03-29 01:59:59 UTC+1'],
    ['2026-03-29T01:00:00Z', 'Europe/Prague', '2026-03-29 03:00:00 UTC+2'],
    // Prague, fall back on the last Sunday of October: 02:00–03:00 happens twice, the offset tells them apart.
    ['2026-10-25T00:30:00Z', 'Europe/Prague', '2026-10-25 02:30:00 UTC+2'],
    ['2026-10-25T01:30:00Z', 'Europe/Prague', '2026-10-25 02:30:00 UTC+1'],
    ['2026-07-01T00:00:00Z', 'Europe/Prague', '2026-07-01 02:00:00 UTC+2'],
    ['2026-01-15T10:00:00Z', 'Europe/Prague', '2026-01-15 11:00:00 UTC+1'],
    // Half-hour zone, and one crossing midnight.
    ['2026-01-01T00:00:00Z', 'Asia/Kolkata', '2026-01-01 05:30:00 UTC+5:30'],
    ['2026-01-01T18:45:10Z', 'Asia/Kolkata', '2026-01-02 00:15:10 UTC+5:30'],
    ['2026-11-22T04:05:06Z', 'Asia/Shanghai', '2026-11-22 12:05:06 UTC+8'],
    ['2026-07-15T23:30:00Z', 'Asia/Shanghai', '2026-07-16 07:30:00 UTC+8'],
    ['2026-11-22T04:05:06Z', 'Etc/GMT+8', '2026-11-21 20:05:06 UTC-8'],
    ['2024-01-15T02:00:00Z', 'America/Sao_Paulo', '2024-01-14 23:00:00 UTC-3'],
    // A plant really set to UTC shows its offset like any other zone.
    ['2026-03-29T01:00:00Z', 'UTC', '2026-03-29 01:00:00 UTC+0'],
    // Missing or unknown zone: UTC, labelled "UTC".
    ['2026-03-29T01:00:00Z', null, '2026-03-29 01:00:00 UTC'],
    ['2026-03-29T01:00:00Z', undefined, '2026-03-29 01:00:00 UTC'],
    ['2026-03-29T01:00:00Z', '', '2026-03-29 01:00:00 UTC'],
    ['2026-03-29T01:00:00Z', 'Mars/Olympus_Mons', '2026-03-29 01:00:00 UTC'],
    ['2026-03-29T01:00:00Z', ' Europe/Prague', '2026-03-29 01:00:00 UTC'],
    // No time, or not a time.
    [null, 'Europe/Prague', '—'],
    [undefined, 'Europe/Prague', '—'],
    ['', null, '—'],
    ['not a time', 'UTC', 'not a time'],
  ] as const)('%s in %s → %s', (iso, zone, expected) => {
    expect(formatPlantTime(iso, zone)).toBe(expected);
  });
});

describe('formatAxisLabel', () => {
  it.each<[string, string | null, AxisLabelKind, string]>([
    ['2026-03-29T00:45:00Z', 'Europe/Prague', 'time', '01:45'],
    ['2026-03-29T01:00:00Z', 'Europe/Prague', 'time', '03:00'],
    ['2026-10-25T00:30:00Z', 'Europe/Prague', 'dayTime', '10-25 02:30'],
    ['2026-10-25T01:30:00Z', 'Europe/Prague', 'dayTime', '10-25 02:30'],
    ['2026-01-01T18:45:59Z', 'Asia/Kolkata', 'dayTime', '01-02 00:15'],
    ['2026-01-01T18:45:00Z', 'Asia/Kolkata', 'day', '01-02'],
    ['2026-01-01T18:45:00Z', null, 'dayTime', '01-01 18:45'],
    ['2026-01-01T18:45:00Z', 'No/Such_Zone', 'time', '18:45'],
  ])('%s in %s as %s → %s', (iso, zone, kind, expected) => {
    expect(formatAxisLabel(Date.parse(iso), zone, kind)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [20 * 60 * 1000, '20:00'],
    [19 * 60 * 1000 + 59_001, '20:00'],
    [75 * 60 * 1000, '75:00'],
    [61_000, '01:01'],
    [999, '00:01'],
    [0, '00:00'],
    [-5000, '00:00'],
  ])('%i ms → %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('dates and padding', () => {
  it.each([
    [new Date(2026, 0, 5, 23, 59), '2026-01-05'],
    [new Date(2024, 11, 31, 0, 0), '2024-12-31'],
  ])('the browser date of %s is %s', (at, expected) => {
    expect(formatBrowserDate(at)).toBe(expected);
    expect(formatBrowserDate(at)).toBe(dayjs(at).format('YYYY-MM-DD'));
  });

  it.each([
    ['2026-03-14T23:59:59.000Z', '2026-03-14'],
    ['2026-03-14T22:30:00-02:00', '2026-03-15'],
    [null, '—'],
    ['soon', 'soon'],
  ])('the UTC date of %s is %s', (iso, expected) => expect(formatUtcDate(iso)).toBe(expected));

  it('defaults to today and names the browser zone', () => {
    expect(formatBrowserDate()).toBe(dayjs().format('YYYY-MM-DD'));
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it.each([
    [0, 2, '00'],
    [7, 2, '07'],
    [12, 2, '12'],
    [123, 2, '123'],
    [987, 4, '0987'],
  ])('pads %i to %i digits: %s', (n, width, text) => expect(pad(n, width)).toBe(text));
});

describe('formatElapsed', () => {
  it.each([
    [0, 'en', '0 sec'],
    [44.6, 'en', '45 sec'],
    [65, 'en', '1 min 5 sec'],
    [3_600, 'en', '1 hr'],
    [3_600 + 30, 'en', '1 hr'],
    [2 * 86_400 + 3 * 3_600 + 59, 'en', '2 days 3 hr'],
    [2 * 86_400 + 5 * 60, 'en', '2 days'],
    [3 * 3_600 + 12 * 60, 'de', '3 Std. 12 Min.'],
    [86_400 + 3_600, 'zh', '1天 1小时'],
    [-5, 'en', '0 sec'],
  ] as const)('%d s in %s reads "%s"', (seconds, lang, expected) => {
    expect(formatElapsed(seconds, lang)).toBe(expected);
  });

  it('shows a dash when unknown', () => {
    expect(formatElapsed(null, 'en')).toBe('—');
    expect(formatElapsed(Number.NaN, 'en')).toBe('—');
  });
});

describe('weekdays and month days', () => {
  it.each([
    ['2025-06-17', 'en', 'Tue', '06/17'],
    ['2025-06-17', 'de', 'Di', '17.06.'],
    ['2025-06-22', 'cs', 'ne', '22. 06.'],
    ['2025-06-22', 'zh', '周日', '06/22'],
  ])('%s in %s is %s %s', (date, lang, weekday, monthDay) => {
    expect(formatWeekday(date, lang)).toBe(weekday);
    expect(formatMonthDay(date, lang)).toBe(monthDay);
  });

  it('names the weekdays from Monday', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => formatWeekdayOf(i, 'en'))).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
  });
});
