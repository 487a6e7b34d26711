import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookDeliveryPage } from '@voltfleet/domain/webhooks';
import { verifyWebhook } from './webhook-signing.js';
import { hashToken } from '../../platform/auth.js';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

// The routes with private targets refused, as a server runs by default: what a subscription may name and reach,
// that it is its owner's alone, the secret shown once, and the operation records.

let s: TestServer;
let owner: { id: number; token: string; plantId: number };
let stranger: string;
let admin: string;
const PUBLIC = 'https://203.0.113.10/hooks/voltfleet';

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const roleId = await makeRole(s.db, 'Routes hook role', ['B', 'B/A', 'C', 'C/A'], root);
  const u = await makeUser(s.db, { username: 'routeshook', roleId, superiorId: root });
  owner = {
    id: u.id,
    token: await loginToken(s.app, 'routeshook', 'Passw0rd-1'),
    plantId: await makePlant(s.db, 'Hook routes', u.id),
  };
  const dealer = await builtinRoleId(s.db, 'dealer');
  await makeUser(s.db, { username: 'hookstranger', roleId: dealer, superiorId: root });
  stranger = await loginToken(s.app, 'hookstranger', 'Passw0rd-1');
  admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => s.close());

const create = (token: string, body: unknown, lang = 'en') =>
  api<WebhookCreated>(s.app, 'POST', '/api/webhooks', { token, body, lang });

describe('creating a webhook', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://10.0.0.5/hook', '10.0.0.5'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://[::ffff:10.1.1.1]/', '::ffff:a01:101'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254'],
  ])('refuses %s (private targets not allowed)', async (url, address) => {
    const res = await create(owner.token, { url, events: ['alarm.raised'], plantIds: null });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.data)).toContain(address);
  });

  it('refuses a name that resolves to loopback, in the caller language', async () => {
    const res = await create(
      owner.token,
      { url: 'http://localhost:9000/', events: ['alarm.raised'], plantIds: null },
      'de',
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.data)).toContain('Loopback');
  });

  it('refuses other schemes, events beyond the role and plants beyond the scope', async () => {
    expect(
      (await create(owner.token, { url: 'ftp://203.0.113.10/', events: ['alarm.raised'], plantIds: null })).status,
    ).toBe(400);
    // The role has no control records nor command page.
    const command = await create(owner.token, { url: PUBLIC, events: ['command.finished'], plantIds: null });
    expect(command.status).toBe(400);
    expect(JSON.stringify(command.body.data)).toContain('command.finished');
    const foreign = await makePlant(s.db, 'Not the owner', await adminId(s.db));
    const plants = await create(owner.token, { url: PUBLIC, events: ['alarm.raised'], plantIds: [foreign] });
    expect(plants.status).toBe(400);
    expect((await s.db.query(`SELECT 1 FROM webhook_subscriptions`)).rows).toHaveLength(0);
  });

  it('shows the secret once, lists without it, and rotates it', async () => {
    const res = await create(owner.token, {
      url: PUBLIC,
      events: ['alarm.raised', 'device.offline'],
      plantIds: [owner.plantId],
    });
    expect(res.status).toBe(200);
    const hook = res.body.data;
    expect(hook).toMatchObject({
      enabled: true,
      plantIds: [owner.plantId],
      plantNames: ['Hook routes'],
      disabledReason: null,
    });
    expect(hook.secret).toMatch(/^whsec_/);
    const list = await api<Webhook[]>(s.app, 'GET', '/api/webhooks', { token: owner.token });
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body.data)).not.toContain('whsec_');
    const rotated = await api<{ secret: string }>(s.app, 'POST', `/api/webhooks/${hook.id}/rotate`, {
      token: owner.token,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(hook.secret);
    // The secret the deliveries sign with is the new one.
    const stored = (
      await s.db.query<{ secret: string }>(`SELECT secret FROM webhook_subscriptions WHERE id = $1`, [hook.id])
    ).rows[0]!.secret;
    expect(stored).toBe(rotated.body.data.secret);
    expect(verifyWebhook(stored, { id: 'x', timestamp: '1', signature: 'v1,AAAA' }, '{}')).toBe(false);
    // Every change is recorded, the secret never.
    const records = await s.db.query<{ action: string; params: unknown }>(
      `SELECT action, params FROM operation_records WHERE object_type = 'webhook' AND object_id IS NOT NULL ORDER BY id`,
    );
    expect(records.rows.map((r) => r.action)).toEqual(['webhook.create', 'webhook.rotate']);
    expect(JSON.stringify(records.rows)).not.toContain('whsec_');
  });
});

