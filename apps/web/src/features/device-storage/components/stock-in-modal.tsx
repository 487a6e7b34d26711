import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_CODE_MAX,
  DEVICE_KINDS,
  DEVICE_MODELS,
  DEVICE_TEMPLATE_MAX,
  deviceFieldsSchema,
  serialNumberSchema,
  type DeviceKind,
  type StockIn,
  type StockInResult,
} from '@voltfleet/domain/devices';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { notifySuccess } from '@/lib/success';
import { useStockIn } from '../api/stock-in';
import { useKindLabel } from './kind-label';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The inverter's codes the installer may give now or later on the device's page. */
const CODE_FIELDS = ['gridCode', 'batteryProtocol', 'meterProtocol'] as const;

/** The stock-in form; on success the caller shows the returned credentials once. */
export function StockInModal({ onClose, onDone }: { onClose: () => void; onDone: (result: StockInResult) => void }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const [form] = Form.useForm<StockIn>();
  const kind = Form.useWatch('kind', form) ?? 'inverter';
  const stockIn = useStockIn();
  const required = { required: true, message: t('deviceStorage.required') };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const result = await stockIn.mutateAsync(values);
      notifySuccess('success.stockedIn');
      onDone(result);
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('deviceStorage.stockIn')}
      okText={t('deviceStorage.stockInConfirm')}
      cancelText={t('common.cancel')}
      confirmLoading={stockIn.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{ kind: 'inverter' }}
        data-testid="stock-in-form"
      >
        <Form.Item name="sn" label={t('deviceStorage.sn')} rules={[required, schemaRule(serialNumberSchema)]}>
          <Input maxLength={32} data-testid="stock-in-sn" />
        </Form.Item>
        <Form.Item name="kind" label={t('deviceStorage.kind')} rules={[required]}>
          <Select
            data-testid="stock-in-kind"
            options={DEVICE_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            onChange={() => form.setFieldsValue({ modelType: undefined, batteryModelType: undefined })}
          />
        </Form.Item>
        <Form.Item name="modelType" label={t('deviceStorage.model')} rules={[required]}>
          <Select data-testid="stock-in-model" options={options(DEVICE_MODELS[kind as DeviceKind])} />
        </Form.Item>
        {kind !== 'collector' && (
          <Form.Item name="batteryModelType" label={t('deviceStorage.batteryModel')}>
            <Select allowClear options={options(DEVICE_MODELS.battery)} />
          </Form.Item>
        )}
        <Form.Item name="installationPosition" label={t('deviceStorage.position')}>
          <Input maxLength={100} />
        </Form.Item>
        {CODE_FIELDS.map((key) => (
          <Form.Item
            key={key}
            name={key}
            label={t(`deviceStorage.${key}`)}
            extra={t('deviceStorage.codeHint', { max: DEVICE_CODE_MAX })}
            rules={[schemaRule(deviceFieldsSchema.shape[key].optional())]}
          >
            <InputNumber style={{ width: '100%' }} data-testid={`stock-in-${key}`} />
          </Form.Item>
        ))}
        <Form.Item
          name="template"
          label={t('deviceStorage.template')}
          rules={[schemaRule(deviceFieldsSchema.shape.template.optional())]}
        >
          <Input maxLength={DEVICE_TEMPLATE_MAX} data-testid="stock-in-template" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
