import type { ReactNode } from 'react';
import { Button, Descriptions, Drawer, Flex, Spin, Typography } from 'antd';
import { CheckOutlined, ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { workOrderFromAlarmLink } from '@voltfleet/domain/workorders';
import { type AlarmDetail } from '@voltfleet/domain/alarms';
import { formatElapsed, formatPlantTime } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { usePhone } from '@/lib/use-phone';
import { useAlarm } from '../api/get-alarm';
import { alarmDurationSeconds } from '../utils/alarm-duration';
import { DeviceLink, PlantLink } from './alarm-links';
import { AlarmState } from './alarm-state';
import { AlarmTimeline } from './alarm-timeline';
import { SeverityTag } from './severity-tag';
import { useAlarmLabels } from './use-alarm-labels';

interface Props {
  /** The open alarm; null closes the drawer. */
  id: number | null;
  onClose: () => void;
  /** Offers "Acknowledge" for an unacknowledged alarm (with the C/A:alarm.ack permission). */
  onAcknowledge?: (id: number) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

function DetailBody({ alarm }: { alarm: AlarmDetail }) {
  const { t, i18n } = useTranslation();
  const labels = useAlarmLabels();
  const nowMs = useNow(30_000);
  const time = (iso: string | null) => formatPlantTime(iso, alarm.timeZone);
  const items = [
    { key: 'severity', label: t('alarms.columns.severity'), children: <SeverityTag severity={alarm.severity} /> },
    { key: 'state', label: t('alarms.columns.state'), children: <AlarmState alarm={alarm} /> },
    { key: 'group', label: t('alarms.filters.group'), children: labels.group(alarm.group) },
    { key: 'code', label: t('alarms.detail.code'), children: <code>{alarm.code}</code> },
    { key: 'deviceCode', label: t('alarms.detail.deviceCode'), children: alarm.deviceCode ?? '—' },
    { key: 'device', label: t('alarms.columns.sn'), children: <DeviceLink deviceId={alarm.deviceId} sn={alarm.sn} /> },
    {
      key: 'plant',
      label: t('alarms.columns.plant'),
      children: <PlantLink plantId={alarm.plantId} name={alarm.plantName} />,
    },
    { key: 'raised', label: t('alarms.columns.raisedAt'), children: time(alarm.raisedAt) },
    { key: 'lastSeen', label: t('alarms.columns.lastSeenAt'), children: time(alarm.lastSeenAt) },
    { key: 'recovered', label: t('alarms.columns.recoveredAt'), children: time(alarm.recoveredAt) },
    {
      key: 'duration',
      label: t('alarms.columns.duration'),
      children: formatElapsed(alarmDurationSeconds(alarm, nowMs), i18n.language),
    },
  ];
  return (
    <>
      <Descriptions column={1} size="small" bordered items={items} data-testid="alarm-detail-fields" />
      <Section title={t('alarms.detail.cause')}>
        <p className="alarm-drawer-text" data-testid="alarm-detail-cause">
          {alarm.cause}
        </p>
      </Section>
      <Section title={t('alarms.detail.handling')}>
        <p className="alarm-drawer-text" data-testid="alarm-detail-handling">
          {alarm.handling}
        </p>
      </Section>
      <Section title={t('alarms.detail.timeline')}>
        <AlarmTimeline events={alarm.events} timeZone={alarm.timeZone} />
      </Section>
    </>
  );
}

/** One alarm in full: what it is, why it happens and what to do, where it is, and its timeline in plant time. */
export function AlarmDrawer({ id, onClose, onAcknowledge }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alarm = useAlarm(id);
  const phone = usePhone();
  const data = alarm.data && alarm.data.id === id ? alarm.data : undefined;
  const actions = data && (
    <Flex gap={8} wrap style={phone ? { marginBottom: 16 } : undefined}>
      {/* Work orders are a shell entry every signed-in user has: the form opens there, filled from the alarm. */}
      <Button
        icon={<ToolOutlined />}
        data-testid="alarm-detail-work-order"
        onClick={() =>
          navigate(
            workOrderFromAlarmLink({
              alarmId: data.id,
              plantId: data.plantId,
              deviceId: data.deviceId,
              sn: data.sn,
              title: data.name,
            }),
          )
        }
      >
        {t('alarms.detail.createWorkOrder')}
      </Button>
      {!data.acknowledgedAt && onAcknowledge && (
        <Button icon={<CheckOutlined />} data-testid="alarm-detail-ack" onClick={() => onAcknowledge(data.id)}>
          {t('alarms.acknowledge')}
        </Button>
      )}
    </Flex>
  );
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      // A phone: the whole screen, the actions above the details (the heading has no room for them).
      size={phone ? '100%' : 560}
      rootClassName={phone ? 'phone-touch' : undefined}
      title={<span data-testid="alarm-detail-title">{data?.name ?? t('alarms.detail.title')}</span>}
      extra={phone ? undefined : actions}
      destroyOnHidden
    >
      <div data-testid="alarm-drawer">
        {phone && actions}
        {data ? <DetailBody alarm={data} /> : <Spin spinning={alarm.isFetching} />}
      </div>
    </Drawer>
  );
}
