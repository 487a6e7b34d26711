import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './webhook-signing.js';
import { TargetRefused, isForbiddenAddress, vetTarget } from '../../platform/outbound-target.js';

// The signing and target rules alone (the delivery tests send through them to a real receiver).

describe('Standard Webhooks signing', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ type: 'alarm.raised', version: 1, timestamp: '2026-12-04T10:00:00.000Z', data: {} });
  const now = Date.parse('2026-12-04T10:00:05Z');
  const h = webhookHeaders(secret, 'msg_1', body, now);
  const headers = { id: h['webhook-id'], timestamp: h['webhook-timestamp'], signature: h['webhook-signature'] };

  it('makes a whsec_ secret of 32 random bytes', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs "${id}.${timestamp}.${body}" with HMAC-SHA256 keyed by the decoded secret', () => {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key)
      .update(`msg_1.${Math.floor(now / 1000)}.${body}`)
      .digest('base64');
    expect(h['webhook-signature']).toBe(`v1,${mac}`);
    expect(h['webhook-timestamp']).toBe(String(Math.floor(now / 1000)));
  });

  it('verifies what it signed, among other signatures', () => {
    expect(verifyWebhook(secret, headers, body, { nowMs: now })).toBe(true);
    const several = { ...headers, signature: `v1,AAAA ${headers.signature}` };
    expect(verifyWebhook(secret, several, body, { nowMs: now })).toBe(true);
  });

  it('detects an altered body, another secret, and a replay with an old timestamp', () => {
    expect(verifyWebhook(secret, headers, body.replace('alarm.raised', 'alarm.recovered'), { nowMs: now })).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), headers, body, { nowMs: now })).toBe(false);
    // The same message replayed ten minutes later: its timestamp is outside the five-minute tolerance.
    expect(verifyWebhook(secret, headers, body, { nowMs: now + 10 * 60_000 })).toBe(false);
    // Re-signing is impossible without the secret, and a forged timestamp breaks the signature.
    const forged = { ...headers, timestamp: String(Math.floor((now + 10 * 60_000) / 1000)) };
    expect(verifyWebhook(secret, forged, body, { nowMs: now + 10 * 60_000 })).toBe(false);
    expect(verifyWebhook(secret, { ...headers, signature: undefined }, body, { nowMs: now })).toBe(false);
  });

  it('is the signature of the spec', () => {
    // The Standard Webhooks reference test vector.
    const spec = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const specBody = '{"test": 2432232314}';
    expect(signWebhook(spec, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, specBody)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });
});

describe('webhook targets (SSRF rule)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '169.254.1.1',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '203.0.113.10', '172.32.0.1', '2001:db8::1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  const refusal = async (url: string, resolve?: (host: string) => Promise<{ address: string; family: number }[]>) => {
    try {
      await vetTarget(url, { allowPrivate: false, ...(resolve ? { resolve } : {}) });
      return null;
    } catch (err) {
      if (err instanceof TargetRefused) return err;
      throw err;
    }
  };

  it('refuses addresses written in the URL', async () => {
    expect((await refusal('http://127.0.0.1:8080/hook'))?.address).toBe('127.0.0.1');
    expect((await refusal('https://10.1.2.3/hook'))?.reason).toBe('refused');
    expect((await refusal('http://169.254.169.254/latest/meta-data/'))?.address).toBe('169.254.169.254');
    expect((await refusal('http://[::ffff:127.0.0.1]/'))?.reason).toBe('refused');
    expect((await refusal('http://[fd00:ec2::254]/'))?.reason).toBe('refused');
  });

  it('refuses names that resolve to them, also when one of several addresses is private', async () => {
    // `localhost` through the system resolver.
    expect((await refusal('http://localhost:9/hook'))?.reason).toBe('refused');
    const resolver = (answers: Record<string, string[]>) => async (host: string) =>
      (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const dns = resolver({
      'metadata.example': ['169.254.169.254'],
      'mixed.example': ['203.0.113.10', '10.0.0.7'],
      'inner.example': ['10.20.30.40'],
      'public.example': ['203.0.113.10'],
    });
    expect((await refusal('https://metadata.example/', dns))?.address).toBe('169.254.169.254');
    expect((await refusal('https://mixed.example/', dns))?.address).toBe('10.0.0.7');
    expect((await refusal('https://inner.example/', dns))?.address).toBe('10.20.30.40');
    expect((await refusal('https://nowhere.example/', dns))?.reason).toBe('unresolved');
    expect(await refusal('https://public.example/', dns)).toBeNull();
    // The attempt connects to the vetted address, not to a second answer of the resolver.
    expect((await vetTarget('https://public.example/x', { allowPrivate: false, resolve: dns })).address).toBe(
      '203.0.113.10',
    );
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect((await refusal('ftp://203.0.113.10/'))?.reason).toBe('invalid');
    expect((await refusal('file:///etc/passwd'))?.reason).toBe('invalid');
    expect((await refusal('https://user:pw@203.0.113.10/'))?.reason).toBe('invalid');
  });

  it('lets private targets through when the operator allows them', async () => {
    const t = await vetTarget('http://127.0.0.1:8080/hook', { allowPrivate: true });
    expect(t.address).toBe('127.0.0.1');
  });
});
