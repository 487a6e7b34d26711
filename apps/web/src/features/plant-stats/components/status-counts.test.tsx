import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AlarmTally } from '@voltfleet/domain/alarms';
import type { EnergyTotals, PlantStatsSummary } from '@voltfleet/domain/plants';
import { renderWithProviders } from '@/test/render';
import { StatusCounts } from './status-counts';

const ZERO: EnergyTotals = {
  pvKwh: 0,
  loadKwh: 0,
  gridImportKwh: 0,
  gridExportKwh: 0,
  batChargeKwh: 0,
  batDischargeKwh: 0,
};

const summary = (activeAlarms: AlarmTally): PlantStatsSummary => ({
  counts: { all: 14, online: 13, normal: 12, alarm: 1, offline: 1 },
  activeAlarms,
  byType: [],
  powerKw: 100,
  capacityKwh: 20,
  energy: { today: ZERO, month: ZERO, year: ZERO, total: ZERO },
  earnings: { today: [], month: [], year: [], total: [] },
  savings: { pvKwh: 0, coalKg: 0, co2Kg: 0, trees: 0 },
  generatedAt: '2026-12-01T10:00:00.000Z',
});

const tally = (bySeverity: AlarmTally['bySeverity'], normalPlantsWithAlarms: number): AlarmTally => ({
  total: bySeverity.critical + bySeverity.major + bySeverity.minor + bySeverity.warning,
  bySeverity,
  normalPlantsWithAlarms,
});

describe('plant statistics: plants by health and their active alarms', () => {
  it.each([
    [
      'en',
      tally({ critical: 0, major: 1, minor: 2, warning: 1 }, 2),
      '1 Major · 2 Minor · 1 Warning',
      'With minor alarms or warnings: 2',
    ],
    ['de', tally({ critical: 1, major: 0, minor: 0, warning: 0 }, 0), '1 Kritisch', undefined],
    ['cs', tally({ critical: 0, major: 0, minor: 1, warning: 0 }, 1), '1 Méně závažný', 'Z toho s méně závažnými'],
    ['zh', tally({ critical: 0, major: 0, minor: 0, warning: 0 }, 0), '无活动告警', undefined],
  ] as const)('in %s shows the alarms by severity beside the counts', async (lang, alarms, line, normalNote) => {
    await renderWithProviders(<StatusCounts summary={summary(alarms)} />, { lang });
    expect(screen.getByTestId('stats-count-normal')).toHaveTextContent('12');
    expect(screen.getByTestId('stats-active-alarms')).toHaveTextContent(String(alarms.total));
    expect(screen.getByTestId('stats-alarm-tally')).toHaveTextContent(line);
    if (normalNote) expect(screen.getByTestId('stats-normal-with-alarms')).toHaveTextContent(normalNote);
    else expect(screen.queryByTestId('stats-normal-with-alarms')).toBeNull();
  });

  it('reds the alarm figure only for an alarm that puts a plant in alarm (major or above)', async () => {
    const { rerender } = await renderWithProviders(
      <StatusCounts summary={summary(tally({ critical: 0, major: 0, minor: 3, warning: 0 }, 2))} />,
    );
    const card = () => screen.getByTestId('stats-active-alarms').closest('.stat-card');
    expect(card()).toHaveClass('stat-card-warning');
    rerender(<StatusCounts summary={summary(tally({ critical: 0, major: 1, minor: 3, warning: 0 }, 2))} />);
    expect(card()).toHaveClass('stat-card-error');
    rerender(<StatusCounts summary={summary(tally({ critical: 0, major: 0, minor: 0, warning: 0 }, 0))} />);
    expect(card()).toHaveClass('stat-card-success');
  });
});
