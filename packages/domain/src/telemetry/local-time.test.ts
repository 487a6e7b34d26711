import { describe, expect, test } from 'vitest';
import {
  HOUR_MS,
  followsDaylightSaving,
  isValidTimeZone,
  localDay,
  localDayStart,
  localMonth,
  localParts,
  nextLocalMidnight,
  shiftDay,
  shiftMonth,
  startOfLocalDay,
  utcOffsetLabel,
  utcOffsetMinutes,
} from './local-time.js';

const at = (iso: string) => Date.parse(iso);

describe('utcOffsetMinutes and utcOffsetLabel', () => {
  test.each([
    ['Europe/Prague', '2024-01-15T12:00:00Z', 60, 'UTC+1'],
    ['Europe/Prague', '2024-07-15T12:00:00Z', 120, 'UTC+2'],
    ['Asia/Shanghai', '2024-07-15T12:00:00Z', 480, 'UTC+8'],
    ['America/Sao_Paulo', '2024-07-15T12:00:00Z', -180, 'UTC-3'],
    ['America/New_York', '2024-01-15T12:00:00Z', -300, 'UTC-5'],
    ['Asia/Kolkata', '2024-01-15T12:00:00Z', 330, 'UTC+5:30'],
    ['UTC', '2024-01-15T12:00:00Z', 0, 'UTC+0'],
    // Prague switches at 01:00 UTC on the last Sunday of March / October.
    ['Europe/Prague', '2024-03-31T00:59:59Z', 60, 'UTC+1'],
    ['Europe/Prague', '2024-03-31T01:00:00Z', 120, 'UTC+2'],
    ['Europe/Prague', '2024-10-27T00:59:59Z', 120, 'UTC+2'],
    ['Europe/Prague', '2024-10-27T01:00:00Z', 60, 'UTC+1'],
  ])('%s at %s is %i minutes (%s)', (zone, iso, minutes, label) => {
    expect(utcOffsetMinutes(zone, at(iso))).toBe(minutes);
    expect(utcOffsetLabel(zone, at(iso))).toBe(label);
  });
});

describe('localParts, localDay, localMonth', () => {
  test('wall clock of an instant', () => {
    expect(localParts(at('2024-03-31T01:30:00Z'), 'Europe/Prague')).toMatchObject({
      year: 2024,
      month: 3,
      day: 31,
      hour: 3,
      minute: 30,
      weekday: 0,
      minuteOfDay: 210,
    });
  });

  test.each([
    ['Asia/Shanghai', '2024-06-30T16:00:00Z', '2024-07-01', '2024-07'],
    ['Asia/Shanghai', '2024-06-30T15:59:59Z', '2024-06-30', '2024-06'],
    ['America/Sao_Paulo', '2025-01-01T02:59:59Z', '2024-12-31', '2024-12'],
    ['America/Sao_Paulo', '2025-01-01T03:00:00Z', '2025-01-01', '2025-01'],
    ['Europe/Prague', '2024-03-30T23:00:00Z', '2024-03-31', '2024-03'],
  ])('%s %s is local day %s', (zone, iso, day, month) => {
    expect(localDay(at(iso), zone)).toBe(day);
    expect(localMonth(at(iso), zone)).toBe(month);
  });
});

