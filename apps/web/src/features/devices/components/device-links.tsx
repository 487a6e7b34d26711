import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DeviceBehind, DeviceDetail } from '@voltfleet/domain/telemetry';
import { columnFields } from '@/components/column-cards';
import { DataTable, type Column } from '@/components/data-table';
import { PhoneCards } from '@/components/phone-cards';
import { StatSection } from '@/components/stat-card';
import { formatPlantTime } from '@/lib/format';
import { usePhone } from '@/lib/use-phone';
import { DeviceStatusTag } from './device-status-tag';
import { devicePath, ViaDevice } from './via-device';

/** The newest time the platform heard of a device, and through which device when not itself; "—" when never. */
export function LastContact({ device }: { device: DeviceDetail }) {
  const contact = device.lastContact;
  if (!contact) return <>—</>;
  return (
    <>
      {formatPlantTime(contact.at, device.plantTimeZone)}
      {contact.via && (
        <>
          {' '}
          <ViaDevice device={contact.via} />
        </>
      )}
    </>
  );
}

/**
 * The devices reporting through this one (a collector's inverters, an inverter's batteries), with their status: a
 * table, or on a phone a card per device.
 */
export function DevicesBehind({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const columns: Column<DeviceBehind>[] = [
    {
      dataIndex: 'sn',
      title: t('deviceDetail.fields.sn'),
      render: (sn, d) => (
        <Link to={devicePath(d.id)} data-testid={`behind-link-${sn}`}>
          {sn}
        </Link>
      ),
    },
    { dataIndex: 'kind', title: t('deviceDetail.fields.kind'), render: (kind) => t(`devices.kinds.${kind}`) },
    { dataIndex: 'model', title: t('deviceDetail.fields.modelType') },
    {
      dataIndex: 'runningStatus',
      title: t('deviceDetail.fields.runningStatus'),
      render: (status, d) => <DeviceStatusTag status={status} sn={d.sn} />,
    },
    {
      dataIndex: 'lastSeenAt',
      title: t('deviceDetail.fields.lastSeen'),
      render: (at) => formatPlantTime(at, device.plantTimeZone),
    },
  ];
  return (
    <StatSection title={t('deviceDetail.link.behind')}>
      {phone ? (
        // A phone: a card per device, as the device list shows them, rather than a table scrolling in its box.
        <PhoneCards
          data-testid="device-behind"
          cardTestId={(sn) => `behind-${sn}`}
          cards={device.behind.map((d) => ({
            key: d.sn,
            title: d.sn,
            onOpen: () => void navigate(devicePath(d.id)),
            openTestId: `behind-link-${d.sn}`,
            extra: <DeviceStatusTag status={d.runningStatus} sn={d.sn} />,
            fields: columnFields(columns, d, ['sn', 'runningStatus']),
          }))}
        />
      ) : (
        <DataTable
          rowKey="id"
          columns={columns}
          dataSource={device.behind}
          data-testid="device-behind"
          rowTestId={(d) => `behind-${d.sn}`}
        />
      )}
    </StatSection>
  );
}

/**
 * What a collector's link knows: its last contact (its own, or the newest of the devices behind it), its signal
 * strength (no reading field carries one, so the page says it is not reported), and the devices behind it.
 */
export function CollectorLink({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  return (
    <div data-testid="collector-link">
      <Descriptions
        bordered
        size="small"
        column={1}
        title={t('deviceDetail.link.collector.title')}
        items={[
          {
            key: 'lastContact',
            label: t('deviceDetail.link.collector.lastContact'),
            children: (
              <span data-testid="collector-last-contact">
                <LastContact device={device} />
              </span>
            ),
          },
          {
            key: 'signal',
            label: t('deviceDetail.link.collector.signal'),
            children: <span data-testid="collector-signal">{t('deviceDetail.link.collector.signalNotReported')}</span>,
          },
        ]}
      />
      {device.behind.length === 0 ? (
        <Empty style={{ marginTop: 16 }} description={t('deviceDetail.link.collector.noneBehind')} />
      ) : (
        <DevicesBehind device={device} />
      )}
    </div>
  );
}
