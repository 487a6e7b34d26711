import webPush from 'web-push';
import type { PushPayload } from '@voltfleet/domain/alarms';
import { postToTarget } from '../../platform/outbound-http.js';
import type { VettedTarget } from '../../platform/outbound-target.js';
import { PermanentDeliveryError } from './notification-senders.js';

/** The VAPID key pair and contact the pushes are signed with (features/auth keeps it; the composition hands it in). */
export interface VapidSigner {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A browser subscription: the push service's endpoint and the browser's keys (base64url). */
export interface PushEndpoint {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushTransportOptions {
  vapid: VapidSigner;
  /** Tests only (VOLTFLEET_PUSH_TEST_LOOPBACK): plain http to 127.0.0.1 is allowed. */
  allowLoopbackHttp: boolean;
  timeoutMs: number;
  /**
   * Checks an endpoint's host before each push and gives the address to connect to (the composition hands in the SSRF
   * rule of outgoing calls, platform/outbound-target.ts, with the operator's switch for private addresses).
   */
  vetEndpoint: (url: string) => Promise<VettedTarget>;
}

/** The push service answered 404 or 410: the browser unsubscribed, the subscription is to be removed. */
export class PushSubscriptionGone extends PermanentDeliveryError {}

/** Whether an endpoint may be pushed to: https, or http to 127.0.0.1 when the tests' option allows it. */
export function pushEndpointAllowed(endpoint: string, allowLoopbackHttp: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const u = new URL(endpoint);
  if (u.username || u.password) return false;
  return u.protocol === 'https:' || (allowLoopbackHttp && u.protocol === 'http:' && u.hostname === '127.0.0.1');
}

export interface PushSendOptions {
  /** Seconds the push service keeps it for an offline browser. */
  ttl: number;
  urgency: 'normal' | 'high';
}

export type PushSender = (to: PushEndpoint, payload: PushPayload, options: PushSendOptions) => Promise<void>;

/**
 * Sends one Web Push: the payload encrypted for the browser (RFC 8291, aes128gcm) and signed for the push service
 * (VAPID, RFC 8292), POSTed to the checked address (web-push builds the request; its own transport speaks https only). 404/410
 * throw PushSubscriptionGone, other 4xx (not 408/429) PermanentDeliveryError, the rest an Error that is retried.
 */
export function pushSender(o: PushTransportOptions): PushSender {
  return async (to, payload, options) => {
    if (!pushEndpointAllowed(to.endpoint, o.allowLoopbackHttp))
      throw new PermanentDeliveryError('push endpoint is not an https URL');
    const target = await o.vetEndpoint(to.endpoint);
    const request = webPush.generateRequestDetails(
      { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: o.vapid,
        TTL: options.ttl,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = { 'user-agent': 'Voltfleet-Push/1' };
    for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = String(v);
    // Connected to the address just checked, no redirect followed, the answer read to 1 KiB at most.
    const res = await postToTarget(target, headers, request.body, {
      timeoutMs: o.timeoutMs,
      maxResponseBytes: 1024,
      logChars: 1024,
    });
    if (res.ok) return;
    if (res.status === null) throw new Error(`push service: ${res.error ?? 'no answer'}`);
    const reason = `push service HTTP ${res.status}: ${res.body.slice(0, 200)}`;
    if (res.status === 404 || res.status === 410) throw new PushSubscriptionGone(reason);
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
      throw new PermanentDeliveryError(reason);
    throw new Error(reason);
  };
}
