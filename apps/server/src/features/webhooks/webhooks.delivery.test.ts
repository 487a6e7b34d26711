import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../test/harness.js';
import { DEFAULT_POST } from '../../platform/outbound-http.js';
import { deleteOldDeliveries, WEBHOOK_LOG_DAYS } from './webhook-outbox.repository.js';
import { verifyWebhook } from './webhook-signing.js';
import { signedHeaders, startReceiver, type Receiver } from './webhook-receiver.test-support.js';
import {
  GRID_HIGH,
  addDevice,
  deliveriesOf,
  engine,
  makeWorld,
  readings,
  roundsUntil,
  subscribe,
  webhookOf,
  worker,
  type World,
} from './webhooks-world.test-support.js';

// Webhooks end to end in one process: the alarm engine queues them in the transaction that raises or recovers the
// alarm, the worker sends them signed to a real receiver on 127.0.0.1 (private targets allowed by option, as an
// operator may), and the receiver verifies them with the documented algorithm.

let s: TestServer;
let rx: Receiver;
let other: Receiver;
let w: World;

beforeAll(async () => {
  s = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  rx = await startReceiver();
  other = await startReceiver();
  w = await makeWorld(s, 'hookowner');
});
afterAll(async () => {
  await rx.close();
  await other.close();
  await s.close();
});
beforeEach(async () => {
  rx.reset();
  other.reset();
  await s.db.query(`DELETE FROM webhook_subscriptions`);
});

const T = () => Date.now() - 60_000;

describe('delivery', () => {
  it('an alarm raised and recovered reaches the receiver, signed, with the versioned payload', async () => {
    const hook = await subscribe(s, w.token, {
      url: rx.url,
      events: ['alarm.raised', 'alarm.recovered'],
      plantIds: null,
    });
    expect(hook.secret).toMatch(/^whsec_/);
    const e = engine(s);
    const t = T();
    await readings(e, w.device, [
      [t, GRID_HIGH],
      [t + 10_000, 0],
    ]);
    const { delivery } = worker(s);
    await roundsUntil(delivery, () => rx.requests.length >= 2);
    const bodies = rx.requests.map(
      (r) => JSON.parse(r.body) as { type: string; version: number; timestamp: string; data: Record<string, unknown> },
    );
    expect(bodies.map((b) => b.type).sort()).toEqual(['alarm.raised', 'alarm.recovered']);
    for (const [i, r] of rx.requests.entries()) {
      expect(verifyWebhook(hook.secret, signedHeaders(r), r.body)).toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
      expect(bodies[i]!.version).toBe(1);
      expect(Date.parse(bodies[i]!.timestamp)).not.toBeNaN();
      expect(bodies[i]!.data).toMatchObject({ deviceSn: w.device.sn, plantId: w.plantId, code: expect.any(String) });
    }
    const log = await deliveriesOf(s, w.token, hook.id);
    expect(log.total).toBe(2);
    for (const d of log.items) {
      expect(d.status).toBe('delivered');
      expect(d.attempts).toHaveLength(1);
      expect(d.attempts[0]).toMatchObject({ status: 200, error: null, body: 'ok' });
      expect(rx.requests.map((r) => r.headers['webhook-id'])).toContain(d.messageId);
    }
    await e.stop();
  });

  it('is retried after a 500 and delivered once, with the same id and body', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: [w.plantId] });
    let calls = 0;
    rx.respond = () => (++calls === 1 ? { status: 500, body: 'try later' } : { status: 204 });
    const e = engine(s);
    await readings(e, w.device, [[T(), GRID_HIGH]]);
    const clock = worker(s);
    await roundsUntil(clock.delivery, () => rx.requests.length >= 1);
    let log = await deliveriesOf(s, w.token, hook.id);
    expect(log.items[0]).toMatchObject({
      status: 'pending',
      attempts: [{ status: 500, error: 'HTTP 500', body: 'try later' }],
    });
    // Not due again before its backoff (30 s) has passed.
    await clock.delivery.round();
    expect(rx.requests).toHaveLength(1);
    clock.advance(31_000);
    await roundsUntil(clock.delivery, () => rx.requests.length >= 2);
    clock.advance(24 * 3_600_000);
    for (let i = 0; i < 3; i++) await clock.delivery.round();
    expect(rx.requests).toHaveLength(2);
    const [first, second] = rx.requests;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(verifyWebhook(hook.secret, signedHeaders(second!), second!.body, { nowMs: Date.now() + 31_000 })).toBe(true);
    log = await deliveriesOf(s, w.token, hook.id);
    expect(log.items[0]!.status).toBe('delivered');
    expect(log.items[0]!.attempts.map((a) => a.status)).toEqual([500, 204]);
    expect((await webhookOf(s, w.token, hook.id)).failingSince).toBeNull();
    await e.stop();
  });

  it('a redelivery by hand sends the same message again', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: null });
    expect((await api(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token: w.token })).status).toBe(200);
    const { delivery } = worker(s);
    await roundsUntil(delivery, () => rx.requests.length >= 1);
    const [d] = (await deliveriesOf(s, w.token, hook.id)).items;
    expect(JSON.parse(rx.requests[0]!.body)).toMatchObject({
      type: 'webhook.ping',
      version: 1,
      data: { webhookId: hook.id },
    });
    const again = await api(s.app, 'POST', `/api/webhooks/${hook.id}/deliveries/${d!.id}/redeliver`, {
      token: w.token,
    });
    expect(again.status).toBe(200);
    await roundsUntil(delivery, () => rx.requests.length >= 2);
    expect(rx.requests[1]!.headers['webhook-id']).toBe(d!.messageId);
    expect(rx.requests[1]!.body).toBe(rx.requests[0]!.body);
  });
});

