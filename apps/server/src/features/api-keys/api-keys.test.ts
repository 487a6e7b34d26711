/**
 * API keys end to end through the real app and database: made once and stored hashed, a Bearer key sees its owner's
 * scope narrowed to its plants and permissions, a permission or plant the owner loses leaves the key at the next call,
 * read-only keys change nothing, revoked and expired keys are refused, each key has its own rate limit, changes are
 * recorded with the key's id, and keys never reach the routes that manage credentials and accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyCreated } from '@voltfleet/domain/api-keys';
import {
  adminId,
  api,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../../test/harness.js';
import { VALID_PLANT_INPUT } from '../../test/plant-input.js';

let s: TestServer;
let session: string;
let ownerId: number;
let roleId: number;
let plantA: number;
let plantB: number;
const RATE = 40;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PERMS = ['A', 'A:plant.add', 'B', 'B/A'];

/** A call with `Authorization: Bearer <key>` (what a program sends). */
async function withKey<T = unknown>(
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const res = await s.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${key}`,
      'accept-language': 'en',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.json<{ code: string; msg: string; data: T }>(), headers: res.headers };
}

async function newKey(over: Partial<Record<string, unknown>> = {}): Promise<ApiKeyCreated> {
  const res = await api<ApiKeyCreated>(s.app, 'POST', '/api/api-keys', {
    token: session,
    body: { name: 'Desk', expiresOn: inDays(30), access: 'read', permissions: PERMS, plantIds: null, ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const plantNames = async (key: string) =>
  (await withKey<{ name: string }[]>(key, 'GET', '/api/plants')).body.data.map((p) => p.name).sort();

beforeAll(async () => {
  s = await startTestServer({ API_KEY_RATE_PER_MINUTE: String(RATE) });
  roleId = await makeRole(s.db, 'KeyOwnerRole', [...PERMS, 'A:plant.edit', 'C', 'C/A']);
  ({ id: ownerId } = await makeUser(s.db, { username: 'keyOwner', roleId, superiorId: await adminId(s.db) }));
  plantA = await makePlant(s.db, 'Key_A', ownerId);
  plantB = await makePlant(s.db, 'Key_B', ownerId);
  for (const [sn, plant] of [
    ['KEYDEV00001', plantA],
    ['KEYDEV00002', plantB],
  ] as const)
    await s.db.query(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at) VALUES ($1, 'inverter', '10K', $2, $3, now())`,
      [sn, ownerId, plant],
    );
  session = await loginToken(s.app, 'keyOwner', 'Passw0rd-1');
}, 120_000);
afterAll(() => s.close());

