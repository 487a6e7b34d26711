import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Report } from '@voltfleet/domain/reports';
import { renderWithProviders } from '@/test/render';
import { ReportTable } from './report-table';

const REPORT: Report = {
  period: 'month',
  step: '1d',
  first: '2026-10-01',
  last: '2026-10-03',
  labels: ['2026-10-01', '2026-10-02', '2026-10-03'],
  devices: [{ id: 7, sn: 'VF10K0001', plantName: 'Praha', timeZone: 'Europe/Prague', utcOffset: 'UTC+2 → UTC+1' }],
  columns: [
    {
      deviceId: 7,
      index: 'pvEnergyTodayKwh',
      unit: 'kWh',
      decimals: 2,
      summed: true,
      values: [1.5, null, 2.25],
      total: 3.75,
    },
    { deviceId: 7, index: 'pvPowerW', unit: 'W', decimals: 0, summed: false, values: [410, null, 520], total: null },
  ],
};

describe('ReportTable', () => {
  it('shows a row per plant-local slot, the zone and offset in the time heading, and the energies totalled', async () => {
    await renderWithProviders(<ReportTable report={REPORT} />, { lang: 'de' });
    const table = screen.getByTestId('report-table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headings).toEqual([
      'Zeit (Europe/Prague UTC+2 → UTC+1)',
      'VF10K0001 · PV-Energie pro Tag (kWh)',
      'VF10K0001 · PV-Leistung (W)',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    // German number format; a slot without data stays empty rather than showing 0.
    expect(rows).toEqual([
      ['2026-10-01', '1,500', '410'],
      ['2026-10-02', '', ''],
      ['2026-10-03', '2,250', '520'],
      ['Summe', '3,750', ''],
    ]);
  });
});