describe('the delivery log', () => {
  it('forgets finished deliveries after its days, with their attempts, and never a pending one', async () => {
    const sub = (await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: [w.plantId] })).id;
    const ids: Record<string, number> = {};
    for (const [name, status, days] of [
      ['oldDelivered', 'delivered', 31],
      ['oldFailed', 'failed', 31],
      ['oldPending', 'pending', 31],
      ['recentDelivered', 'delivered', 29],
    ] as const) {
      const { rows } = await s.db.query<{ id: number }>(
        `INSERT INTO webhook_deliveries (subscription_id, message_id, type, body, status, created_at)
         VALUES ($1, $2, 'alarm.raised', '{}', $3, now() - make_interval(days => $4)) RETURNING id`,
        [sub, `msg_${name}`, status, days],
      );
      ids[name] = rows[0]!.id;
      await s.db.query(`INSERT INTO webhook_attempts (delivery_id, at, http_status, ms) VALUES ($1, now(), 200, 5)`, [
        ids[name],
      ]);
    }
    const before = new Date(Date.now() - WEBHOOK_LOG_DAYS * 86_400_000);
    expect(await deleteOldDeliveries(s.db, before, 1)).toBe(1);
    expect(await deleteOldDeliveries(s.db, before, 1)).toBe(1);
    expect(await deleteOldDeliveries(s.db, before, 1)).toBe(0);
    const left = await s.db.query<{ message_id: string }>(
      `SELECT message_id FROM webhook_deliveries WHERE subscription_id = $1 ORDER BY id`,
      [sub],
    );
    expect(left.rows.map((r) => r.message_id)).toEqual(['msg_oldPending', 'msg_recentDelivered']);
    const attempts = await s.db.query(`SELECT 1 FROM webhook_attempts WHERE delivery_id = ANY($1::int8[])`, [
      [ids.oldDelivered, ids.oldFailed],
    ]);
    expect(attempts.rows).toEqual([]);
  });
});

describe('several workers', () => {
  it('share the outbox: every message sent once', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: null });
    const e = engine(s);
    const devices = [];
    for (let i = 0; i < 12; i++) devices.push(await addDevice(s, w.ownerId, w.plantId));
    for (const d of devices) await readings(e, d, [[T(), GRID_HIGH]]);
    // Small batches, so the two workers' claims interleave.
    const a = worker(s, { batch: 2 });
    const b = worker(s, { batch: 2 });
    await Promise.all([a.delivery.round(), b.delivery.round(), a.delivery.round()]);
    await roundsUntil(a.delivery, () => rx.requests.length >= devices.length);
    const ids = rx.requests.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(devices.length);
    expect(new Set(ids).size).toBe(devices.length);
    expect((await deliveriesOf(s, w.token, hook.id)).items.every((d) => d.attempts.length === 1)).toBe(true);
    await e.stop();
  });
});

