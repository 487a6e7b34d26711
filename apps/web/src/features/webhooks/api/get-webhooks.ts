import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@voltfleet/domain/plants';
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

/** A plant a webhook may be limited to. */
export interface PlantChoice {
  plantId: number;
  name: string;
}

/** The plants in the caller's scope (GET /api/plants), as the plant picker shows them, by name. */
export async function getPlantChoices(signal?: AbortSignal): Promise<PlantChoice[]> {
  const plants = await http.get<Plant[]>('/api/plants', { query: { status: 'all' }, signal });
  return plants.map((p) => ({ plantId: p.plantId, name: p.name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Asked for once the form is open and only of a user who may list plants (module A). */
export function usePlantChoices(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...webhooksKey, 'plants'],
    queryFn: ({ signal }) => getPlantChoices(signal),
    staleTime: 60_000,
  });
}
