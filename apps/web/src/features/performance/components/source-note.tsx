import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { IRRADIANCE_SOURCE_LABELS, type PerformanceRow } from '@voltfleet/domain/performance';
import { message } from '@/lib/i18n';

type Source = NonNullable<PerformanceRow['source']>;

const COLOURS: Record<Source, string> = { openMeteo: 'blue', demoSky: 'purple', clearSky: 'orange', mixed: 'default' };

/** Where a period's irradiance came from, as a short tag; "No irradiance" without one. */
export function SourceTag({ source, testId }: { source: PerformanceRow['source']; testId?: string }) {
  if (source === null) return <span data-testid={testId}>{message(IRRADIANCE_SOURCE_LABELS.none)}</span>;
  return (
    <Tag color={COLOURS[source]} className="performance-source-tag" data-testid={testId} data-source={source}>
      {message(IRRADIANCE_SOURCE_LABELS[source])}
    </Tag>
  );
}

/**
 * What the span's irradiance is worth, above its figures: a clear-sky-only span (or one with clear-sky days among
 * others) says plainly that its ratios are an upper-bound model without clouds, indicative only; demo weather says
 * it is simulated; measured weather names its source.
 */
export function SourceNote({ rows, total }: { rows: readonly PerformanceRow[]; total: PerformanceRow }) {
  const { t } = useTranslation();
  if (total.source === null) return null;
  const clearSkyDays = total.source === 'clearSky' || rows.some((row) => row.source === 'clearSky');
  return (
    <div className="performance-notes">
      {clearSkyDays && (
        <Alert
          type="warning"
          showIcon
          data-testid="performance-clear-sky"
          title={message(IRRADIANCE_SOURCE_LABELS.clearSky)}
          description={t('performance.sourceNotes.clearSky')}
        />
      )}
      {total.source !== 'clearSky' && (
        <Alert
          type="info"
          showIcon
          data-testid="performance-source"
          data-source={total.source}
          title={message(IRRADIANCE_SOURCE_LABELS[total.source])}
          description={t(`performance.sourceNotes.${total.source}`)}
        />
      )}
    </div>
  );
}
