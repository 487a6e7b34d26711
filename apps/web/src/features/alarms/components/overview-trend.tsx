import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ALARM_TREND_BUCKETS,
  type AlarmFilter,
  type AlarmOverview,
  type AlarmTrendBucket,
} from '@voltfleet/domain/alarms';
import { BarChart } from '@/components/charts/xy-chart';
import { StatSection } from '@/components/stat-card';
import { axisLabel, bucketSearchUrl } from '../utils/trend-range';

interface Props {
  trend: AlarmOverview['trend'] | undefined;
  /** The zone the buckets are in (the plant's when one plant is filtered, else UTC). */
  timeZone: string | undefined;
  filter: AlarmFilter;
  bucket: AlarmTrendBucket;
  onBucket: (bucket: AlarmTrendBucket) => void;
  loading: boolean;
}

/** Alarms raised and recovered per hour, day or month; a click on a bucket opens the search for its days. */
export function OverviewTrend({ trend, timeZone, filter, bucket, onBucket, loading }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = trend?.labels ?? [];
  const open = (index: number) => {
    const url = bucketSearchUrl(filter, labels[index] ?? '', trend?.bucket ?? bucket);
    if (url) void navigate(url);
  };
  return (
    <StatSection
      title={t('alarms.overview.trend')}
      extra={
        <div className="chart-range">
          {timeZone && <span className="stat-note">{t('alarms.overview.trendZone', { zone: timeZone })}</span>}
          <div className="chart-segmented" role="radiogroup" data-testid="alarm-trend-bucket">
            {ALARM_TREND_BUCKETS.map((b) => (
              <button
                key={b}
                type="button"
                role="radio"
                aria-checked={b === bucket}
                className={b === bucket ? 'chart-segment chart-segment-on' : 'chart-segment'}
                data-testid={`alarm-bucket-${b}`}
                onClick={() => b !== bucket && onBucket(b)}
              >
                {t(`alarms.overview.buckets.${b}`)}
              </button>
            ))}
          </div>
        </div>
      }
    >
      <BarChart
        labels={labels.map((label) => axisLabel(label, trend?.bucket ?? bucket))}
        series={[
          { key: 'raised', name: t('alarms.events.raised'), values: trend?.raised ?? [], color: '#cf1322' },
          { key: 'recovered', name: t('alarms.events.recovered'), values: trend?.recovered ?? [], color: '#52c41a' },
        ]}
        unit=""
        emptyText={loading ? t('alarms.overview.loading') : t('alarms.overview.noData')}
        decimals={0}
        onSlotClick={open}
        data-testid="alarm-trend-chart"
      />
    </StatSection>
  );
}