describe('bounded attempts', () => {
  it('reads at most 64 KiB of an answer and keeps its first 1,024 characters', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: null });
    rx.respond = () => ({ status: 200, body: 'x'.repeat(1024 * 1024) });
    await api(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token: w.token });
    const { delivery } = worker(s);
    await roundsUntil(delivery, async () => (await deliveriesOf(s, w.token, hook.id)).items[0]!.attempts.length > 0);
    const [d] = (await deliveriesOf(s, w.token, hook.id)).items;
    expect(d!.status).toBe('delivered');
    expect(d!.attempts[0]!.body).toHaveLength(1024);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: null });
    const silent = await startReceiver();
    const never = await subscribe(s, w.token, { url: silent.url, events: ['alarm.raised'], plantIds: null });
    // The receiver holds the request open: its answer never comes.
    silent.respond = () => null;
    await api(s.app, 'POST', `/api/webhooks/${never.id}/test`, { token: w.token });
    const { delivery } = worker(s, { post: { ...DEFAULT_POST, timeoutMs: 300 } });
    await delivery.round();
    const [d] = (await deliveriesOf(s, w.token, never.id)).items;
    expect(d!.status).toBe('pending');
    expect(d!.attempts[0]).toMatchObject({ status: null, error: 'timed out after 300 ms' });
    expect((await deliveriesOf(s, w.token, hook.id)).total).toBe(0);
    await silent.close();
  });
});

describe('the SSRF rule at delivery', () => {
  it('a redirect is a failure, logged and never followed', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: null });
    rx.respond = () => ({ status: 302, headers: { location: other.url } });
    await api(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token: w.token });
    const { delivery } = worker(s);
    await roundsUntil(delivery, () => rx.requests.length >= 1);
    const [d] = (await deliveriesOf(s, w.token, hook.id)).items;
    expect(d!.status).toBe('pending');
    expect(d!.attempts[0]).toMatchObject({ status: 302 });
    expect(d!.attempts[0]!.error).toContain('redirect not followed');
    expect(other.requests).toHaveLength(0);
  });

  it('a target allowed when saved is checked again before each attempt, names included', async () => {
    // Saved while private targets were allowed; the worker now runs with them refused.
    const byAddress = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: null });
    const byName = await subscribe(s, w.token, {
      url: `http://localhost:${rx.port}/hook`,
      events: ['alarm.raised'],
      plantIds: null,
    });
    for (const hook of [byAddress, byName])
      await api(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token: w.token });
    const { delivery } = worker(s, { allowPrivate: false });
    await delivery.round();
    for (const hook of [byAddress, byName]) {
      const [d] = (await deliveriesOf(s, w.token, hook.id)).items;
      expect(d!.attempts[0]!.status).toBeNull();
      expect(d!.attempts[0]!.error).toMatch(/target refused: (127\.0\.0\.1|::1) is not a public address/);
    }
    // A name the resolver points at the metadata address is refused the same way.
    const { delivery: metadata } = worker(s, {
      allowPrivate: false,
      resolve: async () => [{ address: '169.254.169.254', family: 4 }],
    });
    await s.db.query(`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second'`);
    await metadata.round();
    const [d] = (await deliveriesOf(s, w.token, byName.id)).items;
    expect(d!.attempts.at(-1)!.error).toContain('169.254.169.254');
    expect(rx.requests).toHaveLength(0);
  });
});

