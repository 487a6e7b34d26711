/**
 * Signed webhooks (issue 40 point 2, docs/integrations.md "Webhooks"): the events a user may subscribe to, the page
 * permission each needs, and the limits. Constants only: a page that reads them does not load zod.
 */

export const WEBHOOK_EVENTS = [
  'alarm.raised',
  'alarm.recovered',
  'alarm.flapping',
  'command.finished',
  'device.offline',
  'device.online',
  'workorder.created',
  'workorder.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a test ping sends: not subscribable, sent to one subscription on request. */
export const WEBHOOK_PING = 'webhook.ping';
export type WebhookPayloadType = WebhookEvent | typeof WEBHOOK_PING;

/**
 * The permission an owner must hold, at subscription and at every delivery, for an event to reach them: any one of the
 * listed codes. An empty list: the work-order pages have no permission code (a shell entry every signed-in user has,
 * decision 0014), so plant scope alone decides. The mapping is documented in docs/integrations.md.
 */
export const WEBHOOK_EVENT_PERMISSIONS: Readonly<Record<WebhookEvent, readonly string[]>> = {
  // The alarm search page (Alarm Center → alarm search).
  'alarm.raised': ['C/A'],
  'alarm.recovered': ['C/A'],
  'alarm.flapping': ['C/A'],
  // Control records, or the command page (either shows a command's outcome).
  'command.finished': ['D/C', 'B/E'],
  // The device list page.
  'device.offline': ['B/A'],
  'device.online': ['B/A'],
  'workorder.created': [],
  'workorder.changed': [],
};

/** Whether a holder of `permissions` may receive `event`. */
export function mayReceive(event: WebhookEvent, permissions: ReadonlySet<string> | readonly string[]): boolean {
  const needed = WEBHOOK_EVENT_PERMISSIONS[event];
  const held = permissions instanceof Set ? permissions : new Set(permissions as readonly string[]);
  return needed.length === 0 || needed.some((code) => held.has(code));
}

/** The payload envelope's version: a subscriber can tell a changed shape before it reads `data`. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

export const WEBHOOK_LIMITS = {
  perUser: 20,
  plants: 200,
  urlChars: 2048,
  /** The response body the delivery log keeps of each attempt. */
  logBodyChars: 1024,
} as const;

/** The attempts' statuses as the delivery log shows them. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'dropped'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why a subscription is off: its owner switched it off, or its deliveries failed for a day. */
export const WEBHOOK_DISABLED_REASONS = ['owner', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];
