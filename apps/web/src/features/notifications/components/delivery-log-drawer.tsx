import { useState } from 'react';
import { Drawer, Segmented, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DELIVERY_STATUSES, alarmByCode, type Delivery, type DeliveryStatus } from '@voltfleet/domain/alarms';
import { DataTable, type Column } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { useRuleDeliveries, type DeliveryParams } from '../api/get-rule-deliveries';
import { alarmText } from '@/lib/labels';

const STATUS_COLOURS: Record<DeliveryStatus, string> = {
  pending: 'processing',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  held: 'warning',
  digested: 'default',
  refused: 'volcano',
};

interface Props {
  rule: { id: number; name: string };
  onClose: () => void;
}

/**
 * A rule's delivery log: every message it asked for, to whom and over which channel, and what became of it — sent,
 * failed with the reason, held back by a limit, delivered in digest N.
 */
export default function DeliveryLogDrawer({ rule, onClose }: Props) {
  const { t } = useTranslation();
  const [params, setParams] = useState<DeliveryParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const log = useRuleDeliveries(rule.id, params);

  const what = (d: Delivery) =>
    d.kind === 'digest'
      ? t('notificationRules.deliveries.digestOf', { count: d.items ?? 0 })
      : `${t(`notificationRules.deliveries.events.${d.event ?? 'raised'}`)}: ${
          (d.code && alarmText(alarmByCode(d.code))) ?? d.code ?? ''
        }`;

  const columns: Column<Delivery>[] = [
    { title: t('notificationRules.deliveries.id'), dataIndex: 'id', width: 80 },
    { title: t('notificationRules.deliveries.what'), key: 'what', render: (_, d) => what(d) },
    {
      title: t('notificationRules.deliveries.to'),
      key: 'to',
      render: (_, d) =>
        `${t(`notificationRules.channels.${d.channel}`)} · ${d.userName ? `${d.userName} ` : ''}${d.address}`,
    },
    {
      title: t('notificationRules.deliveries.status'),
      key: 'status',
      render: (_, d) => {
        const tag = (
          <Tag color={STATUS_COLOURS[d.status]} data-testid={`delivery-status-${d.id}`}>
            {d.status === 'digested'
              ? t('notificationRules.deliveries.inDigest', { id: d.digestId ?? '?' })
              : t(`notificationRules.deliveries.statuses.${d.status}`)}
          </Tag>
        );
        return d.lastError ? <Tooltip title={d.lastError}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('notificationRules.deliveries.reason'),
      dataIndex: 'lastError',
      render: (e: string | null) => e ?? '—',
    },
    { title: t('notificationRules.deliveries.attempts'), dataIndex: 'attempts', width: 90 },
    { title: t('notificationRules.deliveries.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('notificationRules.deliveries.sentAt'),
      dataIndex: 'sentAt',
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
  ];

  return (
    <Drawer
      open
      width={960}
      title={t('notificationRules.deliveries.title', { name: rule.name })}
      onClose={onClose}
      data-testid="delivery-log"
    >
      <Segmented<DeliveryStatus | 'all'>
        style={{ marginBottom: 16 }}
        value={params.status ?? 'all'}
        data-testid="delivery-status-filter"
        options={[
          { value: 'all', label: t('notificationRules.allStates') },
          ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`notificationRules.deliveries.statuses.${s}`) })),
        ]}
        onChange={(v) => setParams((p) => ({ ...p, status: v === 'all' ? undefined : v, page: 1 }))}
      />
      <DataTable<Delivery>
        rowKey="id"
        data-testid="delivery-table"
        columns={columns}
        dataSource={log.data?.items ?? []}
        loading={log.isFetching}
        pagination={serverPagination(params, log.data?.total, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )}
      />
    </Drawer>
  );
}
