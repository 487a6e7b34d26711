import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Webhook, WebhookDeliveryPage } from '@voltfleet/domain/webhooks';
import { http } from '@/lib/http';

export const webhooksKey = ['webhooks'] as const;

/** The caller's own webhooks (the secret is never listed: it is shown at creation and rotation only). */
export function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return http.get('/api/webhooks', { signal });
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhooksKey, queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

/** One page of a webhook's delivery log, newest first, each delivery with its attempts. */
export function getWebhookDeliveries(
  id: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<WebhookDeliveryPage> {
  return http.get(`/api/webhooks/${id}/deliveries`, { query: { page, pageSize }, signal });
}

export function useWebhookDeliveries(id: number | null, page: number, pageSize: number) {
  return useQuery({
    enabled: id !== null,
    queryKey: [...webhooksKey, id, 'deliveries', page, pageSize],
    queryFn: ({ signal }) => getWebhookDeliveries(id!, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
