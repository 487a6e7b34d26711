import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationRuleOptions } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';

/** The plants and users a rule may name: those in the caller's scope (C/C alone is enough to ask). */
export function getNotificationRuleOptions(signal?: AbortSignal): Promise<NotificationRuleOptions> {
  return http.get('/api/notification-rules/options', { signal });
}

export const notificationRuleOptionsQuery = queryOptions({
  queryKey: ['notification-rules', 'options'],
  queryFn: ({ signal }) => getNotificationRuleOptions(signal),
  staleTime: 60_000,
});

export function useNotificationRuleOptions() {
  return useQuery(notificationRuleOptionsQuery);
}
