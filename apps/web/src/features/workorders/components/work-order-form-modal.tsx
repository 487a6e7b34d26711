import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import '@/components/phone.css';
import { usePhone } from '@/lib/use-phone';
import { DayPicker } from '@/components/day-picker';
import {
  WORK_ORDER_LIMITS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_TYPES,
  workOrderDueDateSchema,
  workOrderTitleSchema,
  type WorkOrderDetail,
  type WorkOrderInput,
  type WorkOrderPrefill,
} from '@voltfleet/domain/workorders';
import { notifySuccess } from '@/lib/success';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { useCreateWorkOrder } from '../api/create-work-order';
import { useWorkOrderOptions } from '../api/get-work-order-options';

interface Props {
  /** Filled from an alarm (plant, device and alarm fixed), or null for one by hand. */
  prefill: WorkOrderPrefill | null;
  onClose: () => void;
  onCreated: (order: WorkOrderDetail) => void;
}

interface Values {
  title: string;
  type: WorkOrderInput['type'];
  priority: WorkOrderInput['priority'];
  description?: string;
  plantId?: number;
  assigneeId?: number;
  dueDate?: string;
}

/** New work order, by hand or from an alarm; the rules are the domain's, the server has the last word. */
export default function WorkOrderFormModal({ prefill, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [form] = Form.useForm<Values>();
  const options = useWorkOrderOptions();
  const create = useCreateWorkOrder();

  const submit = async () => {
    const v = await form.validateFields();
    const input: WorkOrderInput = {
      title: v.title.trim(),
      type: v.type,
      priority: v.priority,
      description: v.description?.trim() ?? '',
      dueDate: v.dueDate || null,
      plantId: prefill ? prefill.plantId : (v.plantId ?? null),
      deviceId: prefill?.deviceId ?? null,
      alarmId: prefill?.alarmId ?? null,
      assigneeId: v.assigneeId ?? null,
    };
    create.mutate(input, {
      onSuccess: (order) => {
        notifySuccess('success.added');
        onCreated(order);
      },
      onError: (error) => showFormError(form, error),
    });
  };

  return (
    <Modal
      open
      title={t('workOrders.create')}
      // A phone: fields and buttons big enough for a finger (components/phone.css).
      rootClassName={phone ? 'phone-touch' : undefined}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'work-order-form-submit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="work-order-form"
        initialValues={{
          title: prefill?.title ?? '',
          type: prefill ? 'faultRepair' : 'maintenance',
          priority: 'normal',
          plantId: prefill?.plantId ?? undefined,
        }}
      >
        {prefill && (
          <p data-testid="work-order-form-source">
            {t('workOrders.fromAlarm', { id: prefill.alarmId, sn: prefill.sn })}
          </p>
        )}
        <Form.Item name="title" label={t('workOrders.fields.title')} rules={[schemaRule(workOrderTitleSchema)]}>
          <Input maxLength={WORK_ORDER_LIMITS.title} data-testid="work-order-form-title" />
        </Form.Item>
        <Form.Item name="type" label={t('workOrders.fields.type')}>
          <Select options={WORK_ORDER_TYPES.map((v) => ({ value: v, label: t(`workOrders.types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="priority" label={t('workOrders.fields.priority')}>
          <Select
            data-testid="work-order-form-priority"
            options={WORK_ORDER_PRIORITIES.map((v) => ({ value: v, label: t(`workOrders.priorities.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="plantId" label={t('workOrders.fields.plant')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            disabled={prefill !== null}
            data-testid="work-order-form-plant"
            options={options.data?.plants.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="assigneeId" label={t('workOrders.fields.assignee')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            data-testid="work-order-form-assignee"
            options={options.data?.users.map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
          />
        </Form.Item>
        <Form.Item
          name="dueDate"
          label={t('workOrders.fields.dueDate')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                if (v && !workOrderDueDateSchema.safeParse(v).success) throw new Error(t('workOrders.badDate'));
              },
            },
          ]}
        >
          <DayPicker testId="work-order-form-due" width="100%" />
        </Form.Item>
        <Form.Item name="description" label={t('workOrders.fields.description')}>
          <Input.TextArea
            rows={4}
            maxLength={WORK_ORDER_LIMITS.description}
            data-testid="work-order-form-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
