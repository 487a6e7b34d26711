import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery, PushSubscription } from '@voltfleet/domain/alarms';
import { translate } from '@voltfleet/domain/i18n';
import { adminId, api, startTestServer, type TestServer } from '../../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import {
  adminToken,
  delivery,
  engine,
  makeRule,
  plantWithDevice,
  readings,
  ruleDraft,
  until,
} from './delivery-world.test-support.js';
import type { NotificationDelivery } from './notification-delivery.js';
import { pushSender } from './push-sender.js';
import { vetTarget } from '../../platform/outbound-target.js';
import {
  browserKeys,
  decryptPush,
  startPushReceiver,
  verifyVapid,
  type PushReceiver,
} from './push-receiver.test-support.js';

// Web Push end to end: a browser subscribes through the API, the alarm engine raises, the delivery job sends the
// push through the outbox to a push service on 127.0.0.1, which decrypts it as the browser would.

let s: TestServer;
let smtp: SmtpCapture;
let push: PushReceiver;
let admin: string;
let vapid: { publicKey: string; privateKey: string };
let d: NotificationDelivery;

beforeAll(async () => {
  s = await startTestServer({ VOLTFLEET_PUSH_TEST_LOOPBACK: 'on' });
  smtp = await startSmtpCapture();
  push = await startPushReceiver();
  admin = await adminToken(s);
  const { rows } = await s.db.query<{ value: string }>(
    `SELECT value FROM server_secrets WHERE name = 'vapid_p256_keys'`,
  );
  vapid = JSON.parse(rows[0]!.value) as typeof vapid;
  const send = pushSender({
    vapid: { ...vapid, subject: s.config.push.vapidSubject },
    allowLoopbackHttp: true,
    timeoutMs: 2000,
    // The local push service listens on 127.0.0.1, as an operator who allows private addresses may reach one.
    vetEndpoint: (url) => vetTarget(url, { allowPrivate: true }),
  });
  d = delivery(s, smtp, { push: send });
});
afterAll(async () => {
  await push.close();
  await smtp.close();
  await s.close();
});

const T = () => Date.now() - 60_000;

async function subscribe(path: string) {
  const keys = browserKeys();
  const endpoint = `${push.url}${path}`;
  const res = await api<PushSubscription>(s.app, 'POST', '/api/push/subscriptions', {
    token: admin,
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, label: 'Test browser' },
  });
  expect(res.status).toBe(200);
  return { keys, endpoint, id: res.body.data.id };
}

async function pushRule(hourlyLimit = 100) {
  const device = await plantWithDevice(s, 'Push plant', 'Europe/Prague');
  const ruleId = await makeRule(
    s,
    admin,
    ruleDraft({
      plantIds: [device.plantId],
      userIds: [await adminId(s.db)],
      channels: ['push'],
      hourlyLimit,
      recoveryNotices: false,
    }),
  );
  return { device, ruleId };
}

async function deliveries(ruleId: number): Promise<Delivery[]> {
  const res = await api<{ items: Delivery[] }>(
    s.app,
    'GET',
    `/api/notification-rules/${ruleId}/deliveries?pageSize=200`,
    {
      token: admin,
    },
  );
  return res.body.data.items;
}

const removeAll = async () => s.db.query(`DELETE FROM push_subscriptions`);

