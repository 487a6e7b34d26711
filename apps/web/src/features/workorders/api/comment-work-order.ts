import type { WorkOrderDetail } from '@voltfleet/domain/workorders';
import { http } from '@/lib/http';
import { useWorkOrderChange } from './use-work-order-change';

/** Adds a comment (POST /api/work-orders/:id/comments). */
export function commentWorkOrder(input: { id: number; text: string }): Promise<WorkOrderDetail> {
  return http.post(`/api/work-orders/${input.id}/comments`, { text: input.text });
}

export const useCommentWorkOrder = () => useWorkOrderChange(commentWorkOrder);
