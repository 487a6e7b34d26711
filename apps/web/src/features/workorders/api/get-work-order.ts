import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkOrderDetail } from '@voltfleet/domain/workorders';
import { http } from '@/lib/http';
import { WORK_ORDERS_KEY } from './get-work-orders';

/** One work order with its images and history (GET /api/work-orders/:id). */
export function getWorkOrder(id: number, signal?: AbortSignal): Promise<WorkOrderDetail> {
  return http.get(`/api/work-orders/${id}`, { signal });
}

export const workOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...WORK_ORDERS_KEY, 'detail', id], queryFn: ({ signal }) => getWorkOrder(id, signal) });

/** The drawer's work order; nothing is fetched while none is open. */
export function useWorkOrder(id: number | null) {
  return useQuery({ ...workOrderQueryOptions(id ?? 0), enabled: id !== null });
}