describe('the push subscription routes', () => {
  it('give the VAPID key, refuse a non-https endpoint in the caller’s language, list and remove only one’s own', async () => {
    const key = await api<{ publicKey: string }>(s.app, 'GET', '/api/push/public-key', { token: admin });
    expect(key.body.data.publicKey).toBe(vapid.publicKey);
    const keys = browserKeys();
    const bad = await api<{ issues: { path: string; message: string }[] }>(s.app, 'POST', '/api/push/subscriptions', {
      token: admin,
      lang: 'de',
      body: { endpoint: 'http://push.example/x', keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0]).toMatchObject({ path: 'endpoint', message: translate('push.endpointHttps', 'de') });
    const sub = await subscribe('/list');
    const list = await api<PushSubscription[]>(s.app, 'GET', '/api/push/subscriptions', { token: admin });
    expect(list.body.data.map((x) => [x.id, x.label])).toEqual([[sub.id, 'Test browser']]);
    expect((await api(s.app, 'DELETE', `/api/push/subscriptions/${sub.id}`, { token: admin })).status).toBe(200);
    expect((await api(s.app, 'DELETE', `/api/push/subscriptions/${sub.id}`, { token: admin })).status).toBe(404);
  });
});

describe('an alarm pushed through the outbox', () => {
  it('reaches the browser encrypted (RFC 8291) and signed (VAPID) with the alarm’s link', async () => {
    await removeAll();
    const sub = await subscribe('/browser-1');
    const { device, ruleId } = await pushRule();
    await readings(engine(s), device, [[T(), 1 << 6]]);
    const before = push.requests.length;
    await until(d, () => push.requests.length > before);
    const req = push.requests[push.requests.length - 1]!;
    expect(req.path).toBe('/browser-1');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(req.headers.ttl)).toBe(86_400);
    const { rows } = await s.db.query<{ id: number; severity: string }>(
      `SELECT id::int AS id, severity FROM alarms WHERE device_id = $1`,
      [device.deviceId],
    );
    const alarm = rows[0]!;
    expect(req.headers.urgency).toBe(alarm.severity === 'critical' ? 'high' : 'normal');
    const claims = verifyVapid(req.headers.authorization, vapid.publicKey, sub.endpoint);
    expect(claims.sub).toBe(s.config.push.vapidSubject);
    const payload = JSON.parse(decryptPush(req.body, sub.keys)) as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual(['body', 'tag', 'title', 'url']);
    expect(payload.url).toBe(`https://portal.example/alarmCenter/alarmSearch?alarm=${alarm.id}`);
    expect(payload.tag).toBe(`alarm-${alarm.id}`);
    expect(payload.title).toContain('Push plant');
    await until(d, async () => (await deliveries(ruleId)).some((l) => l.status === 'sent'));
    const log = await deliveries(ruleId);
    expect(log.map((l) => [l.channel, l.address, l.status])).toEqual([['push', `push:${sub.id}`, 'sent']]);
    const list = await api<PushSubscription[]>(s.app, 'GET', '/api/push/subscriptions', { token: admin });
    expect(list.body.data[0]!.lastSuccessAt).not.toBeNull();
  });

  it('retries after a 500 with the same message', async () => {
    await removeAll();
    const sub = await subscribe('/browser-500');
    const { device, ruleId } = await pushRule();
    push.answers.push(500);
    const before = push.requests.length;
    await readings(engine(s), device, [[T(), 1 << 7]]);
    await until(d, async () => (await deliveries(ruleId)).some((l) => l.status === 'sent'));
    const got = push.requests.slice(before);
    expect(got).toHaveLength(2);
    expect(got.map((r) => JSON.parse(decryptPush(r.body, sub.keys)) as object)).toEqual([
      expect.objectContaining({ tag: expect.stringMatching(/^alarm-/) }),
      JSON.parse(decryptPush(got[0]!.body, sub.keys)) as object,
    ]);
    expect((await deliveries(ruleId))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('removes the subscription the push service answers 410 for', async () => {
    await removeAll();
    const sub = await subscribe('/browser-gone');
    const { device, ruleId } = await pushRule();
    push.answers.push(410);
    await readings(engine(s), device, [[T(), 1 << 8]]);
    await until(d, async () => (await deliveries(ruleId)).some((l) => l.status === 'failed'));
    const { rows } = await s.db.query(`SELECT 1 FROM push_subscriptions WHERE id = $1`, [sub.id]);
    expect(rows).toHaveLength(0);
    expect((await deliveries(ruleId))[0]!.lastError).toContain('410');
  });

  it('holds what is over the limit and pushes a digest when the hour has room', async () => {
    await removeAll();
    const sub = await subscribe('/browser-limit');
    const { device, ruleId } = await pushRule(1);
    const before = push.requests.length;
    await readings(engine(s), device, [[T(), (1 << 6) | (1 << 7) | (1 << 8)]]);
    await until(d, async () => (await deliveries(ruleId)).filter((l) => l.status === 'held').length >= 2);
    expect(push.requests.length - before).toBe(1);
    await s.db.query(
      `UPDATE notification_outbox SET counted_at = counted_at - interval '61 minutes' WHERE rule_id = $1`,
      [ruleId],
    );
    await until(d, () => push.requests.length - before === 2);
    const digest = JSON.parse(decryptPush(push.requests[push.requests.length - 1]!.body, sub.keys)) as Record<
      string,
      string
    >;
    expect(digest).toMatchObject({ tag: 'alarm-digest', url: 'https://portal.example/alarmCenter/alarmSearch' });
    expect(digest.title).toContain('2');
  });

  it('sends a test push on request and says when the browser is gone', async () => {
    await removeAll();
    const sub = await subscribe('/browser-test');
    const ok = await api<{ outcome: string }>(s.app, 'POST', `/api/push/subscriptions/${sub.id}/test`, {
      token: admin,
      lang: 'cs',
    });
    expect(ok.body.data.outcome).toBe('sent');
    const payload = JSON.parse(decryptPush(push.requests[push.requests.length - 1]!.body, sub.keys)) as Record<
      string,
      string
    >;
    expect(payload.title).toBe(translate('push.testTitle', 'cs'));
    push.answers.push(404);
    const gone = await api<{ outcome: string }>(s.app, 'POST', `/api/push/subscriptions/${sub.id}/test`, {
      token: admin,
    });
    expect(gone.body.data.outcome).toBe('removed');
    expect((await api(s.app, 'POST', `/api/push/subscriptions/${sub.id}/test`, { token: admin })).status).toBe(404);
  });
});