describe('making a key', () => {
  it('shows the key once and stores only its hash', async () => {
    const created = await newKey({ name: 'Once' });
    expect(created.key).toMatch(/^vf_[\w-]{43}$/);
    expect(created.shown).toBe(created.key.slice(0, 10));
    const list = await api<ApiKey[]>(s.app, 'GET', '/api/api-keys', { token: session });
    const listed = list.body.data.find((k) => k.id === created.id)!;
    expect(listed).not.toHaveProperty('key');
    const stored = JSON.stringify((await s.db.query(`SELECT * FROM api_keys WHERE id = $1`, [created.id])).rows[0]);
    expect(stored).not.toContain(created.key.slice(3));
  });

  it.each([
    ['a permission the owner lacks', { permissions: ['E'] }, 'permissions'],
    ['a plant out of scope', { plantIds: [2_000_000] }, 'plantIds'],
    ['an expiry over a year away', { expiresOn: inDays(400) }, 'expiresOn'],
    ['an expiry in the past', { expiresOn: inDays(-2) }, 'expiresOn'],
    ['an unknown access', { access: 'admin' }, 'access'],
  ])('refuses %s with a localised 400 and makes nothing', async (_name, over, field) => {
    const before = (await s.db.query(`SELECT count(*)::int AS n FROM api_keys`)).rows[0];
    const res = await api(s.app, 'POST', '/api/api-keys', {
      token: session,
      lang: 'de',
      body: { name: 'Bad', expiresOn: inDays(30), access: 'read', permissions: PERMS, plantIds: null, ...over },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
    expect((await s.db.query(`SELECT count(*)::int AS n FROM api_keys`)).rows[0]).toEqual(before);
  });

  it('implies the pages and modules a chosen function needs', async () => {
    const created = await newKey({ permissions: ['A:plant.add'] });
    expect(created.permissions).toEqual(['A', 'A:plant.add']);
  });
});

describe('calling with a key', () => {
  it('sees only its chosen plants and their devices', async () => {
    const all = await newKey({ name: 'All' });
    const onlyA = await newKey({ name: 'OnlyA', plantIds: [plantA] });
    expect(await plantNames(all.key)).toEqual(['Key_A', 'Key_B']);
    expect(await plantNames(onlyA.key)).toEqual(['Key_A']);
    const devices = await withKey<{ items: { sn: string }[] }>(onlyA.key, 'GET', '/api/devices?page=1&pageSize=20');
    expect(devices.status).toBe(200);
    expect(devices.body.data.items.map((d) => d.sn)).toEqual(['KEYDEV00001']);
    // Another plant's detail answers like a missing one.
    expect((await withKey(onlyA.key, 'GET', `/api/plants/${plantB}`)).status).toBe(404);
    expect((await withKey(onlyA.key, 'GET', `/api/plants/${plantA}`)).status).toBe(200);
  });

  it("reaches the account's messages and reports only when not limited to chosen plants", async () => {
    const all = await newKey({ name: 'Inbox all' });
    const limited = await newKey({ name: 'Inbox limited', plantIds: [plantA] });
    expect((await withKey(all.key, 'GET', '/api/messages?page=1&pageSize=10')).status).toBe(200);
    const refused = await withKey(limited.key, 'GET', '/api/messages?page=1&pageSize=10');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/limited to chosen plants/);
  });

  it('loses a permission and a plant the moment its owner does', async () => {
    const key = await newKey({ name: 'Loses' });
    expect((await withKey(key.key, 'GET', '/api/devices?page=1&pageSize=20')).status).toBe(200);
    const other = await makeRole(s.db, 'KeyOwnerNoDevices', ['A', 'A:plant.add']);
    await s.db.query(`UPDATE users SET role_id = $2 WHERE id = $1`, [ownerId, other]);
    try {
      const refused = await withKey(key.key, 'GET', '/api/devices?page=1&pageSize=20');
      expect(refused.status).toBe(403);
    } finally {
      await s.db.query(`UPDATE users SET role_id = $2 WHERE id = $1`, [ownerId, roleId]);
    }
    await s.db.query(`UPDATE plants SET owner_id = $2 WHERE id = $1`, [plantB, await adminId(s.db)]);
    try {
      expect(await plantNames(key.key)).toEqual(['Key_A']);
    } finally {
      await s.db.query(`UPDATE plants SET owner_id = $2 WHERE id = $1`, [plantB, ownerId]);
    }
  });

  it('refuses writes with a read-only key and changes nothing', async () => {
    const key = await newKey({ name: 'ReadOnly', access: 'read' });
    const before = (await s.db.query(`SELECT count(*)::int AS n FROM plants`)).rows[0];
    const res = await withKey(key.key, 'POST', '/api/plants', { ...VALID_PLANT_INPUT, name: 'By_Read_Key' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/only read/);
    expect((await s.db.query(`SELECT count(*)::int AS n FROM plants`)).rows[0]).toEqual(before);
  });

  it('records a change made with a read-write key with the key id', async () => {
    const key = await newKey({ name: 'Writer', access: 'readWrite' });
    const res = await withKey<{ plantId: number }>(key.key, 'POST', '/api/plants', {
      ...VALID_PLANT_INPUT,
      name: 'By_Write_Key',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows } = await s.db.query<{ api_key_id: number; user_id: number; ok: boolean }>(
      `SELECT api_key_id, user_id, ok FROM operation_records WHERE action = 'plant.create' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ api_key_id: key.id, user_id: ownerId, ok: true });
    const records = await api<{ items: { apiKeyId: number | null; action: string }[] }>(
      s.app,
      'GET',
      '/api/records/operations?page=1&pageSize=5',
      { token: await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD) },
    );
    expect(records.status).toBe(200);
    expect(records.body.data.items.some((r) => r.apiKeyId === key.id)).toBe(true);
  });

  it('is refused once revoked or expired, and notes its last use', async () => {
    const revoked = await newKey({ name: 'Revoked' });
    expect((await withKey(revoked.key, 'GET', '/api/plants')).status).toBe(200);
    const listed = (await api<ApiKey[]>(s.app, 'GET', '/api/api-keys', { token: session })).body.data;
    expect(listed.find((k) => k.id === revoked.id)?.lastUsedAt).not.toBeNull();
    expect(listed.find((k) => k.id === revoked.id)?.lastUsedFrom).toBe('127.0.0.1');
    expect((await api(s.app, 'DELETE', `/api/api-keys/${revoked.id}`, { token: session })).status).toBe(200);
    const after = await withKey(revoked.key, 'GET', '/api/plants');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthorized');

    const expired = await newKey({ name: 'Expired' });
    await s.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    expect((await withKey(expired.key, 'GET', '/api/plants')).status).toBe(401);
    expect((await withKey('vf_made-up-key-nobody-issued', 'GET', '/api/plants')).status).toBe(401);
  });

  it("is refused while its owner's account is disabled", async () => {
    const key = await newKey({ name: 'Disabled' });
    await s.db.query(`UPDATE users SET enabled = false WHERE id = $1`, [ownerId]);
    try {
      expect((await withKey(key.key, 'GET', '/api/plants')).status).toBe(401);
    } finally {
      await s.db.query(`UPDATE users SET enabled = true WHERE id = $1`, [ownerId]);
    }
  });

  it('meets its own rate limit (429 with Retry-After) and slows no other key or session', async () => {
    const flood = await newKey({ name: 'Flood' });
    const calm = await newKey({ name: 'Calm' });
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < RATE + 5; i++) {
      const res = await withKey(flood.key, 'GET', '/api/plants');
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers['retry-after'];
    }
    expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(RATE);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect((await withKey(calm.key, 'GET', '/api/plants')).status).toBe(200);
    expect((await api(s.app, 'GET', '/api/plants', { token: session })).status).toBe(200);
  });
});

describe('routes a key never reaches', () => {
  let everything: ApiKeyCreated | undefined;
  it.each([
    ['GET', '/api/api-keys'],
    ['POST', '/api/api-keys'],
    ['POST', '/api/auth/password'],
    ['GET', '/api/users'],
    ['GET', '/api/roles'],
    ['POST', '/api/kiosk-links'],
  ] as const)('%s %s answers 403 to a read-write key holding every permission of its owner', async (method, url) => {
    everything ??= await newKey({ name: 'Everything', access: 'readWrite', permissions: [...PERMS, 'A:plant.edit'] });
    const key = everything;
    const before = (await s.db.query(`SELECT count(*)::int AS n FROM api_keys`)).rows[0];
    const res = await withKey(key.key, method, url, method === 'GET' ? undefined : {});
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/cannot manage keys/);
    expect((await s.db.query(`SELECT count(*)::int AS n FROM api_keys`)).rows[0]).toEqual(before);
  });

  it('are the ones the OpenAPI document marks refused, and every other route states its permission', async () => {
    const doc = (await s.app.inject({ url: '/api/openapi.json' })).json<{
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { 'x-api-key'?: string; security?: Record<string, string[]>[] }>>;
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const use = (path: string, method: string) => doc.paths[path]?.[method]?.['x-api-key'];
    expect(use('/api/api-keys', 'post')).toBe('refused');
    expect(use('/api/auth/password', 'post')).toBe('refused');
    expect(use('/api/users', 'get')).toBe('refused');
    expect(use('/api/devices', 'get')).toBe('read');
    expect(use('/api/plants', 'post')).toBe('readWrite');
    const refusedOps = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .filter((o) => o['x-api-key'] === 'refused');
    for (const op of refusedOps) expect(op.security?.some((x) => 'apiKey' in x)).toBe(false);
  });
});
