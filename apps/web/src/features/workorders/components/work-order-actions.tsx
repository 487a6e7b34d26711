import { useState } from 'react';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { allowedWorkOrderActions, type WorkOrderDetail, type WorkOrderTransition } from '@voltfleet/domain/workorders';
import { notifySuccess } from '@/lib/success';
import { useAssignWorkOrder } from '../api/assign-work-order';
import { useWorkOrderOptions } from '../api/get-work-order-options';
import { useTransitionWorkOrder } from '../api/transition-work-order';

/**
 * The steps this user may take now, exactly as the domain's state machine allows them (the server asks the same
 * function): assign with a user picker, and a button per other step. Who did the work does not close it: a resolved
 * order they may not close says who will.
 */
export function WorkOrderActions({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const options = useWorkOrderOptions();
  const assign = useAssignWorkOrder();
  const transition = useTransitionWorkOrder();
  const [assigneeId, setAssigneeId] = useState<number | undefined>(order.assignee?.id);
  const actions = allowedWorkOrderActions({ state: order.state, hasAssignee: order.assignee !== null }, order);
  const steps = actions.filter((a): a is WorkOrderTransition => a !== 'assign');
  const busy = assign.isPending || transition.isPending;

  return (
    <Flex wrap gap={8} align="center" data-testid="work-order-actions">
      {actions.includes('assign') && (
        <>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            placeholder={t('workOrders.assignTo')}
            value={assigneeId}
            onChange={setAssigneeId}
            data-testid="work-order-assignee"
            options={options.data?.users.map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
          />
          <Button
            disabled={assigneeId === undefined || busy}
            data-testid="work-order-assign"
            onClick={() =>
              assigneeId !== undefined &&
              assign.mutate(
                { id: order.id, assigneeId, comment: '' },
                { onSuccess: () => notifySuccess('success.saved') },
              )
            }
          >
            {t('workOrders.actions.assign')}
          </Button>
        </>
      )}
      {steps.map((action) => (
        <Button
          key={action}
          type={action === 'reopen' ? 'default' : 'primary'}
          disabled={busy}
          data-testid={`work-order-${action}`}
          onClick={() =>
            transition.mutate({ id: order.id, action }, { onSuccess: () => notifySuccess('success.saved') })
          }
        >
          {t(`workOrders.actions.${action}`)}
        </Button>
      ))}
      {order.state === 'resolved' && !actions.includes('close') && (
        <Typography.Text type="secondary" data-testid="work-order-close-by-others">
          {t('workOrders.closeByOthers')}
        </Typography.Text>
      )}
    </Flex>
  );
}
