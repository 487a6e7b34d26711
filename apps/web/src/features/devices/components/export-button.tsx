import { Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/can';
import { useExportDevices } from '../api/export-devices';
import type { DeviceListFilterParams } from '../api/get-devices';

/** Downloads the filtered list as an .xlsx sheet; shown only with the B/A:device.export function permission. */
export function ExportButton({ filters }: { filters: DeviceListFilterParams }) {
  const { t } = useTranslation();
  const exporting = useExportDevices();
  return (
    <Can code="B/A:device.export">
      <Tooltip title={t('deviceDetail.list.exportHint')}>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          data-testid="device-export"
          onClick={() => exporting.mutate(filters)}
        >
          {t('deviceDetail.list.export')}
        </Button>
      </Tooltip>
    </Can>
  );
}
