import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_CODE_MAX,
  DEVICE_FIELD_KEYS,
  DEVICE_TEMPLATE_MAX,
  deviceFieldsSchema,
  type DeviceFields,
} from '@voltfleet/domain/devices';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import { showFormError } from '@/lib/form-errors';
import { schemaRule } from '@/lib/schema-rule';
import { notify } from '@/lib/notice';
import { useSaveDeviceFields } from '../api/save-device-fields';

const CODE_KEYS = DEVICE_FIELD_KEYS.filter((key) => key !== 'template');

/**
 * Edits a device's grid code, battery and meter protocol and template (R3.3), checked by the domain's schema as the
 * server checks them; an empty field clears it. Loaded only when opened (it carries the schema).
 */
export function DeviceFieldsModal({ device, onClose }: { device: DeviceDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeviceFields>();
  const save = useSaveDeviceFields(device.id);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({
        gridCode: values.gridCode ?? null,
        batteryProtocol: values.batteryProtocol ?? null,
        meterProtocol: values.meterProtocol ?? null,
        template: values.template?.trim() || null,
      });
      notify('success', t('deviceDetail.editFields.saved', { sn: device.sn }));
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('deviceDetail.editFields.title', { sn: device.sn })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        data-testid="device-fields-form"
        initialValues={{
          gridCode: device.gridCode,
          batteryProtocol: device.batteryProtocol,
          meterProtocol: device.meterProtocol,
          template: device.template ?? '',
        }}
      >
        {CODE_KEYS.map((key) => (
          <Form.Item
            key={key}
            name={key}
            label={t(`deviceDetail.fields.${key}`)}
            extra={t('deviceDetail.editFields.codeHint', { max: DEVICE_CODE_MAX })}
            rules={[schemaRule(deviceFieldsSchema.shape[key])]}
          >
            <InputNumber style={{ width: '100%' }} data-testid={`device-fields-${key}`} />
          </Form.Item>
        ))}
        <Form.Item
          name="template"
          label={t('deviceDetail.fields.template')}
          rules={[schemaRule(deviceFieldsSchema.shape.template)]}
        >
          <Input maxLength={DEVICE_TEMPLATE_MAX} data-testid="device-fields-template" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
