import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, docs/integrations.md "Verifying a delivery"): the
 * secret is `whsec_` and the base64 of 32 random bytes; the key is those bytes; the signature is
 * `v1,<base64 HMAC-SHA256 of "${webhook-id}.${webhook-timestamp}.${body}">`.
 */

const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

/** The `webhook-signature` header's value for one attempt. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt (the timestamp is the attempt's, so a retry is signed afresh). */
export function webhookHeaders(
  secret: string,
  id: string,
  body: string,
  nowMs: number,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const ts = Math.floor(nowMs / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(secret, id, ts, body) };
}

/**
 * What a receiver does (the documented algorithm, used by the tests as a receiver would): the timestamp must be
 * within `toleranceSeconds` of now, which makes a replayed message detectable, and one of the space-separated
 * `v1,` signatures must match the HMAC of exactly the received body, compared in constant time.
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined },
  body: string,
  { nowMs = Date.now(), toleranceSeconds = 300 }: { nowMs?: number; toleranceSeconds?: number } = {},
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const ts = Number(timestamp);
  if (Math.abs(nowMs / 1000 - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, id, ts, body).slice(3), 'base64');
  return signature.split(' ').some((candidate) => {
    const [version, mac] = candidate.split(',', 2);
    if (version !== 'v1' || mac === undefined) return false;
    const given = Buffer.from(mac, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
