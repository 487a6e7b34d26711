import { useState } from 'react';
import { Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  mayReceive,
  webhookUrlSchema,
  type WebhookEvent,
} from '@voltfleet/domain/webhooks';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { useMe } from '@/lib/session';
import { usePlantChoices } from '@/lib/plant-choices';
import { useCreateWebhook } from '../api/webhook-mutations';
import { WebhookSecretView } from './webhook-secret';

interface Values {
  url: string;
  events: WebhookEvent[];
  scope: 'all' | 'chosen';
  plantIds?: number[];
}

/** An event's name in the reader's words (`alarm.raised` → `webhooks.event.alarm_raised`). */
export const eventKey = (event: string) => `webhooks.event.${event.replace('.', '_')}`;

/** Creates a webhook (address, events, all or chosen plants), then shows its secret once. */
export function WebhookModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { permissions: held } = useMe();
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch('scope', form);
  // Only a user who may open the plant list can list plants to choose from (GET /api/plants needs module A).
  const canListPlants = held.includes('A');
  const plants = usePlantChoices(open && canListPlants && scope === 'chosen');
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  // Events whose page the user lacks are not offered: the server would refuse them.
  const offered = WEBHOOK_EVENTS.filter((e) => mayReceive(e, held));

  const close = () => {
    setSecret(null);
    form.resetFields();
    onClose();
  };
  const submit = async (values: Values) => {
    try {
      const created = await create.mutateAsync({
        url: values.url,
        events: values.events,
        plantIds: values.scope === 'all' ? null : (values.plantIds ?? []),
      });
      setSecret(created.secret);
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={secret ? t('webhooks.createdTitle') : t('webhooks.create')}
      onCancel={close}
      onOk={secret ? close : () => form.submit()}
      okText={secret ? t('webhooks.done') : t('webhooks.create')}
      cancelButtonProps={secret ? { style: { display: 'none' } } : undefined}
      confirmLoading={create.isPending}
      // A secret once shown is not shown again: a click beside the dialog must not lose it.
      maskClosable={!secret}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': secret ? 'webhook-done' : 'webhook-submit' }}
    >
      {secret ? (
        <WebhookSecretView secret={secret} />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ scope: 'all', events: [] }}>
          <Form.Item
            name="url"
            label={t('webhooks.url')}
            extra={t('webhooks.urlHint')}
            rules={[schemaRule(webhookUrlSchema)]}
          >
            <Input maxLength={WEBHOOK_LIMITS.urlChars} placeholder="https://" data-testid="webhook-url" />
          </Form.Item>
          <Form.Item
            name="events"
            label={t('webhooks.events')}
            rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
          >
            <Checkbox.Group
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 4 }}
              options={offered.map((e) => ({ value: e, label: t(eventKey(e)) }))}
              data-testid="webhook-events"
            />
          </Form.Item>
          <Form.Item name="scope" label={t('webhooks.plants')}>
            <Radio.Group
              options={[
                { value: 'all', label: t('webhooks.allPlants') },
                { value: 'chosen', label: t('webhooks.chosenPlants'), disabled: !canListPlants },
              ]}
            />
          </Form.Item>
          {scope === 'chosen' && (
            <Form.Item
              name="plantIds"
              rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.plantsRequired') }]}
            >
              <Select
                mode="multiple"
                loading={plants.isPending}
                optionFilterProp="label"
                maxCount={WEBHOOK_LIMITS.plants}
                options={(plants.data ?? []).map((p) => ({ value: p.plantId, label: p.name }))}
                data-testid="webhook-plants"
              />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
