import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notice } from '@voltfleet/domain/notices';
import { http } from '@/lib/http';

/** The upgrade notices the signed-in user has not dismissed yet, newest first (GET /api/notices/unseen). */
export function getUnseenNotices(signal?: AbortSignal): Promise<Notice[]> {
  // Quiet: the notice dialog is a courtesy; a failed check must not greet the user with an error.
  return http.get('/api/notices/unseen', { signal, quiet: true });
}

export const unseenNoticesQueryOptions = () =>
  queryOptions({
    queryKey: ['notices', 'unseen'],
    queryFn: ({ signal }) => getUnseenNotices(signal),
    // Asked once per visit (and again after a dismissal or a language switch), not on every window focus.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useUnseenNotices() {
  return useQuery(unseenNoticesQueryOptions());
}