describe('startOfLocalDay and nextLocalMidnight', () => {
  test.each([
    ['Europe/Prague', '2024-03-31T12:00:00Z', '2024-03-30T23:00:00.000Z', '2024-03-31T22:00:00.000Z', 23],
    ['Europe/Prague', '2024-10-27T12:00:00Z', '2024-10-26T22:00:00.000Z', '2024-10-27T23:00:00.000Z', 25],
    ['Europe/Prague', '2024-06-01T00:00:00Z', '2024-05-31T22:00:00.000Z', '2024-06-01T22:00:00.000Z', 24],
    ['Asia/Shanghai', '2024-06-01T00:00:00Z', '2024-05-31T16:00:00.000Z', '2024-06-01T16:00:00.000Z', 24],
    // 2018-11-04: São Paulo skipped 00:00-01:00, so that day began at 01:00 (-02:00).
    ['America/Sao_Paulo', '2018-11-04T12:00:00Z', '2018-11-04T03:00:00.000Z', '2018-11-05T02:00:00.000Z', 23],
    ['America/New_York', '2024-03-10T12:00:00Z', '2024-03-10T05:00:00.000Z', '2024-03-11T04:00:00.000Z', 23],
  ])('%s day of %s starts %s, next starts %s (%i h)', (zone, iso, start, next, hours) => {
    const s = startOfLocalDay(at(iso), zone);
    const n = nextLocalMidnight(at(iso), zone);
    expect(new Date(s).toISOString()).toBe(start);
    expect(new Date(n).toISOString()).toBe(next);
    expect((n - s) / HOUR_MS).toBe(hours);
  });

  test('the start of a day is itself in that day and one millisecond before is not', () => {
    for (let ms = at('2024-03-29T00:00:00Z'); ms < at('2024-04-02T00:00:00Z'); ms += 37 * 60_000) {
      const s = startOfLocalDay(ms, 'Europe/Prague');
      expect(localDay(s, 'Europe/Prague')).toBe(localDay(ms, 'Europe/Prague'));
      expect(localDay(s - 1, 'Europe/Prague')).not.toBe(localDay(ms, 'Europe/Prague'));
    }
  });
});

describe('localDayStart', () => {
  test.each([
    ['2026-03-03', 'Europe/Prague', '2026-03-02T23:00:00.000Z'],
    ['2026-07-01', 'Europe/Prague', '2026-06-30T22:00:00.000Z'],
    ['2026-07-01', 'America/New_York', '2026-07-01T04:00:00.000Z'],
    // Prague's 23-hour spring day and the day after it.
    ['2026-03-29', 'Europe/Prague', '2026-03-28T23:00:00.000Z'],
    ['2026-03-30', 'Europe/Prague', '2026-03-29T22:00:00.000Z'],
    ['2026-10-25', 'Europe/Prague', '2026-10-24T22:00:00.000Z'],
    ['2026-03-04', 'Asia/Shanghai', '2026-03-03T16:00:00.000Z'],
    ['2026-03-04', 'Asia/Kolkata', '2026-03-03T18:30:00.000Z'],
    ['2026-03-04', 'Asia/Kathmandu', '2026-03-03T18:15:00.000Z'],
    // São Paulo skipped midnight on 2018-11-04: the day began at 01:00.
    ['2018-11-04', 'America/Sao_Paulo', '2018-11-04T03:00:00.000Z'],
    ['2026-03-04', 'UTC', '2026-03-04T00:00:00.000Z'],
  ])('%s in %s starts at %s', (day, zone, start) => {
    expect(new Date(localDayStart(day, zone)!).toISOString()).toBe(start);
  });

  test.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-3-1', 'yesterday', ''])('%j is no day', (day) => {
    expect(localDayStart(day, 'Europe/Prague')).toBeUndefined();
  });
});

describe('shiftDay and shiftMonth', () => {
  test.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-01-15', -400, '2024-12-11'],
    ['2026-01-15', 0, '2026-01-15'],
  ])('%s shifted by %i days is %s', (day, n, expected) => {
    expect(shiftDay(day, n)).toBe(expected);
  });

  test.each([
    ['2026-01', -13, '2024-12'],
    ['2025-11', 2, '2026-01'],
    ['2026-12', 1, '2027-01'],
    ['2026-05', 0, '2026-05'],
  ])('%s shifted by %i months is %s', (month, n, expected) => {
    expect(shiftMonth(month, n)).toBe(expected);
  });
});

