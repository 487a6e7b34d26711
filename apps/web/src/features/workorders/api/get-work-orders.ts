import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkOrderListQuery, WorkOrderPage } from '@voltfleet/domain/workorders';
import { http } from '@/lib/http';

export const WORK_ORDERS_KEY = ['work-orders'] as const;
export type WorkOrderFilters = Partial<WorkOrderListQuery> & { page: number; pageSize: number };

/** One page of the work orders in scope with the counts by state (GET /api/work-orders). */
export function getWorkOrders(q: WorkOrderFilters, signal?: AbortSignal): Promise<WorkOrderPage> {
  return http.get('/api/work-orders', { query: q, signal });
}

export const workOrdersQueryOptions = (q: WorkOrderFilters) =>
  queryOptions({
    queryKey: [...WORK_ORDERS_KEY, 'list', q],
    queryFn: ({ signal }) => getWorkOrders(q, signal),
    placeholderData: keepPreviousData,
  });

export function useWorkOrders(q: WorkOrderFilters) {
  return useQuery(workOrdersQueryOptions(q));
}
