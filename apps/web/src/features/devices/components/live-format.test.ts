import { describe, expect, it } from 'vitest';
import { formatLiveValue, liveUnit, relativeTime } from './live-format';

describe('formatLiveValue', () => {
  it.each([
    ['pvPowerW', 2345, 'en', '2,345'],
    ['pvPowerW', 2345.4, 'de', '2.345'],
    ['gridPowerW', -1200, 'en', '-1,200'],
    ['pvEnergyTodayKwh', 3.2, 'en', '3.20'],
    ['pvEnergyTodayKwh', 3.21, 'cs', '3,21'],
    ['batSocPct', 55, 'zh', '55'],
    ['pvPowerW', null, 'en', '—'],
  ] as const)('%s %s in %s is %s', (key, value, lang, expected) => {
    // Czech and German group with (narrow) no-break spaces or dots; compare with ordinary spaces.
    expect(formatLiveValue(key, value, lang).replace(/\s/g, ' ')).toBe(expected);
  });

  it('takes units from the catalogue', () => {
    expect([liveUnit('pvPowerW'), liveUnit('batSocPct'), liveUnit('pvEnergyTodayKwh')]).toEqual(['W', '%', 'kWh']);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const ago = (s: number) => new Date(now - s * 1000).toISOString();

  it.each([
    [0, 'now'],
    [42, '42 seconds ago'],
    [60, '1 minute ago'],
    [3 * 3600 + 5, '3 hours ago'],
    [2 * 86400, '2 days ago'],
    [-5, 'now'],
  ])('%i s ago reads "%s"', (seconds, expected) => {
    expect(relativeTime(ago(seconds), now, 'en')).toBe(expected);
  });

  it('speaks the UI language and shows a dash without a time', () => {
    expect(relativeTime(ago(120), now, 'de')).toBe('vor 2 Minuten');
    expect(relativeTime(null, now, 'en')).toBe('—');
  });
});