describe('scope, permission and account at every delivery', () => {
  const queued = async (hookId: number) => (await deliveriesOf(s, w.token, hookId)).items;

  it('a permission lost stops what was queued and what comes after', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: null });
    const e = engine(s);
    const device = await addDevice(s, w.ownerId, w.plantId);
    await readings(e, device, [[T(), GRID_HIGH]]);
    expect(await queued(hook.id)).toHaveLength(1);
    const held = (
      await s.db.query<{ permissions: string[] }>(`SELECT permissions FROM roles WHERE id = $1`, [w.roleId])
    ).rows[0]!.permissions;
    await s.db.query(`UPDATE roles SET permissions = $2 WHERE id = $1`, [w.roleId, held.filter((c) => c !== 'C/A')]);
    try {
      const { delivery } = worker(s);
      await delivery.round();
      const [d] = await queued(hook.id);
      expect(d!.status).toBe('dropped');
      expect(d!.attempts[0]!.error).toContain('no longer may receive');
      await readings(e, device, [
        [T() + 20_000, 0],
        [T() + 30_000, GRID_HIGH],
      ]);
      expect(await queued(hook.id)).toHaveLength(1);
      expect(rx.requests).toHaveLength(0);
    } finally {
      await s.db.query(`UPDATE roles SET permissions = $2 WHERE id = $1`, [w.roleId, held]);
      await e.stop();
    }
  });

  it('a plant leaving the scope, or a disabled owner, stops deliveries at once', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: [w.plantId] });
    const e = engine(s);
    await readings(e, await addDevice(s, w.ownerId, w.plantId), [[T(), GRID_HIGH]]);
    expect(await queued(hook.id)).toHaveLength(1);
    // The plant goes to the administrator, above the owner: no longer theirs to hear of.
    await s.db.query(`UPDATE plants SET owner_id = (SELECT id FROM users WHERE username = 'admin') WHERE id = $1`, [
      w.plantId,
    ]);
    try {
      const { delivery } = worker(s);
      await delivery.round();
      expect((await queued(hook.id))[0]!.status).toBe('dropped');
    } finally {
      await s.db.query(`UPDATE plants SET owner_id = $2 WHERE id = $1`, [w.plantId, w.ownerId]);
    }
    await api(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token: w.token });
    await s.db.query(`UPDATE users SET enabled = false WHERE id = $1`, [w.ownerId]);
    try {
      const { delivery } = worker(s);
      await delivery.round();
      const statuses = (await s.db.query<{ status: string }>(`SELECT status FROM webhook_deliveries ORDER BY id`)).rows;
      expect(statuses.map((r) => r.status)).toEqual(['dropped', 'dropped']);
    } finally {
      await s.db.query(`UPDATE users SET enabled = true WHERE id = $1`, [w.ownerId]);
    }
    expect(rx.requests).toHaveLength(0);
    await e.stop();
  });
});

describe('a webhook failing for a day', () => {
  it('is switched off and its owner told in-app and by mail', async () => {
    const hook = await subscribe(s, w.token, { url: rx.url, events: ['alarm.raised'], plantIds: null });
    rx.respond = () => ({ status: 503 });
    await api(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token: w.token });
    const clock = worker(s);
    for (let i = 0; i < 10 && (await webhookOf(s, w.token, hook.id)).enabled; i++) {
      await clock.delivery.round();
      clock.advance(25 * 3_600_000);
    }
    const off = await webhookOf(s, w.token, hook.id);
    expect(off).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(off.failingSince).not.toBeNull();
    expect(clock.delivery.stats.disabled).toBe(1);
    const messages = await s.db.query<{ event: string; params: { url: string } }>(
      `SELECT event, params FROM messages WHERE user_id = $1 AND kind = 'system'`,
      [w.ownerId],
    );
    expect(messages.rows).toEqual([
      expect.objectContaining({ event: 'webhookDisabled', params: expect.objectContaining({ url: rx.url }) }),
    ]);
    const mails = await s.db.query(
      `SELECT 1 FROM notification_outbox WHERE user_id = $1 AND kind = 'webhookDisabled' AND channel = 'email'`,
      [w.ownerId],
    );
    expect(mails.rows).toHaveLength(1);
    // Switched on again by its owner, it starts afresh.
    const on = await api(s.app, 'PUT', `/api/webhooks/${hook.id}`, { token: w.token, body: { enabled: true } });
    expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});
