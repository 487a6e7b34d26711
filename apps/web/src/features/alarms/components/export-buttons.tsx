import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/can';
import { useExportAlarms, type AlarmExportFormat, type AlarmExportParams } from '../api/export-alarms';

const FORMATS: readonly AlarmExportFormat[] = ['xlsx', 'csv'];

/** Downloads the filtered alarms as .xlsx or .csv; shown only with the C/A:alarm.export function permission. */
export function ExportButtons({ params }: { params: Omit<AlarmExportParams, 'format'> }) {
  const { t } = useTranslation();
  const exporting = useExportAlarms();
  return (
    <Can code="C/A:alarm.export">
      <Space.Compact>
        {FORMATS.map((format) => (
          <Button
            key={format}
            icon={<DownloadOutlined />}
            title={t('alarms.exportHint')}
            loading={exporting.isPending && exporting.variables?.format === format}
            disabled={exporting.isPending}
            data-testid={`alarm-export-${format}`}
            onClick={() => exporting.mutate({ ...params, format })}
          >
            {t(format === 'xlsx' ? 'alarms.exportXlsx' : 'alarms.exportCsv')}
          </Button>
        ))}
      </Space.Compact>
    </Can>
  );
}
