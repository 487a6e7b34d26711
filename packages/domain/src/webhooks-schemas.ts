// The schemas of webhooks.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { pageQuerySchema, paged } from './envelope-schemas.js';
import { safeText } from './hostile-input.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_EVENTS, WEBHOOK_LIMITS } from './webhooks.js';

/** An http(s) address; whether its host may be reached is the server's check (it resolves the name). */
export const webhookUrlSchema = safeText(
  z.string('validation.required').min(1, 'validation.required').max(WEBHOOK_LIMITS.urlChars, 'validation.tooLong'),
).refine((s) => {
  if (!URL.canParse(s)) return false;
  const u = new URL(s);
  return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === '';
}, 'webhook.urlInvalid');

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, 'validation.invalidValue'), 'validation.required')
  .min(1, 'validation.required')
  .max(WEBHOOK_EVENTS.length, 'validation.exceedsLimit')
  .refine((events) => new Set(events).size === events.length, 'validation.invalidValue');

/** null: every plant of the owner's scope, also plants added later; otherwise these plants (each in scope). */
const plantIdsSchema = z
  .array(
    z
      .number('validation.invalidValue')
      .int('validation.invalidValue')
      .positive('validation.invalidValue')
      // A plant id is a database int4: a larger number names no plant and must not reach a query.
      .max(2_147_483_647, 'validation.invalidValue'),
  )
  .min(1, 'validation.required')
  .max(WEBHOOK_LIMITS.plants, 'validation.exceedsLimit')
  .nullable();

export const webhookCreateSchema = z.strictObject({
  url: webhookUrlSchema,
  events: eventsSchema,
  plantIds: plantIdsSchema,
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** PUT /api/webhooks/:id: what changes; a subscription switched on again starts with a clean failure record. */
export const webhookUpdateSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  plantIds: plantIdsSchema.optional(),
  enabled: z.boolean('validation.invalidValue').optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  plantIds: z.array(z.number().int()).nullable(),
  /** The chosen plants' names, of those still in the owner's scope. */
  plantNames: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** Since when every delivery has failed (null while the last one succeeded). */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The secret (`whsec_…`) is shown here, at creation and rotation, and never again. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookSecretSchema = z.object({ secret: z.string() });

export const webhookIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const webhookDeliveryParamsSchema = webhookIdParamsSchema.extend({
  deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The HTTP status, or null when none came (refused target, timeout, connection error). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  ms: z.number().int(),
  /** The response body's first WEBHOOK_LIMITS.logBodyChars characters. */
  body: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same over every attempt and redelivery. */
  messageId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptSchema),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = pageQuerySchema;
export const webhookDeliveryPageSchema = paged(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
