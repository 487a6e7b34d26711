import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notice, NoticeInput } from '@voltfleet/domain/notices';
import { http } from '@/lib/http';

/** Publishes a notice (E:notice.publish); field problems come back as validation issues for the form. */
export function publishNotice(input: NoticeInput): Promise<Notice> {
  return http.post('/api/notices', input, { quiet: ['validation'] });
}

export function usePublishNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishNotice,
    // Only the list: the publisher, like everyone, meets the new notice in the dialog after their next login, not as
    // an echo of what they just wrote.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notices', 'list'] }),
  });
}
