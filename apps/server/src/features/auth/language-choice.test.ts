import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@voltfleet/domain/auth';
import type { OperationRecord } from '@voltfleet/domain/records';
import type { User } from '@voltfleet/domain/users';
import {
  TEST_ADMIN_PASSWORD,
  api,
  loginToken,
  startTestServer,
  tryLogin,
  type TestServer,
} from '../../test/harness.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => s.close());

const me = async (lang: string) => (await api<Me>(s.app, 'GET', '/api/auth/me', { token: admin, lang })).body.data.user;
const stored = async () =>
  (
    await s.db.query<{ language: string; language_chosen: boolean }>(
      `SELECT language, language_chosen FROM users WHERE username = 'admin'`,
    )
  ).rows[0];

describe("the account's language", () => {
  it('follows the UI of the latest session until a choice, then stays chosen on every browser and at login', async () => {
    expect(await me('de')).toMatchObject({ language: 'de', languageChosen: false });
    expect(await stored()).toEqual({ language: 'de', language_chosen: false });
    expect(await me('zh')).toMatchObject({ language: 'zh', languageChosen: false });
    // The same language again: answered from the row as read, nothing to write.
    expect(await me('zh')).toMatchObject({ language: 'zh', languageChosen: false });
    expect(await stored()).toEqual({ language: 'zh', language_chosen: false });

    const chosen = await api<User>(s.app, 'PUT', '/api/auth/me/language', {
      token: admin,
      lang: 'zh',
      body: { language: 'cs' },
    });
    expect(chosen.status).toBe(200);
    // The answer is in the chosen language (the built-in role's name included).
    expect(chosen.body.data).toMatchObject({
      language: 'cs',
      languageChosen: true,
      roleName: 'Provozovatel platformy',
    });

    // Another browser in German neither overwrites the choice nor is told anything else at login.
    expect(await me('de')).toMatchObject({ language: 'cs', languageChosen: true });
    const login = await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD, { lang: 'de' });
    expect(login.body.data.user).toMatchObject({ language: 'cs', languageChosen: true });
    expect(await stored()).toEqual({ language: 'cs', language_chosen: true });

    const records = await api<{ items: OperationRecord[] }>(s.app, 'GET', '/api/records/operations?pageSize=50', {
      token: admin,
    });
    expect(records.body.data.items.find((r) => r.action === 'user.chooseLanguage')).toMatchObject({ ok: true });
  });

  it.each([
    ['an unknown language', { language: 'xx' }],
    ['a language tag', { language: 'cs-CZ' }],
    ['an array', [{ language: 'de' }]],
    ['an array as the language', { language: ['de'] }],
    ['no language', {}],
    ['an extra field', { language: 'de', languageChosen: false }],
    ['a NUL byte', { language: 'de\u0000' }],
    ['a lone surrogate', { language: '\ud800' }],
    ['a million characters', { language: 'd'.repeat(1_000_000) }],
  ])('refuses %s with a 400 in the caller’s language and keeps the choice', async (_what, body) => {
    const before = await stored();
    const res = await api(s.app, 'PUT', '/api/auth/me/language', { token: admin, lang: 'de', body });
    expect(res.status).toBe(400);
    expect(res.body.code).not.toBe('ok');
    expect(res.body.msg).not.toMatch(/invalid|expected|required/i);
    expect(await stored()).toEqual(before);
  });

  it('needs a session', async () => {
    const res = await api(s.app, 'PUT', '/api/auth/me/language', { body: { language: 'de' } });
    expect(res.status).toBe(401);
  });
});
