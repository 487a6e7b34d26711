import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkOrderOptions } from '@voltfleet/domain/workorders';
import { http } from '@/lib/http';
import { WORK_ORDERS_KEY } from './get-work-orders';

/** The plants and assignable users of the caller's scope (GET /api/work-orders/options). */
export function getWorkOrderOptions(signal?: AbortSignal): Promise<WorkOrderOptions> {
  return http.get('/api/work-orders/options', { signal });
}

export const workOrderOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...WORK_ORDERS_KEY, 'options'],
    queryFn: ({ signal }) => getWorkOrderOptions(signal),
    staleTime: 60_000,
  });

export function useWorkOrderOptions() {
  return useQuery(workOrderOptionsQueryOptions());
}
