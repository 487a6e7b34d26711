/**
 * Web Push (issue 41 point 3): a user's browsers subscribe in the personal centre and then receive alarm notices of
 * rules with the push channel, and work-order assignments. What a push carries is the payload below, which the
 * service worker shows as a notification and opens `url` on click.
 */

/** What the service worker receives (JSON, encrypted per RFC 8291). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page to open on click: an absolute URL of the portal (the alarm's detail, the work order). */
  url: string;
  /** Notifications with the same tag replace each other (one alarm's raise and recovery). */
  tag: string;
}

/** Bounds of a subscription as the browser gives it (endpoints of the big push services are ~200–500 characters). */
export const PUSH_LIMITS = {
  endpoint: 1024,
  label: 100,
  /** Browsers a user may subscribe at once. */
  perUser: 20,
} as const;

/** A push for an alarm is kept by the push service this long for an offline browser (seconds). */
export const PUSH_TTL_SECONDS = 24 * 3600;

/** The outbox address of a push to one subscription: the subscription's id (the endpoint stays out of the log). */
export const pushAddress = (subscriptionId: number): string => `push:${subscriptionId}`;

/** The subscription id of a push address, or null when it is not one. */
export function pushSubscriptionIdOf(address: string): number | null {
  const m = /^push:([1-9]\d{0,9})$/.exec(address);
  return m ? Number(m[1]) : null;
}
