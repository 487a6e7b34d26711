import { Alert, Button, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportRejected, ImportResult } from '@voltfleet/domain/devices';
import { saveFile, xlsxFromBase64 } from '../api/save-file';

/** What an import did: counts, every refused row with its reason, and the new credentials offered once. */
export function ImportResultView({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const credentials = result.credentialsSheet;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="import-result">
      <Typography.Text data-testid="import-counts">
        {t('deviceStorage.importCounts', {
          // Two counts, each with its own plural form, joined the way the language joins them.
          accepted: t('deviceStorage.importAccepted', { count: result.accepted.length }),
          rejected: t('deviceStorage.importRejected', { count: result.rejected.length }),
        })}
      </Typography.Text>
      {credentials && (
        <Alert
          type="warning"
          showIcon
          title={t('deviceStorage.importCredentials')}
          action={
            <Button
              icon={<DownloadOutlined />}
              data-testid="import-credentials"
              onClick={() => saveFile(xlsxFromBase64(credentials), 'device-credentials.xlsx')}
            >
              {t('deviceStorage.downloadCredentials')}
            </Button>
          }
        />
      )}
      {result.rejected.length > 0 && (
        <Table<ImportRejected>
          size="small"
          rowKey="row"
          data-testid="import-rejected"
          pagination={false}
          scroll={{ y: 240 }}
          dataSource={result.rejected}
          columns={[
            { title: t('deviceStorage.row'), dataIndex: 'row', width: 70 },
            { title: t('deviceStorage.sn'), dataIndex: 'sn', width: 170 },
            { title: t('deviceStorage.reason'), dataIndex: 'message' },
          ]}
        />
      )}
      {result.accepted.length > 0 && (
        <Table
          size="small"
          rowKey="row"
          data-testid="import-accepted"
          pagination={false}
          scroll={{ y: 200 }}
          dataSource={result.accepted}
          columns={[
            { title: t('deviceStorage.row'), dataIndex: 'row', width: 70 },
            { title: t('deviceStorage.sn'), dataIndex: 'sn' },
            { title: t('deviceStorage.model'), dataIndex: 'modelType' },
          ]}
        />
      )}
    </Space>
  );
}
