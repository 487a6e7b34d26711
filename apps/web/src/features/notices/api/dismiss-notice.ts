import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

/**
 * Marks a notice as read for this user on the server, so it stays dismissed in every browser. A 404 means it was
 * withdrawn meanwhile: nothing to tell the user, it simply goes away with the next list.
 */
export function dismissNotice(id: number): Promise<null> {
  return http.post(`/api/notices/${id}/dismiss`, undefined, { quiet: ['not_found'] });
}

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotice,
    // Settled, not only on success: after a 404 the refreshed list no longer holds the withdrawn notice.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notices', 'unseen'] }),
  });
}
