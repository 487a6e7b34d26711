import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, type AlarmTally } from '@voltfleet/domain/alarms';
import { type Lang } from '@voltfleet/domain/i18n';
import { formatNumber } from '@/lib/number-format';
import { message } from '@/lib/i18n';

/** Whether any active alarm is of major severity or above: what puts a plant in alarm (and the figure in red). */
export const tallyAlarming = (tally: AlarmTally): boolean => tally.bySeverity.critical + tally.bySeverity.major > 0;

/**
 * The active alarms of a set of plants by severity ("1 Major · 2 Minor"), shown wherever plants are counted by
 * health, so a normal plant with minor alarms is never silently normal (issue 36). Severities without an alarm are
 * left out; without any alarm it says so.
 */
export function AlarmTallyText({ tally, 'data-testid': testId }: { tally: AlarmTally; 'data-testid'?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const parts = ALARM_SEVERITIES.filter((s) => tally.bySeverity[s] > 0).map(
    (s) => `${formatNumber(tally.bySeverity[s], lang)} ${message(ALARM_SEVERITY_LABELS[s])}`,
  );
  return (
    <span className="alarm-tally" data-testid={testId}>
      {parts.length > 0 ? parts.join(' · ') : t('common.alarmTally.none')}
    </span>
  );
}

/** "With minor alarms or warnings: N" under a count of normal plants, when N > 0; nothing otherwise. */
export function NormalWithAlarmsNote({ tally, 'data-testid': testId }: { tally: AlarmTally; 'data-testid'?: string }) {
  const { t, i18n } = useTranslation();
  if (tally.normalPlantsWithAlarms === 0) return null;
  return (
    <span className="alarm-tally" data-testid={testId}>
      {t('common.alarmTally.normalWithAlarms', { n: formatNumber(tally.normalPlantsWithAlarms, i18n.language) })}
    </span>
  );
}
