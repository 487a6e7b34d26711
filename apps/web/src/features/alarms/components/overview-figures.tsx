import { useTranslation } from 'react-i18next';
import {
  ALARM_GROUPS,
  ALARM_SEVERITIES,
  ALARM_STATES,
  type AlarmFilter,
  type AlarmOverview,
} from '@voltfleet/domain/alarms';
import { StatCard, StatSection } from '@/components/stat-card';
import { formatElapsed, formatPlantTime } from '@/lib/format';
import { formatNumber } from '@/lib/number-format';
import { FigureLink } from './figure-link';
import { useAlarmLabels } from './use-alarm-labels';

interface Props {
  overview: AlarmOverview;
  /** The overview's own filters with its window's days; every figure's link adds its own to them. */
  filter: AlarmFilter;
}

/**
 * The counts of the filtered alarms: in total, unacknowledged, flapping, by severity, state and group, and the mean
 * time to recover. Each count opens the search with the filters that list exactly those alarms.
 */
export function OverviewFigures({ overview, filter }: Props) {
  const { t, i18n } = useTranslation();
  const labels = useAlarmLabels();
  const n = (count: number | undefined) => formatNumber(count ?? 0, i18n.language, 0);
  return (
    <>
      <StatSection
        title={t('alarms.overview.summary')}
        extra={
          <span className="stat-note" data-testid="alarm-window">
            {t('alarms.overview.window', {
              from: formatPlantTime(overview.from, overview.timeZone),
              to: formatPlantTime(overview.to, overview.timeZone),
            })}
          </span>
        }
      >
        <div className="stat-grid">
          <FigureLink
            filter={filter}
            label={t('alarms.overview.total')}
            value={n(overview.total)}
            testId="alarm-total"
          />
          <FigureLink
            filter={{ ...filter, ack: 'unacknowledged' }}
            label={t('alarms.ack.unacknowledged')}
            value={n(overview.unacknowledged)}
            tone={overview.unacknowledged > 0 ? 'error' : undefined}
            testId="alarm-unacknowledged"
          />
          {/* The search has no flapping filter (domain alarmFilterSchema); its rows carry the flapping mark. */}
          <StatCard label={t('alarms.flapping')} value={n(overview.flapping)} data-testid="alarm-flapping" />
          <FigureLink
            filter={{ ...filter, state: 'recovered' }}
            label={t('alarms.overview.mttr')}
            value={overview.mttrSeconds === null ? '—' : formatElapsed(overview.mttrSeconds, i18n.language)}
            testId="alarm-mttr"
          />
        </div>
      </StatSection>
      <StatSection title={t('alarms.overview.bySeverity')}>
        <div className="stat-grid">
          {ALARM_SEVERITIES.map((severity) => (
            <FigureLink
              key={severity}
              filter={{ ...filter, severity }}
              label={labels.severity(severity)}
              value={n(overview.bySeverity[severity])}
              testId={`alarm-severity-${severity}`}
            />
          ))}
          {ALARM_STATES.map((state) => (
            <FigureLink
              key={state}
              filter={{ ...filter, state }}
              label={labels.state(state)}
              value={n(overview.byState[state])}
              tone={state === 'active' && (overview.byState.active ?? 0) > 0 ? 'error' : undefined}
              testId={`alarm-state-${state}`}
            />
          ))}
        </div>
      </StatSection>
      <StatSection title={t('alarms.overview.byGroup')}>
        <div className="stat-grid">
          {ALARM_GROUPS.map((group) => (
            <FigureLink
              key={group}
              filter={{ ...filter, group }}
              label={labels.group(group)}
              value={n(overview.byGroup[group])}
              tone={(overview.byGroup[group] ?? 0) === 0 ? 'muted' : undefined}
              testId={`alarm-group-${group}`}
            />
          ))}
        </div>
      </StatSection>
    </>
  );
}
