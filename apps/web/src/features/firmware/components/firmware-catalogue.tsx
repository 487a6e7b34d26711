import { useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FirmwareImage } from '@voltfleet/domain/firmware';
import { FirmwareVersion } from '@/components/firmware-version';
import { formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/success';
import { useDeleteFirmware } from '../api/delete-firmware';
import { useFirmware } from '../api/get-firmware';
import { UploadFirmwareModal } from './upload-firmware-modal';

/** The firmware catalogue (B/E:firmware.manage): every image with its checksum; upload and delete. */
export function FirmwareCatalogue() {
  const { t } = useTranslation();
  const images = useFirmware();
  const remove = useDeleteFirmware();
  const [uploading, setUploading] = useState(false);

  const columns = [
    { title: t('firmware.kind'), dataIndex: 'kind', key: 'kind' },
    { title: t('firmware.family'), dataIndex: 'family', key: 'family' },
    {
      title: t('firmware.version'),
      key: 'version',
      render: (_: unknown, i: FirmwareImage) => <FirmwareVersion version={i.version} />,
    },
    {
      title: t('firmware.size'),
      key: 'size',
      render: (_: unknown, i: FirmwareImage) => t('firmware.sizeKb', { kb: (i.sizeBytes / 1024).toFixed(1) }),
    },
    {
      title: 'SHA-256',
      key: 'sha256',
      render: (_: unknown, i: FirmwareImage) => (
        <Typography.Text code copyable={{ text: i.sha256 }}>
          {i.sha256.slice(0, 12)}
        </Typography.Text>
      ),
    },
    { title: t('firmware.fileName'), dataIndex: 'fileName', key: 'fileName' },
    { title: t('firmware.uploadedBy'), dataIndex: 'uploadedBy', key: 'uploadedBy' },
    {
      title: t('firmware.uploadedAt'),
      key: 'uploadedAt',
      render: (_: unknown, i: FirmwareImage) => formatDateTime(i.uploadedAt),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, i: FirmwareImage) =>
        i.inUse ? (
          <Tag color="processing">{t('firmware.inUse')}</Tag>
        ) : (
          <Popconfirm
            title={t('firmware.deleteConfirm', { version: i.version })}
            onConfirm={() => remove.mutate(i.id, { onSuccess: () => notifySuccess('success.deleted') })}
          >
            <Button type="link" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="firmware-catalogue">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)} data-testid="firmware-upload">
        {t('firmware.uploadTitle')}
      </Button>
      <Table<FirmwareImage>
        rowKey="id"
        size="small"
        loading={images.isPending}
        dataSource={images.data ?? []}
        columns={columns}
        pagination={{ pageSize: 15 }}
      />
      {uploading && <UploadFirmwareModal onClose={() => setUploading(false)} />}
    </Space>
  );
}
