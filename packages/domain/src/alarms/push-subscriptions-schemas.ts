// The schemas of push-subscriptions.ts: what a browser sends to subscribe and what the personal centre lists.
import { z } from 'zod';
import { trimmedText } from '../validation-schemas.js';
import { PUSH_LIMITS } from './push-subscriptions.js';

/** Base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (min: number, max: number) =>
  z
    .string('validation.required')
    .min(min, 'validation.invalidValue')
    .max(max, 'validation.invalidValue')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidValue');

/**
 * A browser's subscription. The endpoint is an absolute http(s) URL without credentials here; the server also
 * requires https (plain http is allowed to 127.0.0.1 only when the tests' option says so).
 */
export const pushSubscribeSchema = z.strictObject({
  endpoint: z
    .string('validation.required')
    .max(PUSH_LIMITS.endpoint, 'validation.tooLong')
    .refine((s) => {
      if (!URL.canParse(s)) return false;
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    }, 'push.endpointHttps'),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes: 87 characters). */
    p256dh: base64url(86, 88),
    /** The 16-byte auth secret (22 characters). */
    auth: base64url(22, 24),
  }),
  /** What the list calls this browser (the page fills in browser and system). */
  label: trimmedText(PUSH_LIMITS.label).optional(),
});

export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The push service's URL: the page finds "this browser" in the list by it. */
  endpoint: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

/** The server's VAPID public key (base64url, uncompressed P-256): the browser subscribes with it. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** A test push's outcome: delivered, or the push service said the subscription is gone (and it was removed). */
export const pushTestResultSchema = z.object({ outcome: z.enum(['sent', 'removed', 'failed']), detail: z.string() });

export type PushTestResult = z.infer<typeof pushTestResultSchema>;
