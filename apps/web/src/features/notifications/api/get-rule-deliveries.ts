import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Delivery, DeliveryStatus } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

export interface DeliveryParams {
  status?: DeliveryStatus;
  page: number;
  pageSize: number;
}

/** A rule's delivery log, newest first; refreshed every 10 s while open (the job sends in the background). */
export function useRuleDeliveries(ruleId: number, params: DeliveryParams) {
  return useQuery({
    queryKey: ['notification-rules', 'deliveries', ruleId, params],
    queryFn: ({ signal }): Promise<Paged<Delivery>> =>
      http.get(`/api/notification-rules/${ruleId}/deliveries`, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}
