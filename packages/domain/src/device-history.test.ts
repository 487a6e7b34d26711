import { describe, expect, it } from 'vitest';
import { HISTORY_MAX_FIELDS, ROLLUP_HISTORY_FIELDS, planHistory, type DeviceHistoryQuery } from './device-history.js';
import { FIELDS } from './telemetry/fields.js';

// 2026-03-10 14:30 in Prague (UTC+1): local midnight is 23:00 UTC the day before.
const NOW = Date.UTC(2026, 2, 10, 13, 30);
const PRAGUE = 'Europe/Prague';
const q = (over: Partial<DeviceHistoryQuery>): DeviceHistoryQuery => ({ fields: 'pvPowerW', range: 'today', ...over });
const iso = (ms: number) => new Date(ms).toISOString();

describe('planHistory windows', () => {
  it.each([
    ['today', {}, '2026-03-09T23:00:00.000Z', '2026-03-10T23:00:00.000Z', false, '5m'],
    ['3d', { range: '3d' }, '2026-03-07T23:00:00.000Z', '2026-03-10T23:00:00.000Z', false, '15m'],
    ['7d', { range: '7d' }, '2026-03-03T23:00:00.000Z', '2026-03-10T23:00:00.000Z', false, '30m'],
    ['month', { range: 'month' }, '2026-02-08T23:00:00.000Z', '2026-03-10T23:00:00.000Z', true, '30m'],
    [
      'one custom day',
      { range: 'custom', start: '2026-03-01', end: '2026-03-01' },
      '2026-02-28T23:00:00.000Z',
      '2026-03-01T23:00:00.000Z',
      false,
      '5m',
    ],
    // Across the spring DST change (29 March): the last day ends at 22:00 UTC.
    [
      'custom over DST',
      { range: 'custom', start: '2026-03-27', end: '2026-03-29' },
      '2026-03-26T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
      false,
      '15m',
    ],
    [
      'custom 8 days',
      { range: 'custom', start: '2026-02-01', end: '2026-02-08' },
      '2026-01-31T23:00:00.000Z',
      '2026-02-08T23:00:00.000Z',
      true,
      '30m',
    ],
  ] as const)('%s', (_name, over, from, to, rollups, rawStep) => {
    const result = planHistory(q(over), NOW, PRAGUE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([iso(result.plan.fromMs), iso(result.plan.toMs), result.plan.rollups, result.plan.rawStep]).toEqual([
      from,
      to,
      rollups,
      rawStep,
    ]);
  });

  it('starts "today" at the plant’s own midnight, not the server’s', () => {
    const tokyo = planHistory(q({}), NOW, 'Asia/Tokyo');
    expect(tokyo.ok && iso(tokyo.plan.fromMs)).toBe('2026-03-09T15:00:00.000Z');
  });
});

describe('planHistory refusals', () => {
  const nine = FIELDS.filter((f) => f.kind === 'gauge')
    .slice(0, HISTORY_MAX_FIELDS + 1)
    .map((f) => f.key)
    .join(',');
  const eight = nine.split(',').slice(0, HISTORY_MAX_FIELDS).join(',');
  it.each([
    ['no field', { fields: ' , ' }, 'fields', 'history.noFields'],
    ['nine fields', { fields: nine }, 'fields', 'history.tooManyFields'],
    ['an unknown key', { fields: 'pvPowerW,dropTables' }, 'fields', 'history.unknownField'],
    ['a coded state', { fields: 'pcsState' }, 'fields', 'history.unknownField'],
    ['custom without an end', { range: 'custom', start: '2026-03-01' }, 'end', 'history.selectDate'],
    ['custom without a start', { range: 'custom', end: '2026-03-01' }, 'start', 'history.selectDate'],
    ['a malformed day', { range: 'custom', start: '2026-3-1', end: '2026-03-02' }, 'start', 'history.selectDate'],
    [
      'a day that does not exist',
      { range: 'custom', start: '2026-02-30', end: '2026-03-02' },
      'start',
      'history.selectDate',
    ],
    ['start after end', { range: 'custom', start: '2026-03-05', end: '2026-03-04' }, 'end', 'history.startBeforeEnd'],
    ['32 days', { range: 'custom', start: '2026-01-01', end: '2026-02-01' }, 'end', 'history.rangeTooLong'],
    [
      'a voltage over a month',
      { range: 'month', fields: 'pvPowerW,gridVoltageAV' },
      'fields',
      'history.needsShortRange',
    ],
  ] as const)('%s', (_name, over, path, key) => {
    expect(planHistory(q(over), NOW, PRAGUE)).toMatchObject({ ok: false, path, key });
  });

  it('accepts exactly eight fields, and counts a repeated key once', () => {
    expect(planHistory(q({ fields: eight }), NOW, PRAGUE).ok).toBe(true);
    const first = eight.split(',')[0]!;
    expect(planHistory(q({ fields: `${eight},${first}, ${first}` }), NOW, PRAGUE).ok).toBe(true);
  });

  it('accepts 31 days, and the power and energy fields over a month', () => {
    expect(planHistory(q({ range: 'custom', start: '2026-01-01', end: '2026-01-31' }), NOW, PRAGUE).ok).toBe(true);
    const rollupKeys = Object.keys(ROLLUP_HISTORY_FIELDS);
    expect(rollupKeys).toHaveLength(10);
    for (const fields of [rollupKeys.slice(0, 5), rollupKeys.slice(5)])
      expect(planHistory(q({ range: 'month', fields: fields.join(',') }), NOW, PRAGUE).ok).toBe(true);
  });
});
