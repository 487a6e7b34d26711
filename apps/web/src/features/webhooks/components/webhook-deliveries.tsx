import { useState } from 'react';
import { Button, Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookAttempt, WebhookDelivery } from '@voltfleet/domain/webhooks';
import { formatDateTime } from '@/lib/format';
import { useWebhookDeliveries } from '../api/get-webhooks';
import { useRedeliverWebhook } from '../api/webhook-mutations';
import { eventKey } from './webhook-modal';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = {
  pending: 'gold',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
  dropped: 'default',
};
const PAGE_SIZE = 20;

/** One attempt: when, the HTTP status or the error, how long, and the start of the answer. */
function Attempts({ attempts }: { attempts: WebhookAttempt[] }) {
  const { t } = useTranslation();
  return (
    <Table<WebhookAttempt>
      rowKey={(a) => a.at}
      size="small"
      pagination={false}
      dataSource={attempts}
      locale={{ emptyText: t('webhooks.noAttempts') }}
      columns={[
        { key: 'at', title: t('webhooks.attemptAt'), render: (_, a) => formatDateTime(a.at) },
        {
          key: 'result',
          title: t('webhooks.result'),
          render: (_, a) => (a.status !== null ? `HTTP ${a.status}` : '') + (a.error ? ` ${a.error}` : ''),
        },
        { key: 'ms', title: t('webhooks.ms'), render: (_, a) => a.ms },
        {
          key: 'body',
          title: t('webhooks.responseBody'),
          render: (_, a) => (
            <Typography.Text code ellipsis={{ tooltip: a.body }} style={{ maxWidth: 240 }}>
              {a.body}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/** A webhook's delivery log: each delivery with its attempts, and a button to send one again. */
export function WebhookDeliveries({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(webhook?.id ?? null, page, PAGE_SIZE);
  const redeliver = useRedeliverWebhook();
  const typeName = (type: string) => (type === 'webhook.ping' ? t('webhooks.ping') : t(eventKey(type)));
  return (
    <Drawer
      open={webhook !== null}
      onClose={onClose}
      size="large"
      title={t('webhooks.deliveriesTitle', { url: webhook?.url ?? '' })}
      destroyOnHidden
    >
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={log.isPending}
        dataSource={log.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('webhooks.noDeliveries') }}
        data-testid="webhook-deliveries"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        expandable={{ expandedRowRender: (d) => <Attempts attempts={d.attempts} /> }}
        columns={[
          { key: 'createdAt', title: t('webhooks.createdAt'), render: (_, d) => formatDateTime(d.createdAt) },
          { key: 'type', title: t('webhooks.type'), render: (_, d) => typeName(d.type) },
          {
            key: 'status',
            title: t('webhooks.status'),
            render: (_, d) => (
              <Tag color={STATUS_COLORS[d.status]} data-testid="webhook-delivery-status">
                {t(`webhooks.statuses.${d.status}`)}
              </Tag>
            ),
          },
          { key: 'attempts', title: t('webhooks.attempts'), render: (_, d) => d.attempts.length },
          {
            key: 'next',
            title: t('webhooks.nextAttempt'),
            render: (_, d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'),
          },
          {
            key: 'id',
            title: t('webhooks.messageId'),
            render: (_, d) => (
              <Typography.Text copyable={{ text: d.messageId }}>{d.messageId.slice(0, 12)}…</Typography.Text>
            ),
          },
          {
            key: 'actions',
            title: t('webhooks.actions'),
            render: (_, d) =>
              webhook &&
              d.status !== 'sending' && (
                <Button
                  size="small"
                  loading={redeliver.isPending && redeliver.variables?.deliveryId === d.id}
                  onClick={() => redeliver.mutate({ id: webhook.id, deliveryId: d.id })}
                  data-testid={`webhook-redeliver-${d.id}`}
                >
                  {t('webhooks.redeliver')}
                </Button>
              ),
          },
        ]}
      />
      {webhook && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 16 }}
          items={[{ key: 'retries', label: t('webhooks.retries'), children: t('webhooks.retriesText') }]}
        />
      )}
    </Drawer>
  );
}
