import { useTranslation } from 'react-i18next';
import type { PlantStatsSummary } from '@voltfleet/domain/plants';
import { AlarmTallyText, NormalWithAlarmsNote, tallyAlarming } from '@/components/alarm-tally';
import { StatCard, StatSection } from '@/components/stat-card';
import { formatNumber } from '@/lib/number-format';

const STATUS_TONES = {
  all: undefined,
  online: 'success',
  normal: 'success',
  alarm: 'error',
  offline: 'muted',
} as const;

/**
 * Plants by status and by type, and their installed power and storage capacity. Beside the status counts, the active
 * alarms by severity: a plant's status counts alarms of major severity and above, so the normal count says how many
 * of its plants still have minor alarms or warnings (issue 36). Type names come from the locale
 * files rather than the domain's PLANT_TYPES, whose module would bring the plant form's validation into the landing.
 */
export function StatusCounts({ summary }: { summary: PlantStatsSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <StatSection title={t('plantStats.plants')}>
      <div className="stat-grid">
        {(Object.keys(STATUS_TONES) as (keyof typeof STATUS_TONES)[]).map((status) => (
          <StatCard
            key={status}
            label={t(`plantStats.status.${status}`)}
            value={summary.counts[status]}
            tone={STATUS_TONES[status]}
            note={
              status === 'normal' ? (
                <NormalWithAlarmsNote tally={summary.activeAlarms} data-testid="stats-normal-with-alarms" />
              ) : undefined
            }
            data-testid={`stats-count-${status}`}
          />
        ))}
        <StatCard
          label={t('plantStats.activeAlarms')}
          value={formatNumber(summary.activeAlarms.total, lang)}
          tone={tallyAlarming(summary.activeAlarms) ? 'error' : summary.activeAlarms.total > 0 ? 'warning' : 'success'}
          note={<AlarmTallyText tally={summary.activeAlarms} data-testid="stats-alarm-tally" />}
          data-testid="stats-active-alarms"
        />
        {summary.byType.map(({ type, count }) => (
          <StatCard key={type} label={t(`plantStats.types.${type}`)} value={count} data-testid={`stats-type-${type}`} />
        ))}
        <StatCard
          label={t('plantStats.installedPower')}
          value={formatNumber(summary.powerKw, lang)}
          unit="kW"
          data-testid="stats-power"
        />
        <StatCard
          label={t('plantStats.capacity')}
          value={formatNumber(summary.capacityKwh, lang)}
          unit="kWh"
          data-testid="stats-capacity"
        />
      </div>
    </StatSection>
  );
}
