import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationRule, NotificationRuleInput } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';

/** Creates (no id) or replaces a rule; validation answers are shown on the form, not as a notice. */
export function saveNotificationRule({
  id,
  input,
}: {
  id: number | null;
  input: NotificationRuleInput;
}): Promise<NotificationRule> {
  return id === null
    ? http.post('/api/notification-rules', input, { quiet: ['validation'] })
    : http.put(`/api/notification-rules/${id}`, input, { quiet: ['validation'] });
}

export function useSaveNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notification-rules', 'list'] }),
  });
}
