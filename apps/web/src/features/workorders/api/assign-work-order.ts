import type { WorkOrderAssign, WorkOrderDetail } from '@voltfleet/domain/workorders';
import { http } from '@/lib/http';
import { useWorkOrderChange } from './use-work-order-change';

/** Assigns or re-assigns (POST /api/work-orders/:id/assign). */
export function assignWorkOrder({ id, ...input }: WorkOrderAssign & { id: number }): Promise<WorkOrderDetail> {
  return http.post(`/api/work-orders/${id}/assign`, input);
}

export const useAssignWorkOrder = () => useWorkOrderChange(assignWorkOrder);
