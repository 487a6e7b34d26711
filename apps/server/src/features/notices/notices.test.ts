import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice, NoticeInput } from '@voltfleet/domain/notices';
import type { OperationRecord } from '@voltfleet/domain/records';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

let s: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  // A dealer holds System Management but not E:notice.publish (the built-in operator alone has it).
  const dealer = await makeUser(s.db, {
    username: 'noticeDealer',
    roleId: await builtinRoleId(s.db, 'dealer'),
    superiorId: root,
  });
  const owner = await builtinRoleId(s.db, 'personal');
  await makeUser(s.db, { username: 'ownerOne', roleId: owner, superiorId: dealer.id, level: 3 });
  await makeUser(s.db, { username: 'ownerTwo', roleId: owner, superiorId: dealer.id, level: 3 });
  // A custom role with System Management and every role function, still without the notice function.
  const roleAdmin = await makeRole(s.db, 'RoleAdmin', ['E', 'E:role.add', 'E:role.edit', 'E:role.delete']);
  await makeUser(s.db, { username: 'roleAdmin', roleId: roleAdmin, superiorId: root });
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  for (const name of ['noticeDealer', 'ownerOne', 'ownerTwo', 'roleAdmin'])
    tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

const words = (lang: string, version: string) => ({
  title: `Voltfleet ${version} (${lang})`,
  body: `New in ${version}:\n<b>not HTML</b> & more (${lang})`,
});
const input = (version: string): NoticeInput => ({
  version,
  date: '2026-11-26',
  texts: { zh: words('zh', version), en: words('en', version), cs: words('cs', version), de: words('de', version) },
});

async function publish(version: string): Promise<Notice> {
  const res = await api<Notice>(s.app, 'POST', '/api/notices', { token: tokens.admin, body: input(version) });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
}
const unseen = async (who: string) =>
  (await api<Notice[]>(s.app, 'GET', '/api/notices/unseen', { token: tokens[who] })).body.data.map((n) => n.id);

async function records(action: string): Promise<OperationRecord[]> {
  const res = await api<{ items: OperationRecord[] }>(
    s.app,
    'GET',
    '/api/records/operations?category=system&pageSize=200',
    { token: tokens.admin },
  );
  expect(res.status).toBe(200);
  return res.body.data.items.filter((r) => r.action === action);
}

