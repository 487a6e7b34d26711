import { Alert, Progress } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DemoSeedingStatus } from '@voltfleet/domain/demo';
import { formatUtcDate } from '@/lib/format';
import { formatPercent } from '@/lib/number-format';
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
  // The last week first (the fleet goes live after it), then the months before it.
  const recent = status.phase === 'recent';
  if (!status.simulatedUntil) return t(recent ? 'demoSeeding.recent' : 'demoSeeding.history', { percent });
  const date = formatUtcDate(status.simulatedUntil);
  return t(recent ? 'demoSeeding.recentUntil' : 'demoSeeding.historyUntil', { percent, date });
}

export type StripProps =
  { kind: 'complete'; onDismiss: () => void } | { kind: 'failed' } | { kind: 'progress'; status: DemoSeedingStatus };

/** What the banner shows (its own chunk: Alert and Progress load only while there is something to show). */
export default function DemoSeedingStrip(props: StripProps) {
  const { t, i18n } = useTranslation();
  if (props.kind === 'complete')
    return (
      <Alert
        {...STRIP}
        type="success"
        title={t('demoSeeding.done')}
        closable={{ onClose: props.onDismiss, 'aria-label': t('common.close') }}
      />
    );
  if (props.kind === 'failed') return <Alert {...STRIP} type="error" title={t('demoSeeding.failed')} />;
  return (
    <Alert
      {...STRIP}
      type="info"
      title={progressText(t, props.status, i18n.language)}
      description={
        <Progress percent={props.status.percent} size="small" showInfo={false} aria-label={t('demoSeeding.progress')} />
      }
    />
  );
}
