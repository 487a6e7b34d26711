import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export function deleteNotificationRule(id: number): Promise<null> {
  return http.delete(`/api/notification-rules/${id}`);
}

export function useDeleteNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notification-rules', 'list'] }),
  });
}
