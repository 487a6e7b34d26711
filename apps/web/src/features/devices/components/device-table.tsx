import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVATION_STATUS_LABELS, DEVICE_LIVE_KEYS, type DeviceListItem, type Lang } from '@voltfleet/domain';
import { AlarmBadge, activeAlarmSearchPath } from '@/components/alarm-badge';
import { DataTable, type Column } from '@/components/data-table';
import { formatPlantTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { DeviceStatusTag } from './device-status-tag';
import { liveColumns } from './live-columns';
import { SortTitle, type SortState } from './sort-title';
import { UpdatedCell } from './updated-cell';
import './device-table.css';

interface Props {
  devices: DeviceListItem[];
  loading: boolean;
  pagination: PagerConfig;
  sort: SortState;
  onSort: (next: SortState) => void;
  /** The page's ticking clock, for "… ago". */
  nowMs: number;
}

/** The device list: identity, plant and status, then the newest values, which change live. */
export function DeviceTable({ devices, loading, pagination, sort, onSort, nowMs }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;

  const columns: Column<DeviceListItem>[] = [
    {
      title: <SortTitle column="sn" title={t('devices.sn')} {...sort} onSort={onSort} />,
      dataIndex: 'sn',
      fixed: 'left',
      render: (sn: string, device) => (
        <Link to={`/deviceCenter/deviceList/${device.id}`} data-testid={`device-link-${sn}`}>
          {sn}
        </Link>
      ),
    },
    { title: <SortTitle column="model" title={t('devices.model')} {...sort} onSort={onSort} />, dataIndex: 'model' },
    {
      title: <SortTitle column="plant" title={t('devices.plant')} {...sort} onSort={onSort} />,
      dataIndex: 'plantName',
      render: (name: string | null) => name ?? '—',
    },
    {
      title: <SortTitle column="status" title={t('devices.runningStatus')} {...sort} onSort={onSort} />,
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
      title: <SortTitle column="activation" title={t('deviceDetail.list.activation')} {...sort} onSort={onSort} />,
      dataIndex: 'activated',
      render: (activated: boolean) => ACTIVATION_STATUS_LABELS[activated ? 'activated' : 'awaiting'][lang],
    },
    {
      title: <SortTitle column="importTime" title={t('deviceDetail.list.importTime')} {...sort} onSort={onSort} />,
      dataIndex: 'importedAt',
      render: (at: string, device) => formatPlantTime(at, device.plantTimeZone),
    },
    ...liveColumns(DEVICE_LIVE_KEYS, lang, t),
    {
      title: <SortTitle column="lastSeen" title={t('devices.lastUpdate')} {...sort} onSort={onSort} />,
      key: 'updated',
      render: (_, device) => <UpdatedCell device={device} nowMs={nowMs} />,
    },
  ];

  return (
    <DataTable<DeviceListItem>
      rowKey="id"
      className="device-list-table"
      data-testid="device-table"
      rowTestId={(device) => `device-row-${device.sn}`}
      columns={columns}
      dataSource={devices}
      loading={loading}
      pagination={pagination}
    />
  );
}
