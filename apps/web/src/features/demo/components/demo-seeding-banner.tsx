import { Alert, Progress } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isDemoSeedingUnderway, type DemoSeedingStatus } from '@voltfleet/domain';
import { formatUtcDate } from '@/lib/format';
import { formatPercent } from '@/lib/number-format';
import { useDemoSeeding } from '../api/get-demo-seeding';
import { useSeedingComplete } from './use-seeding-complete';
import './demo-seeding.css';

/** A thin full-width strip and a polite live region: changes are announced when the reader is idle. */
const STRIP = {
  banner: true,
  className: 'demo-seeding',
  'data-testid': 'demo-seeding',
  role: 'status',
  'aria-live': 'polite',
} as const;

function progressText(t: TFunction, status: DemoSeedingStatus, lang: string): string {
  if (status.state === 'pending') return t('demoSeeding.pending');
  // Rounded down, so the text never says 100 % before the seeding is done.
  const percent = formatPercent(Math.floor(status.percent), lang);
  if (status.phase === 'earnings') return t('demoSeeding.earnings', { percent });
  if (!status.simulatedUntil) return t('demoSeeding.history', { percent });
  return t('demoSeeding.historyUntil', { percent, date: formatUtcDate(status.simulatedUntil) });
}

/**
 * The demo history's seeding, above the pages while it runs: how far it is and that month, year and total figures
 * are still growing; a short note when it is complete, an error line when it failed; nothing when off or done.
 */
export function DemoSeedingBanner() {
  const { t, i18n } = useTranslation();
  const { data: status } = useDemoSeeding();
  const complete = useSeedingComplete(status?.state);

  if (complete.shown)
    return (
      <Alert
        {...STRIP}
        type="success"
        title={t('demoSeeding.done')}
        closable={{ onClose: complete.dismiss, 'aria-label': t('common.close') }}
      />
    );
  if (status?.state === 'failed') return <Alert {...STRIP} type="error" title={t('demoSeeding.failed')} />;
  if (!status || !isDemoSeedingUnderway(status.state)) return null;
  return (
    <Alert
      {...STRIP}
      type="info"
      title={progressText(t, status, i18n.language)}
      description={
        <Progress percent={status.percent} size="small" showInfo={false} aria-label={t('demoSeeding.progress')} />
      }
    />
  );
}
