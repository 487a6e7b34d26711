import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationRule } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';

/** Switches a rule on or off from the list. */
export function setNotificationRuleEnabled({
  id,
  enabled,
}: {
  id: number;
  enabled: boolean;
}): Promise<NotificationRule> {
  return http.put(`/api/notification-rules/${id}/enabled`, { enabled });
}

export function useSetNotificationRuleEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNotificationRuleEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notification-rules', 'list'] }),
  });
}
