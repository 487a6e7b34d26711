import { z } from 'zod';
import { pageQuerySchema, paged } from '../envelope.js';
import { NOTIFICATION_CHANNELS } from './notification-rules.js';

/**
 * A rule's delivery log (Alarm rules page): every message the rule asked for, with what became of it. One row per
 * message to one address over one channel.
 */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'held', 'digested'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

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
