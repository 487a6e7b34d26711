import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALARM_SEVERITY_LABELS, type ActiveAlarms } from '@voltfleet/domain/alarms';
import { useCan } from '@/lib/permissions';
import './alarm-badge.css';
import { message } from '@/lib/i18n';

/** The alarm search (Alarm Center → Alarm search) narrowed to one device's or plant's active alarms. */
export function activeAlarmSearchPath(filter: { deviceId: number } | { plantId: number }): string {
  const [key, id] = 'deviceId' in filter ? ['deviceId', filter.deviceId] : ['plantId', filter.plantId];
  return `/alarmCenter/alarmSearch?${key}=${id}&state=active`;
}

/** Whether the user may open the alarm search (its module and its page). */
export function useCanSearchAlarms(): boolean {
  const module = useCan('C');
  const page = useCan('C/A');
  return module && page;
}

/**
 * A list row's active alarms: their number on the colour of the most severe (critical red, major orange, minor
 * gold, warning blue), linking to the alarm search of the device or plant when the user may open it; a dash when
 * there are none.
 */
export function AlarmBadge({
  alarms,
  searchPath,
  testId,
}: {
  alarms: ActiveAlarms;
  searchPath: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const canSearch = useCanSearchAlarms();
  if (alarms.count === 0 || alarms.maxSeverity === null) {
    return (
      <span className="alarm-badge alarm-badge-none" data-testid={testId} aria-label={t('activeAlarms.none')}>
        —
      </span>
    );
  }
  const label = t('activeAlarms.badgeLabel', {
    count: alarms.count,
    severity: message(ALARM_SEVERITY_LABELS[alarms.maxSeverity]),
  });
  const props = {
    className: `alarm-badge alarm-badge-${alarms.maxSeverity}`,
    'data-testid': testId,
    'data-severity': alarms.maxSeverity,
    'aria-label': label,
    title: label,
  };
  return canSearch ? (
    <Link to={searchPath} {...props}>
      {alarms.count}
    </Link>
  ) : (
    <span {...props}>{alarms.count}</span>
  );
}