describe('who may read and publish', () => {
  it.each([
    ['GET', '/api/notices/unseen'],
    ['GET', '/api/notices'],
    ['POST', '/api/notices/1/dismiss'],
  ] as const)('refuses %s %s without a session', async (method, url) => {
    const res = await api(s.app, method, url, { lang: 'de' });
    expect(res.status).toBe(401);
  });

  it.each(['noticeDealer', 'roleAdmin', 'ownerOne'])(
    'refuses publishing to %s (403), and records the refusal',
    async (who) => {
      const before = (await records('notice.publish')).length;
      const res = await api(s.app, 'POST', '/api/notices', { token: tokens[who], body: input('9.9.9'), lang: 'zh' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
      const after = await records('notice.publish');
      expect(after.length).toBe(before + 1);
      expect(after[0]).toMatchObject({ ok: false, username: who });
      expect(
        (await api<{ total: number }>(s.app, 'GET', '/api/notices', { token: tokens.admin })).body.data.total,
      ).toBe(0);
    },
  );

  it('refuses withdrawing to a user without the permission', async () => {
    const notice = await publish('1.0.0');
    const res = await api(s.app, 'DELETE', `/api/notices/${notice.id}`, { token: tokens.noticeDealer });
    expect(res.status).toBe(403);
    expect(await unseen('ownerOne')).toContain(notice.id);
    await api(s.app, 'DELETE', `/api/notices/${notice.id}`, { token: tokens.admin });
  });
});

describe('publishing, seeing once, dismissing, withdrawing', () => {
  let notice: Notice;

  it('publishes a notice in all four languages, kept as plain text, and records it', async () => {
    const res = await api<Notice>(s.app, 'POST', '/api/notices', {
      token: tokens.admin,
      body: input('2.4.0'),
      lang: 'de',
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Hinzugefügt');
    notice = res.body.data;
    expect(notice).toMatchObject({ version: '2.4.0', date: '2026-11-26', texts: input('2.4.0').texts });
    expect(notice.texts.en.body).toContain('<b>not HTML</b> & more');
    const [record] = await records('notice.publish');
    expect(record).toMatchObject({ ok: true, username: 'admin', objectType: 'notice', objectId: String(notice.id) });
    expect(record?.params).toMatchObject({ version: '2.4.0' });
  });

  it('shows it to every user until they dismiss it, and dismissal holds in a new session', async () => {
    expect(await unseen('ownerOne')).toEqual([notice.id]);
    expect(await unseen('ownerTwo')).toEqual([notice.id]);
    // Still unseen on the next login: closing the page is not dismissing.
    tokens.ownerOne = await loginToken(s.app, 'ownerOne', 'Passw0rd-1');
    expect(await unseen('ownerOne')).toEqual([notice.id]);

    const res = await api(s.app, 'POST', `/api/notices/${notice.id}/dismiss`, { token: tokens.ownerOne, lang: 'cs' });
    expect(res.status).toBe(200);
    expect(await unseen('ownerOne')).toEqual([]);
    // Another browser (a new session) sees the same: the dismissal is stored on the server.
    tokens.ownerOne = await loginToken(s.app, 'ownerOne', 'Passw0rd-1');
    expect(await unseen('ownerOne')).toEqual([]);
    // Dismissing twice changes nothing; the other user still has it.
    expect((await api(s.app, 'POST', `/api/notices/${notice.id}/dismiss`, { token: tokens.ownerOne })).status).toBe(
      200,
    );
    expect(await unseen('ownerTwo')).toEqual([notice.id]);
    expect((await records('notice.dismiss')).some((r) => r.username === 'ownerOne' && r.ok)).toBe(true);
  });

  it('keeps past notices readable to everyone, newest first and paged', async () => {
    const newer = await publish('2.5.0');
    const page1 = await api<{ items: Notice[]; total: number; page: number; pageSize: number }>(
      s.app,
      'GET',
      '/api/notices?page=1&pageSize=1',
      { token: tokens.ownerOne },
    );
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page1.body.data.items.map((n) => n.id)).toEqual([newer.id]);
    const page2 = await api<{ items: Notice[] }>(s.app, 'GET', '/api/notices?page=2&pageSize=1', {
      token: tokens.ownerOne,
    });
    expect(page2.body.data.items.map((n) => n.id)).toEqual([notice.id]);
    // The dismissed notice is still in the list, and only the new one is unseen.
    expect(await unseen('ownerOne')).toEqual([newer.id]);
    expect(await unseen('ownerTwo')).toEqual([newer.id, notice.id]);
  });

  it('withdraws a notice: gone for everyone, recorded, and a second withdrawal or a dismissal is 404', async () => {
    const res = await api(s.app, 'DELETE', `/api/notices/${notice.id}`, { token: tokens.admin, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Deleted');
    expect(await unseen('ownerTwo')).not.toContain(notice.id);
    const list = await api<{ items: Notice[] }>(s.app, 'GET', '/api/notices', { token: tokens.ownerTwo });
    expect(list.body.data.items.map((n) => n.id)).not.toContain(notice.id);
    expect((await records('notice.withdraw'))[0]).toMatchObject({ ok: true, objectId: String(notice.id) });

    const again = await api(s.app, 'DELETE', `/api/notices/${notice.id}`, { token: tokens.admin, lang: 'de' });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('not_found');
    const dismiss = await api(s.app, 'POST', `/api/notices/${notice.id}/dismiss`, { token: tokens.ownerTwo });
    expect(dismiss.status).toBe(404);
  });
});

describe('validation (localised 400s)', () => {
  const post = (body: unknown, lang = 'en') => api(s.app, 'POST', '/api/notices', { token: tokens.admin, body, lang });
  /** A request with a raw JSON text as its body (JSON.stringify cannot write 1e309). */
  const raw = async (payload: string, lang = 'en') => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/notices',
      headers: { token: tokens.admin, 'accept-language': lang, 'content-type': 'application/json' },
      payload,
    });
    return { status: res.statusCode, body: res.json<{ code: string; msg: string }>() };
  };
  const withText = (lang: 'zh' | 'en' | 'cs' | 'de', part: 'title' | 'body', value: unknown) => {
    const body = input('3.0.0') as unknown as { texts: Record<string, Record<string, unknown>> };
    body.texts[lang]![part] = value;
    return body;
  };

  it.each([
    [
      'a missing language',
      (() => {
        const body = input('3.0.0') as unknown as { texts: Record<string, unknown> };
        delete body.texts.cs;
        return body;
      })(),
      'zh',
      /必填|不能为空|请/,
    ],
    ['a title over 120 characters', withText('en', 'title', 'T'.repeat(121)), 'cs', /120/],
    ['a body over 4000 characters', withText('de', 'body', 'B'.repeat(4001)), 'de', /4000/],
    ['a bad version', { ...input('3.0.0'), version: '3.0' }, 'de', /x\.y\.z/],
    ['an impossible date', { ...input('3.0.0'), date: '2026-02-30' }, 'en', /not valid/],
    ['a NUL byte in a title', withText('zh', 'title', 'a\u0000b'), 'cs', /znak NUL/],
    ['a lone surrogate in a body', withText('cs', 'body', 'x\ud800y'), 'de', /Unicode/],
    ['a string of a million characters', withText('en', 'body', 'x'.repeat(1_000_000)), 'en', /4000/],
    ['an array where the texts belong', { ...input('3.0.0'), texts: [] }, 'en', /.+/],
    ['an array as the whole body', [input('3.0.0')], 'en', /.+/],
    ['an unknown field', { ...input('3.0.0'), html: '<b>' }, 'en', /html/],
  ])('refuses %s', async (_what, body, lang, message) => {
    const res = await post(body, lang);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.msg).toMatch(message);
  });

  it('refuses 1e309 as the version', async () => {
    const res = await raw(JSON.stringify(input('3.0.0')).replace('"version":"3.0.0"', '"version":1e309'), 'de');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.msg).not.toMatch(/Serverfehler/);
  });

  it('refuses a body beyond the 1 MiB request limit with a localised answer', async () => {
    const res = await raw(JSON.stringify(withText('en', 'body', 'x'.repeat(1024 * 1024))), 'cs');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('validation');
  });

  it.each(['%00', '0', '-1', 'abc', '99999999999'])('refuses %s as a notice id', async (id) => {
    const res = await api(s.app, 'POST', `/api/notices/${id}/dismiss`, { token: tokens.ownerOne });
    expect(res.status).toBe(400);
  });

  it('stored nothing from the refused requests', async () => {
    const list = await api<{ items: Notice[] }>(s.app, 'GET', '/api/notices?pageSize=200', { token: tokens.admin });
    expect(list.body.data.items.map((n) => n.version)).not.toContain('3.0.0');
  });
});

describe('accounts made later', () => {
  it('does not greet an account made after a notice with it, though its list has it', async () => {
    const before = await publish('4.1.0');
    const root = await adminId(s.db);
    const owner = await builtinRoleId(s.db, 'personal');
    await makeUser(s.db, { username: 'ownerLate', roleId: owner, superiorId: root, level: 3 });
    tokens.ownerLate = await loginToken(s.app, 'ownerLate', 'Passw0rd-1');
    expect(await unseen('ownerLate')).not.toContain(before.id);
    const after = await publish('4.1.1');
    expect(await unseen('ownerLate')).toContain(after.id);
    const list = await api<{ items: Notice[] }>(s.app, 'GET', '/api/notices?page=1&pageSize=50', {
      token: tokens.ownerLate,
    });
    expect(list.body.data.items.map((n) => n.id)).toContain(before.id);
  });
});
