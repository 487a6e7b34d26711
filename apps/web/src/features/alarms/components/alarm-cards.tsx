import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@voltfleet/domain/alarms';
import { PhoneCards } from '@/components/phone-cards';
import { StatusTag } from '@/components/status-tag';
import { formatElapsed, formatPlantTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { alarmDurationSeconds } from '../utils/alarm-duration';
import { DeviceLink, PlantLink } from './alarm-links';
import { AlarmState } from './alarm-state';
import { SeverityTag } from './severity-tag';

interface Props {
  alarms: readonly AlarmRow[];
  loading: boolean;
  pagination: PagerConfig;
  onOpen: (id: number) => void;
  nowMs: number;
}

/**
 * The alarm list on a phone: a card per alarm, its name opening the drawer (where it is acknowledged), severity and
 * state at a glance, then device, plant, times in plant time and the acknowledgement.
 */
export function AlarmCards({ alarms, loading, pagination, onOpen, nowMs }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <PhoneCards
      data-testid="alarm-cards"
      cardTestId={(id) => `alarm-card-${id}`}
      loading={loading}
      pagination={pagination}
      cards={alarms.map((alarm) => {
        const duration = formatElapsed(alarmDurationSeconds(alarm, nowMs), i18n.language);
        return {
          key: alarm.id,
          title: alarm.name,
          onOpen: () => onOpen(alarm.id),
          openTestId: `alarm-open-${alarm.id}`,
          extra: <SeverityTag severity={alarm.severity} />,
          fields: [
            { key: 'state', label: t('alarms.columns.state'), value: <AlarmState alarm={alarm} /> },
            { key: 'sn', label: t('alarms.columns.sn'), value: <DeviceLink deviceId={alarm.deviceId} sn={alarm.sn} /> },
            {
              key: 'plant',
              label: t('alarms.columns.plant'),
              value: <PlantLink plantId={alarm.plantId} name={alarm.plantName} />,
            },
            {
              key: 'raised',
              label: t('alarms.columns.raisedAt'),
              value: formatPlantTime(alarm.raisedAt, alarm.timeZone),
            },
            {
              key: 'duration',
              label: t('alarms.columns.duration'),
              value: alarm.state === 'active' ? t('alarms.ongoing', { duration }) : duration,
            },
            {
              key: 'ack',
              label: t('alarms.columns.acknowledged'),
              value: alarm.acknowledgedAt ? (
                <span data-testid={`alarm-ack-${alarm.id}`}>
                  {`${alarm.acknowledgedBy ?? '—'} · ${formatPlantTime(alarm.acknowledgedAt, alarm.timeZone)}`}
                </span>
              ) : (
                <StatusTag>{t('alarms.ack.unacknowledged')}</StatusTag>
              ),
            },
          ],
        };
      })}
    />
  );
}
