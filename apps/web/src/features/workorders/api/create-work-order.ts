import type { WorkOrderDetail, WorkOrderInput } from '@voltfleet/domain/workorders';
import { http } from '@/lib/http';
import { useWorkOrderChange } from './use-work-order-change';

/** Creates a work order (POST /api/work-orders); field problems come back as validation issues for the form. */
export function createWorkOrder(input: WorkOrderInput): Promise<WorkOrderDetail> {
  return http.post('/api/work-orders', input, { quiet: ['validation'] });
}

export const useCreateWorkOrder = () => useWorkOrderChange(createWorkOrder);
