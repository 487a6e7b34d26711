import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrder } from '@voltfleet/domain/workorders';
import { PhoneCards } from '@/components/phone-cards';
import { formatDateTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { WorkOrderDue, WorkOrderPriorityTag, WorkOrderStateTag } from './work-order-tags';

interface Props {
  items: readonly WorkOrder[];
  loading: boolean;
  pagination: PagerConfig;
  onOpen: (id: number) => void;
}

/** The work orders on a phone: a card each, its title opening the drawer, state and priority beside it. */
export function WorkOrderCards({ items, loading, pagination, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <PhoneCards
      data-testid="work-order-cards"
      cardTestId={(id) => `work-order-row-${id}`}
      loading={loading}
      pagination={pagination}
      cards={items.map((o) => ({
        key: o.id,
        title: `#${o.id} ${o.title}`,
        onOpen: () => onOpen(o.id),
        openTestId: `work-order-open-${o.id}`,
        extra: (
          <Flex vertical gap={4} align="flex-end">
            <WorkOrderStateTag state={o.state} />
            <WorkOrderPriorityTag priority={o.priority} />
          </Flex>
        ),
        fields: [
          { key: 'type', label: t('workOrders.fields.type'), value: t(`workOrders.types.${o.type}`) },
          { key: 'plant', label: t('workOrders.fields.plant'), value: o.plant?.name ?? '—' },
          { key: 'assignee', label: t('workOrders.fields.assignee'), value: o.assignee?.name ?? '—' },
          { key: 'due', label: t('workOrders.fields.dueDate'), value: <WorkOrderDue order={o} /> },
          { key: 'updated', label: t('common.updatedAt'), value: formatDateTime(o.updatedAt) },
        ],
      }))}
    />
  );
}
