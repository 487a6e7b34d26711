import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { USER_EXPORT_FORMATS } from '@voltfleet/domain/users';
import { useTranslation } from 'react-i18next';
import { useExportUsers } from '../api/export-users';
import type { UserFilterParams } from '../api/get-users';

/** Downloads the filtered user list as .xlsx or .csv (the list's own permission: it shows the same rows). */
export function ExportUsersButtons({ filters }: { filters: UserFilterParams }) {
  const { t } = useTranslation();
  const exporting = useExportUsers();
  return (
    <Space.Compact>
      {USER_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined />}
          loading={exporting.isPending && exporting.variables?.format === format}
          disabled={exporting.isPending}
          data-testid={`user-export-${format}`}
          onClick={() => exporting.mutate({ ...filters, format })}
        >
          {t(format === 'xlsx' ? 'userAdmin.exportXlsx' : 'userAdmin.exportCsv')}
        </Button>
      ))}
    </Space.Compact>
  );
}
