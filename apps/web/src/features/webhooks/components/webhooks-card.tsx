import { useState } from 'react';
import { Button, Card, Modal, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_LIMITS, type Webhook } from '@voltfleet/domain/webhooks';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notice';
import { useWebhooks } from '../api/get-webhooks';
import { useDeleteWebhook, useRotateWebhook, useTestWebhook, useUpdateWebhook } from '../api/webhook-mutations';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookModal, eventKey } from './webhook-modal';
import { WebhookSecretView } from './webhook-secret';

/**
 * Personal centre → webhooks: the user's signed webhooks (list, create with the secret shown once, switch on and
 * off, rotate the secret, send a test ping, the delivery log with redelivery, delete).
 */
export default function WebhooksCard() {
  const { t } = useTranslation();
  const hooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhook();
  const test = useTestWebhook();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const count = hooks.data?.length ?? 0;

  const state = (w: Webhook) =>
    w.enabled ? (
      w.failingSince ? (
        <Tooltip title={t('webhooks.failingSince', { since: formatDateTime(w.failingSince) })}>
          <Tag color="orange">{t('webhooks.failing')}</Tag>
        </Tooltip>
      ) : (
        <Tag color="green">{t('webhooks.on')}</Tag>
      )
    ) : (
      <Tag color={w.disabledReason === 'failing' ? 'red' : 'default'} data-testid="webhook-off">
        {w.disabledReason === 'failing' ? t('webhooks.offFailing') : t('webhooks.off')}
      </Tag>
    );

  return (
    <Card
      title={t('webhooks.title')}
      data-testid="webhooks"
      extra={
        <Button
          type="primary"
          onClick={() => setCreating(true)}
          disabled={count >= WEBHOOK_LIMITS.perUser}
          data-testid="webhook-create"
        >
          {t('webhooks.create')}
        </Button>
      }
    >
      <p>{t('webhooks.intro')}</p>
      <Table<Webhook>
        rowKey="id"
        size="small"
        loading={hooks.isPending}
        dataSource={hooks.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('webhooks.none') }}
        data-testid="webhooks-table"
        columns={[
          {
            key: 'url',
            title: t('webhooks.url'),
            render: (_, w) => <Typography.Text style={{ wordBreak: 'break-all' }}>{w.url}</Typography.Text>,
          },
          {
            key: 'events',
            title: t('webhooks.events'),
            render: (_, w) => w.events.map((e) => <Tag key={e}>{t(eventKey(e))}</Tag>),
          },
          {
            key: 'plants',
            title: t('webhooks.plants'),
            render: (_, w) => (w.plantIds === null ? t('webhooks.allPlants') : w.plantNames.join(', ')),
          },
          { key: 'state', title: t('webhooks.state'), render: (_, w) => state(w) },
          {
            key: 'enabled',
            title: t('webhooks.enabled'),
            render: (_, w) => (
              <Switch
                size="small"
                checked={w.enabled}
                loading={update.isPending && update.variables?.id === w.id}
                onChange={(enabled) => update.mutate({ id: w.id, enabled })}
                data-testid={`webhook-enabled-${w.id}`}
              />
            ),
          },
          {
            key: 'actions',
            title: t('webhooks.actions'),
            render: (_, w) => (
              <Space wrap size={4}>
                <Button
                  size="small"
                  onClick={async () => {
                    await test.mutateAsync(w.id);
                    notify('success', t('webhooks.pingQueued'));
                  }}
                  data-testid={`webhook-test-${w.id}`}
                >
                  {t('webhooks.test')}
                </Button>
                <Button size="small" onClick={() => setLog(w)} data-testid={`webhook-log-${w.id}`}>
                  {t('webhooks.deliveries')}
                </Button>
                <Popconfirm
                  title={t('webhooks.rotateConfirm')}
                  okText={t('webhooks.rotate')}
                  onConfirm={async () => setSecret((await rotate.mutateAsync(w.id)).secret)}
                >
                  <Button size="small" data-testid={`webhook-rotate-${w.id}`}>
                    {t('webhooks.rotate')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('webhooks.deleteConfirm', { url: w.url })}
                  okText={t('webhooks.delete')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(w.id)}
                >
                  <Button size="small" danger data-testid={`webhook-delete-${w.id}`}>
                    {t('webhooks.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <WebhookModal open={creating} onClose={() => setCreating(false)} />
      <Modal
        open={secret !== null}
        title={t('webhooks.rotatedTitle')}
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        okText={t('webhooks.done')}
        cancelButtonProps={{ style: { display: 'none' } }}
        maskClosable={false}
        destroyOnHidden
      >
        {secret && <WebhookSecretView secret={secret} />}
      </Modal>
      <WebhookDeliveries webhook={log} onClose={() => setLog(null)} />
      {hooks.data?.some((w) => w.enabled && w.failingSince) && (
        <Typography.Text type="secondary">{t('webhooks.disableRule')}</Typography.Text>
      )}
    </Card>
  );
}
