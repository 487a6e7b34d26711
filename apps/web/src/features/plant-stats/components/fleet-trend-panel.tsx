import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TREND_RANGES, type TrendRange } from '@voltfleet/domain/plants';
import { BarChart } from '@/components/charts/xy-chart';
import { RangePicker } from '@/components/charts/range-picker';
import { StatSection } from '@/components/stat-card';
import { formatBrowserDate } from '@/lib/format';
import { useFleetTrend, type FleetTrendParams } from '../api/get-fleet-trend';

/** The plants' energies over a day (per hour), month (per day), year (per month) or all years, as bars. */
export function FleetTrendPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useState<FleetTrendParams>(() => ({ range: 'day', date: formatBrowserDate() }));
  const trend = useFleetTrend(params);
  const labels = Object.fromEntries(TREND_RANGES.map((r) => [r, t(`plantStats.ranges.${r}`)])) as Record<
    TrendRange,
    string
  >;
  return (
    <StatSection
      title={t('plantStats.trend')}
      extra={
        <RangePicker
          ranges={TREND_RANGES}
          labels={labels}
          value={params}
          onChange={setParams}
          dateLabel={t('plantStats.date')}
          data-testid="stats-trend-range"
        />
      }
    >
      <BarChart
        labels={trend.data?.labels ?? []}
        series={(trend.data?.series ?? []).map((s) => ({
          key: s.quantity,
          name: t(`plantStats.quantities.${s.quantity}`),
          values: s.valuesKwh,
        }))}
        unit="kWh"
        emptyText={trend.isPending ? t('plantStats.loading') : t('plantStats.noData')}
        decimals={3}
        data-testid="stats-trend-chart"
      />
    </StatSection>
  );
}
