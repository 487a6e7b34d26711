import { useState } from 'react';
import { Alert, Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERFORMANCE_MAX_SPAN_DAYS, type PlantPerformance } from '@voltfleet/domain/performance';
import { PageSpin } from '@/components/page-spin';
import { formatNumber } from '@/lib/number-format';
import { usePlantPerformance } from '../api/get-plant-performance';
import { defaultSpan, spanAllowed, wholeSpan } from '../utils/periods';
import { PerformanceChart } from './performance-chart';
import { formatRatio } from './performance-format';
import { PerformanceRows } from './performance-rows';
import { PerformanceVerdict } from './performance-verdict';
import { PeriodFields, type PerformanceSpan } from './period-fields';
import { SourceNote } from './source-note';
import './performance.css';

/** The plant's installed power and design ratio, or why it has no expected energy. */
function PlantBasis({ data }: { data: PlantPerformance }) {
  const { t, i18n } = useTranslation();
  if (data.kwp === null)
    return <Alert type="info" showIcon title={t('performance.noKwp')} data-testid="performance-no-kwp" />;
  return (
    <div className="stat-note" data-testid="performance-basis">
      {t('performance.kwp', {
        kwp: formatNumber(data.kwp, i18n.language, 3),
        designPr: formatRatio(data.designPr, i18n.language),
      })}
    </div>
  );
}

/**
 * The plant detail's Performance tab (issue 42): actual against expected energy, PR, specific yield and the weather
 * per day, month or year of a span (by default the last 30 complete days of the plant's calendar), where the
 * irradiance came from, the span's total, and the plant rule's verdict today. `today` is the plant's own day.
 */
export function PlantPerformanceTab({ plantId, today }: { plantId: number; today: string }) {
  const { t, i18n } = useTranslation();
  const [span, setSpan] = useState<PerformanceSpan>(() => ({ granularity: 'day', ...defaultSpan('day', today) }));
  const allowed = spanAllowed(span.granularity, span.from, span.to);
  const performance = usePlantPerformance(plantId, span, allowed);
  const change = (next: PerformanceSpan) =>
    setSpan(
      next.granularity !== span.granularity
        ? { granularity: next.granularity, ...defaultSpan(next.granularity, today) }
        : { granularity: next.granularity, ...wholeSpan(next.granularity, next.from, next.to) },
    );
  const data = performance.data;
  const loading = performance.isPlaceholderData || (performance.isFetching && !data);

  let body;
  if (!allowed) {
    body = (
      <Alert
        type="warning"
        showIcon
        data-testid="performance-span-too-long"
        title={t('performance.spanTooLong', {
          days: formatNumber(PERFORMANCE_MAX_SPAN_DAYS[span.granularity], i18n.language, 0),
        })}
      />
    );
  } else if (!data && performance.isError) {
    body = (
      <Result
        status="warning"
        title={t('performance.failed')}
        data-testid="performance-failed"
        extra={<Button onClick={() => void performance.refetch()}>{t('performance.retry')}</Button>}
      />
    );
  } else if (!data) {
    body = <PageSpin />;
  } else {
    body = (
      <>
        <PerformanceVerdict plantId={plantId} verdict={data.verdict} />
        <PlantBasis data={data} />
        <SourceNote rows={data.rows} total={data.total} />
        <PerformanceChart rows={data.rows} emptyText={loading ? t('performance.loading') : t('performance.noData')} />
        <PerformanceRows rows={data.rows} total={data.total} granularity={span.granularity} loading={loading} />
      </>
    );
  }
  return (
    <div className="detail-chart-tab performance-tab" data-testid="performance-tab">
      <div className="detail-chart-controls">
        <PeriodFields value={span} onChange={change} />
      </div>
      {body}
    </div>
  );
}
