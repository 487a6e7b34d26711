import { useTranslation } from 'react-i18next';
import type { AlarmEvent } from '@voltfleet/domain/alarms';
import { formatPlantTime } from '@/lib/format';
import './alarms.css';

const TONES: Record<AlarmEvent['kind'], string> = {
  raised: 'red',
  seen: 'gray',
  flapping: 'orange',
  acknowledged: 'blue',
  recovered: 'green',
};

/** What happened to an alarm, oldest first, on its plant's clock with the UTC offset; who acknowledged and why. */
export function AlarmTimeline({ events, timeZone }: { events: readonly AlarmEvent[]; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <ol className="alarm-timeline" data-testid="alarm-timeline">
      {events.map((event, i) => (
        <li
          key={`${event.kind}-${event.at}-${i}`}
          className={`alarm-timeline-item alarm-timeline-${TONES[event.kind]}`}
        >
          <div className="alarm-timeline-head" data-testid={`alarm-event-${event.kind}`}>
            <b>{t(`alarms.events.${event.kind}`)}</b>
            <time dateTime={event.at}>{formatPlantTime(event.at, timeZone)}</time>
          </div>
          {event.user && <div>{t('alarms.detail.by', { user: event.user })}</div>}
          {event.note && <div className="alarm-drawer-text">{t('alarms.detail.note', { note: event.note })}</div>}
        </li>
      ))}
    </ol>
  );
}
