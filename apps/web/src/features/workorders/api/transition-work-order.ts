import type { WorkOrderDetail, WorkOrderTransition } from '@voltfleet/domain/workorders';
import { http } from '@/lib/http';
import { useWorkOrderChange } from './use-work-order-change';

/** Start, resolve, close or reopen (POST /api/work-orders/:id/transition). */
export function transitionWorkOrder(input: { id: number; action: WorkOrderTransition }): Promise<WorkOrderDetail> {
  return http.post(`/api/work-orders/${input.id}/transition`, { action: input.action });
}

export const useTransitionWorkOrder = () => useWorkOrderChange(transitionWorkOrder);
