import { useState } from 'react';
import { Button, Modal, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportResult } from '@voltfleet/domain/devices';
import { useDownloadTemplate } from '../api/download-template';
import { useImportDevices } from '../api/import-devices';
import { ImportResultView } from './import-result';

/** Batch import: template download, upload of the filled sheet, and the result row by row. */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [result, setResult] = useState<ImportResult>();
  const template = useDownloadTemplate();
  const importing = useImportDevices();

  const submit = () => {
    if (!file) return;
    importing.mutate(file, { onSuccess: (answer) => setResult(answer) });
  };

  return (
    <Modal
      open
      width={760}
      title={t('deviceStorage.import')}
      okText={t('deviceStorage.importStart')}
      cancelText={t('common.close')}
      okButtonProps={{ disabled: !file, 'data-testid': 'import-start' }}
      confirmLoading={importing.isPending}
      onOk={submit}
      onCancel={onClose}
      maskClosable={false}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">
          {t('deviceStorage.importHelp', { count: IMPORT_MAX_ROWS, mb: IMPORT_MAX_BYTES / 1024 / 1024 })}
        </Typography.Paragraph>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={template.isPending}
            onClick={() => template.mutate()}
            data-testid="import-template"
          >
            {t('deviceStorage.downloadTemplate')}
          </Button>
          <span data-testid="import-file">
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              maxCount={1}
              beforeUpload={(chosen) => {
                setFile(chosen);
                setResult(undefined);
                return false; // sent by the Import button, not by the Upload component
              }}
              onRemove={() => setFile(undefined)}
            >
              <Button icon={<UploadOutlined />}>{t('deviceStorage.chooseFile')}</Button>
            </Upload>
          </span>
        </Space>
        {result && <ImportResultView result={result} />}
      </Space>
    </Modal>
  );
}
