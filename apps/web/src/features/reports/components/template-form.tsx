import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  REPORT_MAX_DEVICES,
  REPORT_MAX_INDICES,
  REPORT_TEMPLATE_LIMITS,
  reportTemplateInputSchema,
  type ReportTemplate,
} from '@voltfleet/domain/reports';
import { reportFormError } from '@/lib/form-rules';
import { notify } from '@/lib/notice';
import { notifySuccess } from '@/lib/success';
import { useSaveReportTemplate } from '../api/save-report-template';
import { DevicePicker } from './device-picker';
import { IndexPicker } from './index-picker';
import { localiseIssues } from '@/lib/i18n';

interface Values {
  name: string;
  description: string;
  deviceIds: number[];
  indices: string[];
}

const FIELDS: (keyof Values)[] = ['name', 'description', 'deviceIds', 'indices'];

/**
 * Create (template === null) or edit a template in a dialog, mounted while open. The whole template is checked with
 * the domain schema the server uses (4 devices, 8 indices), so the words are the same; the server's answers land
 * under the fields too.
 */
export default function TemplateForm({ template, onClose }: { template: ReportTemplate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveReportTemplate();
  const creating = template === null;
  const show = (issues: readonly { path: string; message: string }[]) =>
    form.setFields(
      FIELDS.map((name) => ({
        name,
        errors: issues.filter((i) => i.path.split('.')[0] === name).map((i) => i.message),
      })),
    );

  const submit = async () => {
    const checked = reportTemplateInputSchema.safeParse(form.getFieldsValue(true));
    if (!checked.success) return show(localiseIssues(checked.error.issues));
    show([]);
    try {
      await save.mutateAsync({ id: template?.id ?? null, input: checked.data });
      notifySuccess(creating ? 'success.added' : 'success.edited');
      onClose();
    } catch (error) {
      reportFormError(error, FIELDS, show);
    }
  };
  const tooMany = (key: 'report.tooManyDevices' | 'report.tooManyIndices', max: number) =>
    notify('warning', localiseIssues([{ path: [], message: key, code: 'custom', maximum: max }])[0]!.message);

  return (
    <Modal
      open
      width={640}
      title={creating ? t('reports.addTemplate') : t('reports.editTemplate')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'template-save' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        autoComplete="off"
        data-testid="template-form"
        initialValues={{
          name: template?.name ?? '',
          description: template?.description ?? '',
          deviceIds: template?.devices.map((d) => d.id) ?? [],
          indices: template?.indices ?? [],
        }}
      >
        <Form.Item name="name" label={t('reports.name')} required>
          <Input maxLength={REPORT_TEMPLATE_LIMITS.name} data-testid="template-name" />
        </Form.Item>
        <Form.Item name="description" label={t('reports.description')}>
          <Input.TextArea maxLength={REPORT_TEMPLATE_LIMITS.description} rows={2} data-testid="template-description" />
        </Form.Item>
        <Form.Item name="deviceIds" label={t('reports.devices')} required>
          <DevicePicker
            known={template?.devices}
            data-testid="template-devices"
            onTooMany={() => tooMany('report.tooManyDevices', REPORT_MAX_DEVICES)}
          />
        </Form.Item>
        <Form.Item name="indices" label={t('reports.indices')} required>
          <IndexPicker
            data-testid="template-indices"
            onTooMany={() => tooMany('report.tooManyIndices', REPORT_MAX_INDICES)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
