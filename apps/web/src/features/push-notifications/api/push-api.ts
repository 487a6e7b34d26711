import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSubscribe, PushSubscription, PushTestResult } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';

/** The key of every push query: a change to a subscription refreshes them all. */
export const pushKey = ['pushSubscriptions'] as const;

export function getPushPublicKey(): Promise<{ publicKey: string }> {
  return http.get('/api/push/public-key');
}

/** The caller's own subscribed browsers. */
export const pushSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: pushKey,
    queryFn: ({ signal }): Promise<PushSubscription[]> => http.get('/api/push/subscriptions', { signal }),
  });

export function usePushSubscriptions() {
  return useQuery(pushSubscriptionsQueryOptions());
}

export function useSavePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PushSubscribe): Promise<PushSubscription> => http.post('/api/push/subscriptions', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKey }),
  });
}

export function useTestPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<PushTestResult> => http.post(`/api/push/subscriptions/${id}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKey }),
  });
}

export function useRemovePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<null> => http.delete(`/api/push/subscriptions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKey }),
  });
}
