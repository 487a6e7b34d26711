import { useState } from 'react';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENERGY_QUANTITIES, type EnergyQuantity } from '@voltfleet/domain/telemetry';
import { BarChart, LineChart } from '@/components/charts/xy-chart';
import { RangePicker } from '@/components/charts/range-picker';
import { usePlantTrend, type PlantTrendParams } from '../api/get-plant-trend';

const RANGES = ['day', 'month', 'year'] as const;

/** Trend chart: the quantities the user ticks, per 5 minutes of a day (lines) or per day or month (bars). */
export function TrendTab({ plantId, today }: { plantId: number; today: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<PlantTrendParams>({ quantities: ['pv', 'load'], range: 'day', date: today });
  const trend = usePlantTrend(plantId, params);
  const Chart = params.range === 'day' ? LineChart : BarChart;
  return (
    <div className="detail-chart-tab">
      <div className="detail-chart-controls">
        <Checkbox.Group<EnergyQuantity>
          value={[...params.quantities]}
          options={ENERGY_QUANTITIES.map((q) => ({ value: q, label: t(`plantStats.quantities.${q}`) }))}
          onChange={(quantities) =>
            setParams((p) => ({ ...p, quantities: ENERGY_QUANTITIES.filter((q) => quantities.includes(q)) }))
          }
          data-testid="detail-trend-quantities"
        />
        <RangePicker
          ranges={RANGES}
          labels={{
            day: t('plantStats.ranges.day'),
            month: t('plantStats.ranges.month'),
            year: t('plantStats.ranges.year'),
          }}
          value={params}
          onChange={(next) => setParams((p) => ({ ...p, ...next }))}
          dateLabel={t('plantStats.date')}
          data-testid="detail-trend-range"
        />
      </div>
      <Chart
        labels={params.quantities.length ? (trend.data?.labels ?? []) : []}
        series={(trend.data?.series ?? []).map((s) => ({
          key: s.quantity,
          name: t(`plantStats.quantities.${s.quantity}`),
          values: s.valuesKwh,
        }))}
        unit="kWh"
        emptyText={
          params.quantities.length === 0
            ? t('plantStats.detail.pickQuantity')
            : trend.isPending
              ? t('plantStats.loading')
              : t('plantStats.noData')
        }
        decimals={3}
        data-testid="detail-trend-chart"
      />
    </div>
  );
}
