import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@voltfleet/domain/notices';
import type { OperationRecord } from '@voltfleet/domain/records';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { postMessages, type NewMessage } from './messages.service.js';

let s: TestServer;
const users = { a: 0, b: 0 };
const tokens = { admin: '', a: '', b: '' };

type Page = { items: Message[]; total: number; page: number; pageSize: number };

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  // A personal account holds no Alarm Center: its inbox works all the same.
  const personal = await builtinRoleId(s.db, 'personal');
  users.a = (await makeUser(s.db, { username: 'inboxA', roleId: personal, superiorId: root, level: 3 })).id;
  users.b = (await makeUser(s.db, { username: 'inboxB', roleId: personal, superiorId: root, level: 3 })).id;
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  tokens.a = await loginToken(s.app, 'inboxA', 'Passw0rd-1');
  tokens.b = await loginToken(s.app, 'inboxB', 'Passw0rd-1');
});
afterAll(() => s.close());

const alarmMessage = (userId: number, alarmId: number): NewMessage => ({
  userId,
  kind: 'alarm',
  event: 'raised',
  params: {
    alarmId,
    code: 'grid.voltageHigh',
    severity: 'major',
    plantName: 'Roof',
    deviceSn: 'VF1',
    at: '2026-03-03T22:30:00.000Z',
    timeZone: 'Europe/Prague',
  },
  link: `/alarmCenter/alarmSearch?alarm=${alarmId}`,
});
const commandMessage = (userId: number, commandId: number): NewMessage => ({
  userId,
  kind: 'command',
  event: 'failed',
  params: { commandId, deviceSn: 'VF1', commandKind: 'powerOn', state: 'failed', reason: null },
  link: '/deviceCenter/commandIssue',
});

