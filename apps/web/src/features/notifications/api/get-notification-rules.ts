import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationRule } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

export interface NotificationRuleListParams {
  name?: string;
  enabled?: 'true' | 'false';
  page: number;
  pageSize: number;
}

/** The notification rules owned within the caller's subtree, one page at a time, by name. */
export function getNotificationRules(
  params: NotificationRuleListParams,
  signal?: AbortSignal,
): Promise<Paged<NotificationRule>> {
  return http.get('/api/notification-rules', { query: { ...params }, signal });
}

export const notificationRulesQueryOptions = (params: NotificationRuleListParams) =>
  queryOptions({
    queryKey: ['notification-rules', 'list', params],
    queryFn: ({ signal }) => getNotificationRules(params, signal),
    placeholderData: keepPreviousData,
  });

export function useNotificationRules(params: NotificationRuleListParams) {
  return useQuery(notificationRulesQueryOptions(params));
}
