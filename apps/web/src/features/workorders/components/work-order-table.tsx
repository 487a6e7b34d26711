import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrder } from '@voltfleet/domain/workorders';
import { DataTable, type Column } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { WorkOrderDue, WorkOrderPriorityTag, WorkOrderStateTag } from './work-order-tags';

interface Props {
  items: readonly WorkOrder[];
  loading: boolean;
  pagination: PagerConfig;
  onOpen: (id: number) => void;
}

export function WorkOrderTable({ items, loading, pagination, onOpen }: Props) {
  const { t } = useTranslation();
  const columns: Column<WorkOrder>[] = [
    { dataIndex: 'id', title: '#', width: 64 },
    {
      key: 'title',
      title: t('workOrders.fields.title'),
      render: (_v, o) => (
        <Button type="link" style={{ padding: 0 }} data-testid={`work-order-open-${o.id}`} onClick={() => onOpen(o.id)}>
          {o.title}
        </Button>
      ),
    },
    { dataIndex: 'type', title: t('workOrders.fields.type'), render: (v) => t(`workOrders.types.${v}`) },
    {
      dataIndex: 'priority',
      title: t('workOrders.fields.priority'),
      render: (v) => <WorkOrderPriorityTag priority={v} />,
    },
    { dataIndex: 'state', title: t('workOrders.fields.state'), render: (v) => <WorkOrderStateTag state={v} /> },
    { dataIndex: 'plant', title: t('workOrders.fields.plant'), render: (v) => v?.name ?? '—' },
    { dataIndex: 'assignee', title: t('workOrders.fields.assignee'), render: (v) => v?.name ?? '—' },
    { key: 'due', title: t('workOrders.fields.dueDate'), render: (_v, o) => <WorkOrderDue order={o} /> },
    { dataIndex: 'updatedAt', title: t('common.updatedAt'), render: (v) => formatDateTime(v) },
  ];
  return (
    <DataTable
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={pagination}
      data-testid="work-order-table"
      rowTestId={(o) => `work-order-row-${o.id}`}
    />
  );
}