describe('a webhook is its owner alone', () => {
  it('answers 404 to anyone else, the administrator included', async () => {
    const hook = (await create(owner.token, { url: PUBLIC, events: ['alarm.raised'], plantIds: null })).body.data;
    for (const token of [stranger, admin]) {
      expect((await api(s.app, 'PUT', `/api/webhooks/${hook.id}`, { token, body: { enabled: false } })).status).toBe(
        404,
      );
      expect((await api(s.app, 'DELETE', `/api/webhooks/${hook.id}`, { token })).status).toBe(404);
      expect((await api(s.app, 'POST', `/api/webhooks/${hook.id}/rotate`, { token })).status).toBe(404);
      expect((await api(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token })).status).toBe(404);
      expect((await api(s.app, 'GET', `/api/webhooks/${hook.id}/deliveries`, { token })).status).toBe(404);
      expect((await api<Webhook[]>(s.app, 'GET', '/api/webhooks', { token })).body.data).toEqual([]);
    }
  });
});

describe('test pings and the delivery log', () => {
  it('queues a ping, pages the log, redelivers, switches off and deletes', async () => {
    const hook = (await create(owner.token, { url: PUBLIC, events: ['alarm.raised'], plantIds: null })).body.data;
    const ping = await api<WebhookDelivery>(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token: owner.token });
    expect(ping.status).toBe(200);
    expect(ping.body.data).toMatchObject({ type: 'webhook.ping', status: 'pending', attempts: [] });
    expect(ping.body.data.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    await api(s.app, 'POST', `/api/webhooks/${hook.id}/test`, { token: owner.token });
    const page = await api<WebhookDeliveryPage>(s.app, 'GET', `/api/webhooks/${hook.id}/deliveries?page=2&pageSize=1`, {
      token: owner.token,
    });
    expect(page.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.body.data.items[0]!.id).toBe(ping.body.data.id);
    const again = await api(s.app, 'POST', `/api/webhooks/${hook.id}/deliveries/${ping.body.data.id}/redeliver`, {
      token: owner.token,
    });
    expect(again.status).toBe(200);
    expect(
      (await api(s.app, 'POST', `/api/webhooks/${hook.id}/deliveries/999999/redeliver`, { token: owner.token })).status,
    ).toBe(404);
    const off = await api<Webhook>(s.app, 'PUT', `/api/webhooks/${hook.id}`, {
      token: owner.token,
      body: { enabled: false },
    });
    expect(off.body.data).toMatchObject({ enabled: false, disabledReason: 'owner' });
    expect((await api(s.app, 'DELETE', `/api/webhooks/${hook.id}`, { token: owner.token })).status).toBe(200);
    expect(
      (await s.db.query(`SELECT 1 FROM webhook_deliveries WHERE subscription_id = $1`, [hook.id])).rows,
    ).toHaveLength(0);
  });
});

describe('API keys', () => {
  it('are refused on every webhook route, whatever they hold', async () => {
    const key = `vf_${'w'.repeat(43)}`;
    await s.db.query(
      `INSERT INTO api_keys (owner_id, name, shown, key_hash, writes, permissions, plant_ids, expires_at)
       VALUES ($1, 'Hook key', 'vf_wwwwwww', $2, true, $3, NULL, now() + interval '30 days')`,
      [owner.id, hashToken(key), ['B', 'B/A', 'C', 'C/A']],
    );
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      s.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    expect((await call('GET', '/api/webhooks')).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/webhooks', { url: PUBLIC, events: ['alarm.raised'], plantIds: null })).statusCode,
    ).toBe(403);
    // The same key reads what its permissions allow elsewhere: the refusal is the route's.
    expect((await call('GET', '/api/messages/unread-count')).statusCode).not.toBe(403);
  });
});
