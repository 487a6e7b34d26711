import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TREND_RANGES, type TrendRange } from '@voltfleet/domain/plants';
import { BarChart, LineChart } from '@/components/charts/xy-chart';
import { RangePicker } from '@/components/charts/range-picker';
import { usePlantGeneration, type GenerationParams } from '../api/get-plant-generation';

/** Generation curve: a day's PV power (line, W) or PV energy per day, month or year (bars, kWh). */
export function GenerationTab({ plantId, today }: { plantId: number; today: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<GenerationParams>({ range: 'day', date: today });
  const generation = usePlantGeneration(plantId, params);
  const data = generation.data;
  const labels = Object.fromEntries(TREND_RANGES.map((r) => [r, t(`plantStats.ranges.${r}`)])) as Record<
    TrendRange,
    string
  >;
  const common = {
    labels: data?.labels ?? [],
    emptyText: generation.isPending ? t('plantStats.loading') : t('plantStats.noData'),
    'data-testid': 'detail-generation-chart',
  };
  return (
    <div className="detail-chart-tab">
      <div className="detail-chart-controls">
        <RangePicker
          ranges={TREND_RANGES}
          labels={labels}
          value={params}
          onChange={setParams}
          dateLabel={t('plantStats.date')}
          data-testid="detail-generation-range"
        />
      </div>
      {data?.kind === 'power' ? (
        <LineChart
          {...common}
          series={[{ key: 'pvPowerW', name: t('plantStats.detail.pvPower'), values: data.pvPowerW }]}
          unit="W"
          decimals={0}
        />
      ) : (
        <BarChart
          {...common}
          series={[{ key: 'pvKwh', name: t('plantStats.quantities.pv'), values: data?.pvKwh ?? [] }]}
          unit="kWh"
          decimals={3}
        />
      )}
    </div>
  );
}
