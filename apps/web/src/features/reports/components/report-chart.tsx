import { useTranslation } from 'react-i18next';
import { reportColumnTitle, type Report } from '@voltfleet/domain/reports';
import { BarChart, LineChart } from '@/components/charts/xy-chart';
import { message } from '@/lib/i18n';

const SLOT_MINUTES = { '5m': 5, '1h': 60, '1d': 1440 } as const;

/**
 * The report as charts, one per unit (a chart has one value axis): energies as bars per slot, measurements as lines.
 * The app's chart places its ticks by slot length, so a day shows whole hours and a month whole days.
 */
export function ReportChart({ report }: { report: Report }) {
  const { t } = useTranslation();
  const sn = new Map(report.devices.map((d) => [d.id, d.sn]));
  const units = [...new Set(report.columns.map((c) => c.unit))];
  const slotMinutes = report.step === '1mo' ? undefined : SLOT_MINUTES[report.step];
  return units.map((unit) => {
    const columns = report.columns.filter((c) => c.unit === unit);
    const Chart = columns.every((c) => c.summed) ? BarChart : LineChart;
    return (
      <Chart
        key={unit}
        labels={report.labels}
        {...(slotMinutes ? { slotMinutes } : {})}
        series={columns.map((c) => ({
          key: `${c.deviceId}-${c.index}`,
          name: reportColumnTitle(sn.get(c.deviceId) ?? '', c.index, message, report.step),
          values: c.values,
        }))}
        unit={unit}
        emptyText={t('reports.noData')}
        decimals={3}
        data-testid={`report-chart-${unit || 'none'}`}
      />
    );
  });
}
