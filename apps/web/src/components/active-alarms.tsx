import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALARM_SEVERITY_LABELS, type AlarmRow } from '@voltfleet/domain/alarms';
import { formatPlantTime } from '@/lib/format';
import { useCanSearchAlarms } from './alarm-badge';
import { StatSection } from './stat-card';
import './alarm-badge.css';
import { message } from '@/lib/i18n';

interface Props {
  /** The active alarms, most severe first (undefined while loading). */
  alarms: AlarmRow[] | undefined;
  /** How many are active in all (the list may show fewer). */
  total: number | undefined;
  failed: boolean;
  /** The alarm search narrowed to these alarms. */
  searchPath: string;
  /** Name each alarm's device (a plant's alarms come from several). */
  showDevice?: boolean;
  testId: string;
}

/**
 * A device's or plant's active alarms on its detail page: each with its severity, its name in the UI language (as the
 * server gave it), its device and since when on the plant's clock with the UTC offset, and a link to the alarm search.
 */
export function ActiveAlarms({ alarms, total, failed, searchPath, showDevice = false, testId }: Props) {
  const { t } = useTranslation();
  const canSearch = useCanSearchAlarms();
  const count = total ?? alarms?.length ?? 0;
  const link = canSearch && count > 0 && (
    <Link to={searchPath} data-testid={`${testId}-search`}>
      {alarms && count > alarms.length
        ? t('activeAlarms.more', { count: count - alarms.length })
        : t('activeAlarms.openSearch')}
    </Link>
  );
  let body;
  if (failed) body = <p className="active-alarms-empty">{t('activeAlarms.loadFailed')}</p>;
  else if (!alarms) body = <p className="active-alarms-empty">{t('activeAlarms.loading')}</p>;
  else if (alarms.length === 0) body = <p className="active-alarms-empty">{t('activeAlarms.none')}</p>;
  else
    body = (
      <ul className="active-alarms-list">
        {alarms.map((alarm) => (
          <li key={alarm.id} className="active-alarms-item" data-testid={`${testId}-item`} data-code={alarm.code}>
            <span
              className={`alarm-badge alarm-badge-${alarm.severity}`}
              data-severity={alarm.severity}
              data-testid={`${testId}-severity`}
            >
              {message(ALARM_SEVERITY_LABELS[alarm.severity])}
            </span>
            <span className="active-alarms-name">{alarm.name}</span>
            {showDevice && <span className="active-alarms-meta">{alarm.sn}</span>}
            <span className="active-alarms-meta" data-testid={`${testId}-since`}>
              {t('activeAlarms.since', { time: formatPlantTime(alarm.raisedAt, alarm.timeZone) })}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="active-alarms" data-testid={testId}>
      <StatSection
        title={count > 0 ? t('activeAlarms.title', { count }) : t('activeAlarms.heading')}
        extra={link || undefined}
      >
        {body}
      </StatSection>
    </div>
  );
}
