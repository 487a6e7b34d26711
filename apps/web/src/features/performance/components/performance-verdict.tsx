import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlantPerformance } from '@voltfleet/domain/performance';
import { formatPercent } from '@/lib/number-format';
import { formatRatio, performanceAlarmsPath, useCanSearchAlarms } from './performance-format';

const TYPES = { under: 'warning', normal: 'success', unknown: 'info' } as const;

/**
 * The plant rule's state today: its baseline PR, and whether the last sunny days fell under it by more than the
 * margin; under it, a link to the plant's active performance alarms (for a user who may search alarms).
 */
export function PerformanceVerdict({ plantId, verdict }: { plantId: number; verdict: PlantPerformance['verdict'] }) {
  const { t, i18n } = useTranslation();
  const canSearch = useCanSearchAlarms();
  const params = {
    baseline: formatRatio(verdict.baselinePr, i18n.language),
    margin: formatPercent(verdict.marginPct, i18n.language, 1),
  };
  const text =
    verdict.state === 'under'
      ? t('performance.verdict.under', { count: verdict.sunnyDays, ...params })
      : verdict.state === 'normal'
        ? t('performance.verdict.normal', { count: verdict.sunnyDays, ...params })
        : t('performance.verdict.unknown');
  return (
    <Alert
      type={TYPES[verdict.state]}
      showIcon
      data-testid="performance-verdict"
      data-state={verdict.state}
      title={t('performance.verdict.title')}
      description={
        <>
          {text}
          {verdict.state === 'under' && canSearch && (
            <>
              {' '}
              <Link to={performanceAlarmsPath(plantId)} data-testid="performance-verdict-alarms">
                {t('performance.verdict.alarms')}
              </Link>
            </>
          )}
        </>
      }
    />
  );
}
