import { useState, type ReactNode } from 'react';
import { Button, Descriptions, Drawer, Flex, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORK_ORDER_LIMITS, type WorkOrderDetail } from '@voltfleet/domain/workorders';
import { alarmOfStoredCode } from '@voltfleet/domain/alarms';
import { formatDateTime } from '@/lib/format';
import { usePhone } from '@/lib/use-phone';
import { useCommentWorkOrder } from '../api/comment-work-order';
import { useWorkOrder } from '../api/get-work-order';
import { WorkOrderActions } from './work-order-actions';
import { WorkOrderHistory } from './work-order-history';
import { WorkOrderImageList } from './work-order-image-list';
import { WorkOrderDue, WorkOrderPriorityTag, WorkOrderStateTag } from './work-order-tags';
import { alarmText } from '@/lib/labels';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

function CommentBox({ id }: { id: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const comment = useCommentWorkOrder();
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        rows={2}
        value={text}
        maxLength={WORK_ORDER_LIMITS.comment}
        placeholder={t('workOrders.commentPlaceholder')}
        data-testid="work-order-comment-text"
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        style={{ alignSelf: 'flex-end' }}
        disabled={text.trim() === ''}
        loading={comment.isPending}
        data-testid="work-order-comment-send"
        onClick={() => comment.mutate({ id, text: text.trim() }, { onSuccess: () => setText('') })}
      >
        {t('workOrders.comment')}
      </Button>
    </Flex>
  );
}

/** The alarm by its catalogue name in the reader's language, its code beside it for support (and searching). */
function AlarmName({ code }: { code: string }) {
  const name = alarmText(alarmOfStoredCode(code));
  return (
    <span data-testid="work-order-alarm">
      {name ?? <code>{code}</code>}
      {name && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
          <code>{code}</code>
        </Typography.Text>
      )}
    </span>
  );
}

function DetailBody({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const items = [
    { key: 'state', label: t('workOrders.fields.state'), children: <WorkOrderStateTag state={order.state} /> },
    { key: 'type', label: t('workOrders.fields.type'), children: t(`workOrders.types.${order.type}`) },
    {
      key: 'priority',
      label: t('workOrders.fields.priority'),
      children: <WorkOrderPriorityTag priority={order.priority} />,
    },
    { key: 'plant', label: t('workOrders.fields.plant'), children: order.plant?.name ?? '—' },
    { key: 'device', label: t('workOrders.fields.device'), children: order.device?.sn ?? '—' },
    {
      key: 'alarm',
      label: t('workOrders.fields.alarm'),
      children: order.alarm ? <AlarmName code={order.alarm.code} /> : '—',
    },
    { key: 'creator', label: t('workOrders.fields.creator'), children: order.creator.name },
    {
      key: 'assignee',
      label: t('workOrders.fields.assignee'),
      children: <span data-testid="work-order-assignee-name">{order.assignee?.name ?? '—'}</span>,
    },
    { key: 'due', label: t('workOrders.fields.dueDate'), children: <WorkOrderDue order={order} /> },
    { key: 'created', label: t('common.createdAt'), children: formatDateTime(order.createdAt) },
  ];
  return (
    <>
      <WorkOrderActions key={`${order.id}-${order.assignee?.id ?? 0}`} order={order} />
      <Descriptions
        style={{ marginTop: 16 }}
        column={1}
        size="small"
        bordered
        items={items}
        data-testid="work-order-fields"
      />
      {order.description && (
        <Section title={t('workOrders.fields.description')}>
          {/* Plain text: React escapes it, pre-wrap keeps the line breaks. */}
          <p style={{ whiteSpace: 'pre-wrap' }} data-testid="work-order-description">
            {order.description}
          </p>
        </Section>
      )}
      <Section title={t('workOrders.images')}>
        <WorkOrderImageList order={order} />
      </Section>
      <Section title={t('workOrders.history')}>
        <WorkOrderHistory events={order.events} />
        <CommentBox id={order.id} />
      </Section>
    </>
  );
}

/** One work order in full: its fields, the steps the user may take, images, comments and the whole history. */
export function WorkOrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useWorkOrder(id);
  const phone = usePhone();
  const data = order.data && order.data.id === id ? order.data : undefined;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      // A phone: the whole screen, with finger-sized controls.
      size={phone ? '100%' : 600}
      rootClassName={phone ? 'phone-touch' : undefined}
      title={<span data-testid="work-order-title">{data ? `#${data.id} ${data.title}` : t('workOrders.title')}</span>}
      destroyOnHidden
    >
      <div data-testid="work-order-drawer">
        {data ? <DetailBody order={data} /> : <Spin spinning={order.isFetching} />}
      </div>
    </Drawer>
  );
}
