import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Webhook,
  WebhookCreate,
  WebhookCreated,
  WebhookDelivery,
  WebhookUpdate,
} from '@voltfleet/domain/webhooks';
import { http } from '@/lib/http';
import { webhooksKey } from './get-webhooks';

/** Every change refreshes the list and the open delivery log. */
function useWebhookMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}

/** Makes a webhook; the answer carries its secret, this once. Validation issues go to the form, not a notice. */
export const createWebhook = (input: WebhookCreate): Promise<WebhookCreated> =>
  http.post('/api/webhooks', input, { quiet: ['validation'] });
export const useCreateWebhook = () => useWebhookMutation(createWebhook);

export const updateWebhook = ({ id, ...input }: WebhookUpdate & { id: number }): Promise<Webhook> =>
  http.put(`/api/webhooks/${id}`, input);
export const useUpdateWebhook = () => useWebhookMutation(updateWebhook);

export const deleteWebhook = (id: number): Promise<null> => http.delete(`/api/webhooks/${id}`);
export const useDeleteWebhook = () => useWebhookMutation(deleteWebhook);

/** A new secret, shown this once; the old one signs nothing from now on. */
export const rotateWebhook = (id: number): Promise<{ secret: string }> => http.post(`/api/webhooks/${id}/rotate`);
export const useRotateWebhook = () => useWebhookMutation(rotateWebhook);

/** Queues a `webhook.ping` to the webhook; the delivery log shows how it went. */
export const testWebhook = (id: number): Promise<WebhookDelivery> => http.post(`/api/webhooks/${id}/test`);
export const useTestWebhook = () => useWebhookMutation(testWebhook);

/** Sends one delivery again, with its id and body unchanged. */
export const redeliverWebhook = ({ id, deliveryId }: { id: number; deliveryId: number }): Promise<WebhookDelivery> =>
  http.post(`/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`);
export const useRedeliverWebhook = () => useWebhookMutation(redeliverWebhook);