const post = (messages: NewMessage[]) => s.db.transaction((tx) => postMessages(tx, messages));
const list = async (who: keyof typeof tokens, query = '') => {
  const res = await api<Page>(s.app, 'GET', `/api/messages${query}`, { token: tokens[who] });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const unread = async (who: keyof typeof tokens) =>
  (await api<{ count: number }>(s.app, 'GET', '/api/messages/unread-count', { token: tokens[who] })).body.data.count;
const idsOf = async (who: keyof typeof tokens, query = '?pageSize=200') =>
  (await list(who, query)).items.map((m) => m.id);

beforeEach(async () => {
  await s.db.query(`DELETE FROM messages`);
});

describe('who may use the inbox', () => {
  it.each([
    ['GET', '/api/messages'],
    ['GET', '/api/messages/unread-count'],
    ['POST', '/api/messages/read'],
    ['POST', '/api/messages/read-all'],
    ['POST', '/api/messages/delete'],
  ] as const)('refuses %s %s without a session', async (method, url) => {
    const res = await api(s.app, method, url, { body: method === 'POST' ? { ids: [1] } : undefined, lang: 'de' });
    expect(res.status).toBe(401);
  });

  it('gives every user their own messages only, whatever their role', async () => {
    await post([alarmMessage(users.a, 1), commandMessage(users.a, 2), alarmMessage(users.b, 3)]);
    expect((await list('a')).total).toBe(2);
    expect((await list('b')).items.map((m) => m.params.alarmId)).toEqual([3]);
    expect((await list('admin')).total).toBe(0);
    expect(await unread('a')).toBe(2);
    expect(await unread('b')).toBe(1);
  });

  it.each(['read', 'delete'] as const)(
    'answers 404 to %s of another user’s message and touches nothing (not even the caller’s own in the same call)',
    async (action) => {
      await post([alarmMessage(users.a, 1), alarmMessage(users.b, 2)]);
      const [mine] = await idsOf('b');
      const [theirs] = await idsOf('a');
      for (const ids of [[theirs!], [mine!, theirs!], [999_999_999]]) {
        const res = await api(s.app, 'POST', `/api/messages/${action}`, { token: tokens.b, body: { ids }, lang: 'cs' });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
      expect(await unread('a')).toBe(1);
      expect(await unread('b')).toBe(1);
      expect(await idsOf('a')).toEqual([theirs]);
    },
  );

  it('marks all read for the caller only', async () => {
    await post([alarmMessage(users.a, 1), alarmMessage(users.b, 2)]);
    const res = await api<{ changed: number }>(s.app, 'POST', '/api/messages/read-all', {
      token: tokens.b,
      body: {},
      lang: 'de',
    });
    expect(res.body.msg).toBe('Geleert');
    expect(res.body.data.changed).toBe(1);
    expect(await unread('b')).toBe(0);
    expect(await unread('a')).toBe(1);
  });
});

describe('the list', () => {
  it('lists newest first, paged, with the total', async () => {
    await post([1, 2, 3, 4, 5].map((n) => alarmMessage(users.a, n)));
    // Same statement, same time: the id breaks the tie, newest (highest) first.
    const first = await list('a', '?page=1&pageSize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((m) => m.params.alarmId)).toEqual([5, 4]);
    const last = await list('a', '?page=3&pageSize=2');
    expect(last.items.map((m) => m.params.alarmId)).toEqual([1]);
    expect(last.items[0]).toMatchObject({
      kind: 'alarm',
      event: 'raised',
      link: '/alarmCenter/alarmSearch?alarm=1',
      readAt: null,
      params: { code: 'grid.voltageHigh', timeZone: 'Europe/Prague' },
    });
  });

  it('filters by kind, read state and time range', async () => {
    await post([alarmMessage(users.a, 1), commandMessage(users.a, 2), commandMessage(users.a, 3)]);
    const [c3, c2, a1] = await idsOf('a');
    await s.db.query(`UPDATE messages SET created_at = '2026-01-10T12:00:00Z' WHERE id = $1`, [a1!]);
    await s.db.query(`UPDATE messages SET created_at = '2026-02-10T12:00:00Z' WHERE id = $1`, [c2!]);
    await api(s.app, 'POST', '/api/messages/read', { token: tokens.a, body: { ids: [c2] } });

    const cases: [string, (number | undefined)[]][] = [
      ['?kind=command', [c3, c2]],
      ['?kind=alarm', [a1]],
      ['?read=unread', [c3, a1]],
      ['?read=read', [c2]],
      ['?kind=command&read=unread', [c3]],
      [`?from=${encodeURIComponent('2026-02-01T00:00:00+01:00')}`, [c3, c2]],
      [`?to=${encodeURIComponent('2026-02-10T12:00:00Z')}`, [a1]],
      ['?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z', [c2, a1]],
    ];
    for (const [query, expected] of cases) expect(await idsOf('a', query), query).toEqual(expected);
  });

  it.each([
    ['?kind=email', 'de', 'kind'],
    ['?read=maybe', 'en', 'read'],
    ['?from=yesterday', 'cs', 'from'],
    ['?from=2026-03-01T00:00:00Z&to=2026-02-01T00:00:00Z', 'zh', 'to'],
    ['?pageSize=1000', 'en', 'pageSize'],
    ['?page=1e309', 'en', 'page'],
  ])('refuses %s with a localised 400', async (query, lang, field) => {
    const res = await api<{ issues: { path: string; message: string }[] }>(s.app, 'GET', `/api/messages${query}`, {
      token: tokens.a,
      lang,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.data.issues.map((i) => i.path)).toContain(field);
  });
});

describe('mark read, mark all read, delete', () => {
  it('marks chosen messages read, keeps the first read time, and counts down', async () => {
    await post([1, 2, 3].map((n) => alarmMessage(users.a, n)));
    const [m3, m2] = await idsOf('a');
    const res = await api<{ changed: number }>(s.app, 'POST', '/api/messages/read', {
      token: tokens.a,
      body: { ids: [m3, m2, m3] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.changed).toBe(2);
    expect(await unread('a')).toBe(1);
    const readAt = (await list('a', '?read=read')).items.map((m) => m.readAt);
    const again = await api<{ changed: number }>(s.app, 'POST', '/api/messages/read', {
      token: tokens.a,
      body: { ids: [m3] },
    });
    expect(again.body.data.changed).toBe(0);
    expect((await list('a', '?read=read')).items.map((m) => m.readAt)).toEqual(readAt);
  });

  it('marks all of one kind read', async () => {
    await post([alarmMessage(users.a, 1), commandMessage(users.a, 2)]);
    const res = await api<{ changed: number }>(s.app, 'POST', '/api/messages/read-all', {
      token: tokens.a,
      body: { kind: 'command' },
    });
    expect(res.body.data.changed).toBe(1);
    expect((await list('a', '?read=unread')).items.map((m) => m.kind)).toEqual(['alarm']);
  });

  it('deletes chosen messages, in the caller language, and the count follows', async () => {
    await post([1, 2].map((n) => alarmMessage(users.a, n)));
    const [m2, m1] = await idsOf('a');
    const res = await api<{ changed: number }>(s.app, 'POST', '/api/messages/delete', {
      token: tokens.a,
      body: { ids: [m2] },
      lang: 'de',
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Gelöscht');
    expect(res.body.data.changed).toBe(1);
    expect(await idsOf('a')).toEqual([m1]);
    expect(await unread('a')).toBe(1);
  });

  it('records each change in the operation records', async () => {
    await post([alarmMessage(users.a, 1)]);
    const [id] = await idsOf('a');
    await api(s.app, 'POST', '/api/messages/read', { token: tokens.a, body: { ids: [id] } });
    await api(s.app, 'POST', '/api/messages/delete', { token: tokens.a, body: { ids: [id] } });
    const res = await api<{ items: OperationRecord[] }>(
      s.app,
      'GET',
      '/api/records/operations?category=system&pageSize=200',
      { token: tokens.admin },
    );
    const mine = res.body.data.items.filter((r) => r.username === 'inboxA' && r.action.startsWith('message.'));
    expect(mine.map((r) => [r.action, r.ok])).toEqual(
      expect.arrayContaining([
        ['message.read', true],
        ['message.delete', true],
      ]),
    );
    expect(mine.find((r) => r.action === 'message.delete')?.params).toMatchObject({ ids: [id] });
  });
});

describe('hostile input', () => {
  /** A raw JSON text as the body (JSON.stringify cannot write 1e309 or a lone surrogate escape as sent). */
  const raw = async (url: string, payload: string, lang = 'en') => {
    const res = await s.app.inject({
      method: 'POST',
      url,
      headers: { token: tokens.a, 'accept-language': lang, 'content-type': 'application/json' },
      payload,
    });
    return { status: res.statusCode, body: res.json<{ code: string; msg: string }>() };
  };

  it.each([
    ['1e309', '/api/messages/read', '{"ids":[1e309]}'],
    ['a fraction', '/api/messages/read', '{"ids":[1.5]}'],
    ['a negative id', '/api/messages/read', '{"ids":[-1]}'],
    ['no ids', '/api/messages/read', '{"ids":[]}'],
    ['201 ids', '/api/messages/read', `{"ids":[${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}]}`],
    ['100 000 ids', '/api/messages/read', `{"ids":[${Array.from({ length: 100_000 }, () => 1).join(',')}]}`],
    ['an id as text', '/api/messages/delete', '{"ids":["1"]}'],
    ['a NUL in a key', '/api/messages/delete', '{"ids":[1],"x\\u0000":1}'],
    ['an array body', '/api/messages/delete', '[1,2]'],
    ['a NUL in a value', '/api/messages/read-all', '{"kind":"al\\u0000arm"}'],
    ['a lone surrogate', '/api/messages/read-all', '{"kind":"\\ud800"}'],
  ])('refuses %s (%s) with a localised 400', async (_what, url, payload) => {
    for (const lang of ['zh', 'cs'] as const) {
      const res = await raw(url, payload, lang);
      expect(res.status, payload.slice(0, 40)).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.msg).not.toMatch(/[a-z]+\.[a-z]+/i);
    }
  });

  it('refuses a lone surrogate or NUL in the query', async () => {
    for (const query of ['?kind=%00', '?from=%ED%A0%80']) {
      const res = await api(s.app, 'GET', `/api/messages${query}`, { token: tokens.a, lang: 'de' });
      expect(res.status).toBe(400);
    }
  });
});
