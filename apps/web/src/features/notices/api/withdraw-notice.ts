import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Withdraws (deletes) a notice for everyone (E:notice.publish). */
export function withdrawNotice(id: number): Promise<null> {
  return http.delete(`/api/notices/${id}`);
}

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawNotice,
    // The list and the unseen notices: a withdrawn notice must not stay in a dialog waiting to be dismissed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notices'] }),
  });
}
