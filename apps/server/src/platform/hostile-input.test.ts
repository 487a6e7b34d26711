import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@voltfleet/domain/records';
import {
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA_CODE,
  api,
  captchaId,
  encryptPassword,
  loginToken,
  publicKey,
  startTestServer,
  type TestServer,
} from '../test/harness.js';
import { VALID_PLANT_INPUT } from '../test/plant-input.js';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => s.close());

/** A request with a raw JSON text as its body (JSON.stringify cannot write 1e309 or a NUL inside a key). */
async function raw(method: 'POST' | 'PUT', url: string, payload: string, lang = 'en', token = admin) {
  const res = await s.app.inject({
    method,
    url,
    headers: { token, 'accept-language': lang, 'content-type': 'application/json' },
    payload,
  });
  return { status: res.statusCode, body: res.json<{ code: string; msg: string; data: unknown }>() };
}

async function records(): Promise<OperationRecord[]> {
  const res = await api<{ items: OperationRecord[] }>(s.app, 'GET', '/api/records/operations?pageSize=200', {
    token: admin,
  });
  expect(res.status).toBe(200);
  return res.body.data.items;
}

const plantInput = { ...VALID_PLANT_INPUT, name: 'Hostile_Test' };

describe('the audit trail whatever the body', () => {
  it('records a refused array body as an object and the records list keeps answering', async () => {
    const res = await raw('PUT', '/api/auth/me', '[]');
    expect(res.status).toBe(400);
    const list = await records();
    const record = list.find((r) => r.action === 'user.updateProfile' && r.params.body !== undefined);
    expect(record?.params).toEqual({ body: [] });
    expect(record?.ok).toBe(false);
  });

  it('reads a record stored with non-object parameters before the rule (no 500 for the page holding it)', async () => {
    // A record as the old plugin wrote it for `[]`, `"x"` and 7: the list must still answer.
    for (const params of ['[1,2]', '"text"', '7'])
      await s.db.query(
        `INSERT INTO operation_records (user_id, username, user_path, ip, action, category, params, ok, status)
         SELECT id, username, path, '127.0.0.1', 'legacy.odd', 'system', $1::jsonb, false, 400 FROM users WHERE username = 'admin'`,
        [params],
      );
    const legacy = (await records()).filter((r) => r.action === 'legacy.odd').map((r) => r.params);
    expect(legacy).toEqual(expect.arrayContaining([{ body: [1, 2] }, { body: 'text' }, { body: 7 }]));
  });

  it.each([
    ['a NUL byte in a key and a value', '{"name\\u0000x":"a\\u0000b"}'],
    ['a lone surrogate', '{"name":"\\ud800","remark":"\\udc00"}'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['deep object nesting', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
    ['1e309', '{"name":"x","company":1e309}'],
  ])('records a refused request with %s', async (_what, payload) => {
    const before = (await records()).filter((r) => r.action === 'user.updateProfile').length;
    const res = await raw('PUT', '/api/auth/me', payload);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    const after = (await records()).filter((r) => r.action === 'user.updateProfile');
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ ok: false });
  });

  it('refuses a change whose record cannot be stored, and changes nothing', async () => {
    const name = async () =>
      (await s.db.query<{ name: string }>(`SELECT name FROM users WHERE username = 'admin'`)).rows[0]!.name;
    const before = await name();
    await s.db.query(`ALTER TABLE operation_records RENAME TO operation_records_away`);
    try {
      const res = await api(s.app, 'PUT', '/api/auth/me', {
        token: admin,
        body: { name: 'Renamed_Admin' },
        lang: 'de',
      });
      expect(res.status).toBe(503);
      expect(res.body.msg).toMatch(/nichts geändert/);
    } finally {
      await s.db.query(`ALTER TABLE operation_records_away RENAME TO operation_records`);
    }
    expect(await name()).toBe(before);
    // With the table back, the same change is saved and recorded.
    const res = await api(s.app, 'PUT', '/api/auth/me', { token: admin, body: { name: 'Renamed_Admin' } });
    expect(res.status).toBe(200);
    expect(await name()).toBe('Renamed_Admin');
    expect((await records()).find((r) => r.action === 'user.updateProfile')).toMatchObject({ ok: true });
  });
});

describe('hostile text and numbers are refused by the shared rule', () => {
  it.each([
    ['en', /NUL character/],
    ['zh', /空字符/],
    ['cs', /znak NUL/],
    ['de', /NUL-Zeichen/],
  ])('refuses a NUL byte in the login username (%s)', async (lang, message) => {
    const res = await api(s.app, 'POST', '/api/auth/login', {
      body: {
        username: 'adm\u0000in',
        password: encryptPassword(await publicKey(s.app), TEST_ADMIN_PASSWORD),
        captchaId: await captchaId(s.app),
        captchaCode: TEST_CAPTCHA_CODE,
      },
      lang,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(message);
  });

  it.each([
    ['profile remark', 'PUT', '/api/auth/me', { name: 'Admin_x', remark: 'a\u0000b' }],
    ['profile company', 'PUT', '/api/auth/me', { name: 'Admin_x', company: 'x\ud800y' }],
    ['plant address', 'POST', '/api/plants', { ...plantInput, address: 'Street \u0000 1' }],
    ['plant name', 'POST', '/api/plants', { ...plantInput, name: 'P\udfff' }],
    ['role name', 'POST', '/api/roles', { name: 'r\u0000', description: '', permissions: [] }],
  ] as const)('refuses hostile text in the %s with a localised 400', async (_what, method, url, body) => {
    const res = await api(s.app, method, url, { token: admin, body, lang: 'cs' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/znak NUL|neplatný znak Unicode/);
  });

  it.each(['1e-320', '-1e-320', '1e309', '-1e309', '1e300'])(
    "refuses %s as a plant's azimuth and inclination",
    async (n) => {
      for (const field of ['azimuthDeg', 'inclinationDeg']) {
        const payload = JSON.stringify({ ...plantInput, [field]: 0 }).replace(`"${field}":0`, `"${field}":${n}`);
        const res = await raw('POST', '/api/plants', payload, 'de');
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('validation');
        expect(res.body.msg).not.toMatch(/Serverfehler/);
      }
    },
  );

  it('takes -0 as 0', async () => {
    const payload = JSON.stringify({ ...plantInput, name: 'Minus_Zero', azimuthDeg: 0 }).replace(
      '"azimuthDeg":0',
      '"azimuthDeg":-0',
    );
    const res = await raw('POST', '/api/plants', payload);
    expect(res.status).toBe(200);
    expect(Object.is((res.body.data as { azimuthDeg: number }).azimuthDeg, 0)).toBe(true);
  });

  it('refuses a hostile query string and path', async () => {
    const q = await s.app.inject({
      method: 'GET',
      url: '/api/plants?q=%00',
      headers: { token: admin, 'accept-language': 'en' },
    });
    expect(q.statusCode).toBe(400);
    const p = await s.app.inject({
      method: 'GET',
      url: '/api/plants/%ED%A0%80',
      headers: { token: admin, 'accept-language': 'en' },
    });
    expect(p.statusCode).toBeLessThan(500);
  });
});
