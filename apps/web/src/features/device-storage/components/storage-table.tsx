import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StorageItem } from '@voltfleet/domain/devices';
import { DataTable, type Column } from '@/components/data-table';
import { StatusTag } from '@/components/status-tag';
import { formatDateTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { useCan } from '@/lib/permissions';
import { useKindLabel } from './kind-label';

interface Props {
  devices: StorageItem[];
  loading: boolean;
  pagination: PagerConfig;
  onActivate: (device: StorageItem) => void;
  onDeactivate: (device: StorageItem) => void;
  onRotate: (device: StorageItem) => void;
}

const orDash = (text: string | null) => text || '—';

/** The devices in storage; actions appear only with their function permission. */
export function StorageTable({ devices, loading, pagination, onActivate, onDeactivate, onRotate }: Props) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const canActivate = useCan('B/D:device.activate');
  const canRotate = useCan('B/D:device.stockIn');

  const columns: Column<StorageItem>[] = [
    { title: t('deviceStorage.sn'), dataIndex: 'sn', fixed: 'left' },
    { title: t('deviceStorage.kind'), dataIndex: 'kind', render: kindLabel },
    { title: t('deviceStorage.model'), dataIndex: 'modelType' },
    { title: t('deviceStorage.batteryModel'), dataIndex: 'batteryModelType', render: orDash },
    { title: t('deviceStorage.position'), dataIndex: 'installationPosition', render: orDash },
    { title: t('deviceStorage.holder'), dataIndex: 'ownerName' },
    {
      title: t('deviceStorage.status'),
      dataIndex: 'activation',
      render: (activation) =>
        activation === 'activated' ? (
          <StatusTag tone="success">{t('deviceStorage.activated')}</StatusTag>
        ) : (
          <StatusTag>{t('deviceStorage.awaiting')}</StatusTag>
        ),
    },
    { title: t('deviceStorage.plant'), dataIndex: 'plantName', render: orDash },
    { title: t('deviceStorage.importTime'), dataIndex: 'importTime', render: formatDateTime },
  ];

  if (canActivate || canRotate) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, device) => (
        <Space size={0}>
          {canActivate && device.activation === 'awaiting' && (
            <Button type="link" data-testid={`activate-${device.sn}`} onClick={() => onActivate(device)}>
              {t('deviceStorage.activate')}
            </Button>
          )}
          {canActivate && device.activation === 'activated' && (
            <Popconfirm
              title={t('deviceStorage.unbindConfirm', { sn: device.sn, plant: device.plantName ?? '' })}
              okText={t('deviceStorage.unbind')}
              cancelText={t('common.cancel')}
              onConfirm={() => onDeactivate(device)}
            >
              <Button type="link" data-testid={`unbind-${device.sn}`}>
                {t('deviceStorage.unbind')}
              </Button>
            </Popconfirm>
          )}
          {canRotate && device.hasCredentials && (
            <Popconfirm
              title={t('deviceStorage.rotateConfirm', { sn: device.sn })}
              okText={t('deviceStorage.rotate')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onRotate(device)}
            >
              <Button type="link" data-testid={`rotate-${device.sn}`}>
                {t('deviceStorage.rotate')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <DataTable<StorageItem>
      rowKey="id"
      data-testid="storage-table"
      rowTestId={(d) => `storage-row-${d.sn}`}
      columns={columns}
      dataSource={devices}
      loading={loading}
      pagination={pagination}
      emptyText={t('deviceStorage.empty')}
    />
  );
}
