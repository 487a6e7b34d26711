/** The webhooks feature's front door: what the rest of the server may use of it. */
export { queueAlarmWebhooks, queueCommandWebhooks, queueWorkOrderWebhook } from './webhook-events.js';
export { deviceStatusRound } from './webhook-device-status.js';
export { DEFAULT_WEBHOOK_DELIVERY, WebhookDelivery } from './webhook-delivery.js';
export type { WebhookDeliveryOptions } from './webhook-delivery.js';
export { signWebhook, verifyWebhook, webhookHeaders } from './webhook-signing.js';
export { startWebhookJob } from './webhooks.job.js';
export { webhooksRoutes } from './webhooks.routes.js';
