import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrder, WorkOrderPriority, WorkOrderState } from '@voltfleet/domain/workorders';

const STATE_COLORS: Record<WorkOrderState, string> = {
  open: 'default',
  assigned: 'blue',
  inProgress: 'processing',
  resolved: 'green',
  closed: 'default',
};
const PRIORITY_COLORS: Record<WorkOrderPriority, string> = {
  low: 'default',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export function WorkOrderStateTag({ state }: { state: WorkOrderState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid="work-order-state">
      {t(`workOrders.states.${state}`)}
    </Tag>
  );
}

export function WorkOrderPriorityTag({ priority }: { priority: WorkOrderPriority }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`workOrders.priorities.${priority}`)}</Tag>;
}

/** The due day, flagged when it has passed and the work is not done (the server decides, in the plant's zone). */
export function WorkOrderDue({ order }: { order: Pick<WorkOrder, 'dueDate' | 'overdue'> }) {
  const { t } = useTranslation();
  if (!order.dueDate) return <span>—</span>;
  return (
    <span>
      {order.dueDate}{' '}
      {order.overdue && (
        <Tag color="red" data-testid="work-order-overdue">
          {t('workOrders.overdue')}
        </Tag>
      )}
    </span>
  );
}
