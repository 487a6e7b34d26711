import { describe, expect, it } from 'vitest';
import { energyExportHeadings, energyExportQuerySchema } from './energy-export.js';
import { previousMonth } from './energy-export-words.js';
import { translator } from './messages.js';
import { reportIndexName } from './reports.js';

describe('energy index names say what they sum', () => {
  it.each([
    ['en', 'PV energy per day (kWh)'],
    ['de', 'PV-Energie pro Tag (kWh)'],
    ['cs', 'Energie FV za den (kWh)'],
    ['zh', '每日光伏发电量 (kWh)'],
  ] as const)('a template names the daily sum in %s', (lang, name) => {
    expect(reportIndexName('pvEnergyTodayKwh', translator(lang))).toBe(name);
  });

  it.each([
    ['5m', 'Battery discharge per 5 minutes (kWh)'],
    ['1h', 'Battery discharge per hour (kWh)'],
    ['1d', 'Battery discharge per day (kWh)'],
    ['1mo', 'Battery discharge per month (kWh)'],
  ] as const)('a report with %s slots names the slot', (step, name) => {
    expect(reportIndexName('batDischargeTodayKwh', translator('en'), step)).toBe(name);
  });

  it('leaves measurements and readings-only counters their catalogue names', () => {
    expect(reportIndexName('pvPowerW', translator('en'), '1mo')).toBe('PV power (W)');
    expect(reportIndexName('pcsEnergyTodayKwh', translator('en'))).not.toMatch(/per day/);
  });
});

describe('energy export', () => {
  it.each([
    ['2026-12-02', '2026-11'],
    ['2026-01-31', '2025-12'],
    ['2026-10-01', '2026-09'],
  ])('last month of %s is %s', (day, month) => expect(previousMonth(day)).toBe(month));

  it('heads a year by months in the caller’s language', () => {
    expect(energyExportHeadings('year', translator('cs')).slice(0, 4)).toEqual([
      'Sériové číslo',
      'Elektrárna',
      'Měsíc (čas elektrárny)',
      'Energie FV za měsíc (kWh)',
    ]);
  });

  it('reads ids, period and format from a query string with defaults', () => {
    expect(energyExportQuerySchema.parse({ deviceIds: '3, 7' })).toEqual({
      deviceIds: [3, 7],
      period: 'month',
      format: 'xlsx',
    });
  });
});
