// The schemas of notification-deliveries.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { paged, pageQuerySchema } from '../envelope-schemas.js';
import { NOTIFICATION_CHANNELS } from './notification-rules.js';
import { DELIVERY_STATUSES } from './notification-deliveries.js';

export const deliveryListQuerySchema = pageQuerySchema.extend({
  status: z.enum(DELIVERY_STATUSES, 'validation.invalidValue').optional(),
});

export type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;

export const deliverySchema = z.object({
  id: z.number().int(),
  /** The id the receiver sees (the Message-ID header; the SMS provider's idempotency key). */
  messageId: z.string(),
  kind: z.enum(['alarm', 'digest']),
  channel: z.enum(NOTIFICATION_CHANNELS),
  address: z.string(),
  /** The receiving account's name, or null for an address the rule names. */
  userName: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Why the last attempt failed (the server's words, e.g. the SMTP reply), or null. */
  lastError: z.string().nullable(),
  /** The digest a held notice went out in, or null. */
  digestId: z.number().int().nullable(),
  /** The alarm notice's alarm and event; null for a digest. */
  alarmId: z.number().int().nullable(),
  event: z.enum(['raised', 'flapping', 'recovered']).nullable(),
  code: z.string().nullable(),
  /** How many notices a digest carried; null for an alarm notice. */
  items: z.number().int().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryPageSchema = paged(deliverySchema);
