import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ACTIVATION_STATUS_LABELS } from '@voltfleet/domain/devices';
import { DEVICE_LIVE_KEYS, type DeviceListItem } from '@voltfleet/domain/device-list';
import { type Lang } from '@voltfleet/domain/i18n';
import { AlarmBadge, activeAlarmSearchPath } from '@/components/alarm-badge';
import { clipProps } from '@/components/cell-clip';
import { columnFields } from '@/components/column-cards';
import { PhoneCards } from '@/components/phone-cards';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { formatPlantTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { usePhone } from '@/lib/use-phone';
import { DeviceStatusTag } from './device-status-tag';
import { liveColumns } from './live-columns';
import { SortTitle, type SortState } from './sort-title';
import { UpdatedCell } from './updated-cell';
import './device-table.css';
import { message } from '@/lib/i18n';

interface Props {
  devices: DeviceListItem[];
  loading: boolean;
  pagination: PagerConfig;
  sort: SortState;
  onSort: (next: SortState) => void;
  /** The page's ticking clock, for "… ago". */
  nowMs: number;
}

/**
 * The device list: identity, plant and status, then the newest values, which change live. By default it shows what
 * fits a 1440-pixel window (serial number, plant, status, alarms, PV power, today's yield, last update; domain
 * TABLE_COLUMNS), the rest one click away in the column chooser.
 */
export function DeviceTable({ devices, loading, pagination, sort, onSort, nowMs }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const phone = usePhone();
  const navigate = useNavigate();
  // A sortable column: its heading sorts, and the chooser names it by the same words.
  const sorted = (column: SortState['sort'], label: string) => ({
    title: <SortTitle column={column} title={label} {...sort} onSort={onSort} />,
    label,
  });

  const columns: Column<DeviceListItem>[] = [
    {
      ...sorted('sn', t('devices.sn')),
      dataIndex: 'sn',
      fixed: 'left',
      render: (sn: string, device) => (
        <Link to={`/deviceCenter/deviceList/${device.id}`} data-testid={`device-link-${sn}`}>
          {sn}
        </Link>
      ),
    },
    { ...sorted('model', t('devices.model')), dataIndex: 'model' },
    {
      ...sorted('plant', t('devices.plant')),
      dataIndex: 'plantName',
      render: (name: string | null) => (name === null ? '—' : <span {...clipProps(name)}>{name}</span>),
    },
    {
      ...sorted('status', t('devices.runningStatus')),
      dataIndex: 'runningStatus',
      render: (status, device) => <DeviceStatusTag status={status} sn={device.sn} />,
    },
    {
      title: t('activeAlarms.column'),
      dataIndex: 'activeAlarms',
      align: 'center',
      render: (alarms, device) => (
        <AlarmBadge
          alarms={alarms}
          searchPath={activeAlarmSearchPath({ deviceId: device.id })}
          testId={`device-alarms-${device.sn}`}
        />
      ),
    },
    {
      ...sorted('activation', t('deviceDetail.list.activation')),
      dataIndex: 'activated',
      render: (activated: boolean) => message(ACTIVATION_STATUS_LABELS[activated ? 'activated' : 'awaiting']),
    },
    {
      ...sorted('importTime', t('deviceDetail.list.importTime')),
      dataIndex: 'importedAt',
      render: (at: string, device) => formatPlantTime(at, device.plantTimeZone),
    },
    ...liveColumns(DEVICE_LIVE_KEYS, lang, t),
    {
      ...sorted('lastSeen', t('devices.lastUpdate')),
      key: 'updated',
      render: (_, device) => <UpdatedCell device={device} nowMs={nowMs} />,
    },
  ];

  const choice = useColumnChoice('deviceList', columns);

  if (phone) {
    // A phone: a card per device, its serial number opening it, its status beside, the chosen columns as lines.
    return (
      <PhoneCards
        data-testid="device-table"
        cardTestId={(sn) => `device-row-${sn}`}
        loading={loading || !choice.ready}
        pagination={pagination}
        cards={(choice.ready ? devices : []).map((device) => ({
          key: device.sn,
          title: device.sn,
          onOpen: () => void navigate(`/deviceCenter/deviceList/${device.id}`),
          openTestId: `device-link-${device.sn}`,
          extra: <DeviceStatusTag status={device.runningStatus} sn={device.sn} />,
          fields: columnFields(choice.columns, device, ['sn', 'runningStatus']),
        }))}
      />
    );
  }

  return (
    <DataTable<DeviceListItem>
      rowKey="id"
      data-testid="device-table"
      rowTestId={(device) => `device-row-${device.sn}`}
      columns={choice.columns}
      toolbar={choice.toolbar}
      dataSource={choice.ready ? devices : []}
      loading={loading || !choice.ready}
      pagination={pagination}
    />
  );
}
