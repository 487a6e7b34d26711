import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useExportDeviceRanking } from '../api/export-device-ranking';
import { useExportPlantRanking, type RankingExportFormat, type RankingExportParams } from '../api/export-plant-ranking';

const FORMATS: readonly RankingExportFormat[] = ['xlsx', 'csv'];

/** Downloads the whole ranking shown (the same span and search, every page) as .xlsx or .csv, as the alarm list does. */
export function RankingExportButtons({
  view,
  params,
}: {
  view: 'plants' | 'devices';
  params: Omit<RankingExportParams, 'format'>;
}) {
  const { t } = useTranslation();
  const plants = useExportPlantRanking();
  const devices = useExportDeviceRanking();
  const exporting = view === 'plants' ? plants : devices;
  return (
    <Space.Compact>
      {FORMATS.map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined />}
          title={t('performance.page.exportHint')}
          loading={exporting.isPending && exporting.variables?.format === format}
          disabled={exporting.isPending}
          data-testid={`performance-export-${format}`}
          onClick={() => exporting.mutate({ ...params, format })}
        >
          {t(format === 'xlsx' ? 'performance.page.exportXlsx' : 'performance.page.exportCsv')}
        </Button>
      ))}
    </Space.Compact>
  );
}
