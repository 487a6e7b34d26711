import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FIRMWARE_FAMILIES,
  FIRMWARE_KINDS,
  FIRMWARE_MAX_BYTES,
  firmwareUploadSchema,
  type FirmwareUpload,
} from '@voltfleet/domain/firmware';
import { schemaMessage, showFormError } from '@/lib/form-rules';
import { notifySuccess } from '@/lib/success';
import { useUploadFirmware } from '../api/upload-firmware';

/** Upload of one image: kind, model family, version (checked per kind as on the server) and the file. */
export function UploadFirmwareModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FirmwareUpload>();
  const [file, setFile] = useState<File>();
  const uploading = useUploadFirmware();

  const submit = async () => {
    const fields = await form.validateFields();
    const problem = schemaMessage(firmwareUploadSchema, fields);
    if (problem) return form.setFields([{ name: 'version', errors: [problem] }]);
    if (!file) return;
    uploading.mutate(
      { fields, file },
      {
        onSuccess: () => {
          notifySuccess('success.added');
          onClose();
        },
        onError: (error) => showFormError(form, error),
      },
    );
  };

  return (
    <Modal
      open
      title={t('firmware.uploadTitle')}
      okText={t('firmware.uploadStart')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !file, 'data-testid': 'firmware-upload-ok' }}
      confirmLoading={uploading.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'PCU', family: '5K' }}>
        <Form.Item name="kind" label={t('firmware.kind')} rules={[{ required: true }]}>
          <Select options={FIRMWARE_KINDS.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Form.Item name="family" label={t('firmware.family')} rules={[{ required: true }]}>
          <Select options={FIRMWARE_FAMILIES.map((f) => ({ value: f, label: f }))} />
        </Form.Item>
        <Form.Item name="version" label={t('firmware.version')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={32} data-testid="firmware-version" />
        </Form.Item>
        <Form.Item name="notes" label={t('firmware.notes')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">
        {t('firmware.fileHelp', { mb: FIRMWARE_MAX_BYTES / 1024 / 1024 })}
      </Typography.Paragraph>
      <Upload
        maxCount={1}
        beforeUpload={(chosen) => {
          setFile(chosen);
          return false; // sent by the OK button with the form fields
        }}
        onRemove={() => setFile(undefined)}
      >
        <Button icon={<UploadOutlined />}>{t('firmware.chooseFile')}</Button>
      </Upload>
    </Modal>
  );
}
