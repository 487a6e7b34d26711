import { useTranslation } from 'react-i18next';
import type { PerformanceRow } from '@voltfleet/domain/performance';
import { BarChart, LineChart } from '@/components/charts/xy-chart';

/**
 * Actual against expected energy per period (paired bars), and the performance ratio per period (a line, in %;
 * a gap where a period has no irradiance).
 */
export function PerformanceChart({ rows, emptyText }: { rows: readonly PerformanceRow[]; emptyText: string }) {
  const { t } = useTranslation();
  const labels = rows.map((row) => row.period);
  return (
    <div className="performance-charts">
      <BarChart
        labels={labels}
        series={[
          { key: 'actual', name: t('performance.series.actual'), values: rows.map((row) => row.actualKwh) },
          { key: 'expected', name: t('performance.series.expected'), values: rows.map((row) => row.expectedKwh) },
        ]}
        unit="kWh"
        decimals={2}
        emptyText={emptyText}
        data-testid="performance-energy-chart"
      />
      <LineChart
        labels={labels}
        series={[
          {
            key: 'pr',
            name: t('performance.series.pr'),
            values: rows.map((row) => (row.pr === null ? null : Math.round(row.pr * 1000) / 10)),
          },
        ]}
        unit="%"
        decimals={1}
        height={180}
        emptyText={emptyText}
        data-testid="performance-pr-chart"
      />
    </div>
  );
}
