import { describe, expect, it } from 'vitest';
import { translator } from '@voltfleet/domain/i18n';
import type { DeviceHistory } from '@voltfleet/domain/telemetry';
import { historySeriesName, historyCharts } from './history-chart-data';

const DAY_START = Date.parse('2026-03-09T23:00:00.000Z'); // 10 March in Prague
const history = (over: Partial<DeviceHistory>): DeviceHistory => ({
  timeZone: 'Europe/Prague',
  from: new Date(DAY_START).toISOString(),
  to: new Date(DAY_START + 86_400_000).toISOString(),
  source: 'readings',
  series: [],
  ...over,
});

describe('historyCharts', () => {
  it('gives one chart per unit with plant-local labels and values in their slots', () => {
    const charts = historyCharts(
      history({
        series: [
          { key: 'pvPowerW', unit: 'W', decimals: 0, step: '5m', points: [[DAY_START + 10 * 3_600_000, 1500]] },
          { key: 'gridVoltageAV', unit: 'V', decimals: 1, step: '5m', points: [[DAY_START, 230.1]] },
          { key: 'loadPowerW', unit: 'W', decimals: 0, step: '5m', points: [] },
        ],
      }),
      (key) => `name:${key}`,
    );
    expect(charts.map((c) => [c.unit, c.labels.length, c.series.map((s) => s.name)])).toEqual([
      ['W', 288, ['name:pvPowerW', 'name:loadPowerW']],
      ['V', 288, ['name:gridVoltageAV']],
    ]);
    const [power, voltage] = charts;
    expect([power!.labels[0], power!.labels[120], power!.labels[287]]).toEqual(['00:00', '10:00', '23:55']);
    expect(power!.series[0]!.values[120]).toBe(1500);
    expect(power!.series[0]!.values.filter((v) => v !== null)).toHaveLength(1);
    expect(voltage!.series[0]!.values[0]).toBe(230.1);
  });

  it('labels daily rollups by day and places each day’s midnight in its slot across a DST change', () => {
    const from = Date.parse('2026-03-26T23:00:00.000Z'); // 27 March, Prague; DST starts on the 29th
    const to = Date.parse('2026-03-30T22:00:00.000Z');
    const charts = historyCharts(
      history({
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        source: 'rollups',
        series: [
          {
            key: 'pvEnergyTodayKwh',
            unit: 'kWh',
            decimals: 2,
            step: '1d',
            points: [
              [from, 5],
              [Date.parse('2026-03-29T22:00:00.000Z'), 7],
            ],
          },
        ],
      }),
      (key) => key,
    );
    expect(charts[0]!.labels).toEqual(['03-27', '03-28', '03-29', '03-30']);
    expect(charts[0]!.series[0]!.values).toEqual([5, null, null, 7]);
  });

  it('shows day and time over several days', () => {
    const charts = historyCharts(
      history({
        to: new Date(DAY_START + 3 * 86_400_000).toISOString(),
        series: [{ key: 'pvPowerW', unit: 'W', decimals: 0, step: '15m', points: [] }],
      }),
      (key) => key,
    );
    expect(charts[0]!.labels).toHaveLength(288);
    expect(charts[0]!.labels[100]).toBe('03-11 01:00');
    // The axis: a day's first slot by its date, the others by their time; ticks on whole units of 15 minutes.
    expect(charts[0]!.slotMinutes).toBe(15);
    expect([0, 4, 96, 100].map((i) => charts[0]!.ticks[i])).toEqual(['03-10', '01:00', '03-11', '01:00']);
  });
});

describe('historySeriesName', () => {
  it.each([
    ['pvEnergyTodayKwh', '1d', 'en', 'PV energy per day'],
    ['pvEnergyTodayKwh', '1d', 'de', 'PV-Energie pro Tag'],
    ['pvEnergyTodayKwh', '5m', 'en', 'PV energy today'],
    ['pvPowerW', '1d', 'en', 'PV power'],
    ['noSuchField', '1h', 'en', 'noSuchField'],
  ] as const)('%s at %s in %s: %s', (key, step, lang, name) => {
    expect(historySeriesName(key, step, translator(lang))).toBe(name);
  });
});
