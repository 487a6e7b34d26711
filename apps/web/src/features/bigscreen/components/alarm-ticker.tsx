import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITY_LABELS } from '@voltfleet/domain/alarms';
import { type BigScreenAlarms } from '@voltfleet/domain/big-screen';
import { formatPlantTime } from '@/lib/format';
import { formatNumber } from '@/lib/number-format';
import { message } from '@/lib/i18n';

/** The newest active alarms, running along the bottom of the map (still for users who prefer reduced motion). */
export function AlarmTicker({ data }: { data: BigScreenAlarms | undefined }) {
  const { t, i18n } = useTranslation();
  const alarms = data?.alarms ?? [];
  const items = alarms.map((alarm) => (
    <span key={alarm.id} className={`bs-ticker-item bs-severity-${alarm.severity}`}>
      <b>{message(ALARM_SEVERITY_LABELS[alarm.severity])}</b> {formatPlantTime(alarm.raisedAt, alarm.timeZone)} ·{' '}
      {alarm.plantName ?? alarm.sn} · {alarm.name}
    </span>
  ));
  return (
    <div className="bs-ticker" data-testid="bigscreen-ticker" aria-live="polite">
      <span className="bs-ticker-title">
        {t('bigScreen.ticker.title')}{' '}
        <b data-testid="bigscreen-ticker-total">{formatNumber(data?.total ?? 0, i18n.language)}</b>
      </span>
      <div className="bs-ticker-track">
        {alarms.length === 0 ? (
          <span className="bs-muted">{data ? t('bigScreen.ticker.none') : ''}</span>
        ) : (
          // Twice, so the loop is seamless: the second copy takes the first's place as it leaves.
          <div className={`bs-ticker-run${alarms.length > 2 ? ' bs-ticker-moving' : ''}`}>
            <span>{items}</span>
            {alarms.length > 2 && <span aria-hidden="true">{items}</span>}
          </div>
        )}
      </div>
    </div>
  );
}
