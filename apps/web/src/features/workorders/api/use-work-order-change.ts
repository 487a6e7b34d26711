import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkOrderDetail } from '@voltfleet/domain/workorders';
import { WORK_ORDERS_KEY } from './get-work-orders';

/**
 * A change to one work order: the answer is the work order as it is now, so the drawer shows it at once and the
 * list (state counts, overdue flags) is fetched again.
 */
export function useWorkOrderChange<I>(send: (input: I) => Promise<WorkOrderDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      queryClient.setQueryData([...WORK_ORDERS_KEY, 'detail', order.id], order);
      return queryClient.invalidateQueries({ queryKey: [...WORK_ORDERS_KEY, 'list'] });
    },
  });
}
