/**
 * A rule's delivery log (Alarm rules page): every message the rule asked for, with what became of it. One row per
 * message to one address over one channel.
 */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'held', 'digested', 'refused'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