describe('the day caches of localDay and startOfLocalDay', () => {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const dayFromParts = (ms: number, zone: string) => {
    const p = localParts(ms, zone);
    return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  };
  // Quarter-hour, half-hour and 45-minute offsets, DST at local midnight (São Paulo 2018), and offsets that are not
  // whole quarter hours (Kiritimati was UTC−10:40 until 1979, Monrovia UTC−0:44:30 until 1972).
  test.each([
    ['Europe/Prague', '2024-03-30T12:00:00Z'],
    ['Europe/Prague', '2024-10-26T12:00:00Z'],
    ['America/Sao_Paulo', '2018-11-03T12:00:00Z'],
    ['America/Sao_Paulo', '2019-02-16T12:00:00Z'],
    ['Asia/Kathmandu', '2024-06-01T00:00:00Z'],
    ['Australia/Lord_Howe', '2024-04-06T00:00:00Z'],
    ['America/St_Johns', '2024-11-02T12:00:00Z'],
    ['Pacific/Kiritimati', '1970-06-01T12:00:00Z'],
    ['Africa/Monrovia', '1970-06-01T12:00:00Z'],
  ])('%s around %s: cached answers equal a direct computation, in any order', (zone, iso) => {
    // Every 7 minutes over three days, visited in a scrambled order so cached and fresh answers interleave.
    const instants = Array.from({ length: (3 * 24 * 60) / 7 }, (_, i) => at(iso) + i * 7 * 60_000 + (i % 5) * 13_000);
    const order = instants.map((_, i) => (i * 7919) % instants.length);
    for (const i of [...order, ...order]) {
      const ms = instants[i]!;
      const day = dayFromParts(ms, zone);
      expect(localDay(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(day);
      const start = startOfLocalDay(ms, zone);
      expect(start).toBeLessThanOrEqual(ms);
      expect(dayFromParts(start, zone)).toBe(day);
      expect(dayFromParts(start - 1, zone)).not.toBe(day);
    }
  });
});

describe('isValidTimeZone', () => {
  test.each([
    ['Europe/Prague', true],
    ['Asia/Shanghai', true],
    ['America/Sao_Paulo', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
    [' Europe/Prague', false],
    ['UTC+8', false],
  ])('%j → %s', (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });
});

describe('fixed-offset zones (Etc/GMT∓N) in winter and summer', () => {
  test.each([
    ['Etc/GMT-10', '2026-01-15T20:30:00Z', 600, '2026-01-16', 6],
    ['Etc/GMT-10', '2026-07-15T20:30:00Z', 600, '2026-07-16', 6],
    ['Etc/GMT+11', '2026-01-15T08:00:00Z', -660, '2026-01-14', 21],
    ['Etc/GMT+11', '2026-07-15T08:00:00Z', -660, '2026-07-14', 21],
    ['Etc/GMT', '2026-07-15T23:30:00Z', 0, '2026-07-15', 23],
  ])('%s at %s is %i minutes, local day %s, hour %i', (zone, iso, minutes, day, hour) => {
    expect(utcOffsetMinutes(zone, at(iso))).toBe(minutes);
    expect(localDay(at(iso), zone)).toBe(day);
    expect(localParts(at(iso), zone).hour).toBe(hour);
    expect(startOfLocalDay(at(iso), zone)).toBe(Date.parse(`${day}T00:00:00Z`) - minutes * 60_000);
  });

  test('Etc/GMT-10 is UTC+10 in January, when Australia/Sydney is UTC+11', () => {
    const january = at('2026-01-15T12:00:00Z');
    expect(utcOffsetLabel('Etc/GMT-10', january)).toBe('UTC+10');
    expect(utcOffsetLabel('Australia/Sydney', january)).toBe('UTC+11');
  });

  test('followsDaylightSaving tells zones that change their offset from those that do not', () => {
    const now = at('2026-01-15T12:00:00Z');
    expect(followsDaylightSaving('Europe/Prague', now)).toBe(true);
    expect(followsDaylightSaving('Australia/Sydney', now)).toBe(true);
    expect(followsDaylightSaving('Asia/Shanghai', now)).toBe(false);
    expect(followsDaylightSaving('Etc/GMT-10', now)).toBe(false);
    expect(followsDaylightSaving('UTC', now)).toBe(false);
  });
});
