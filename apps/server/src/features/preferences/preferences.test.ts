import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { defaultHiddenColumns, type TablePreferences } from '@voltfleet/domain/users';
import { type OperationRecord } from '@voltfleet/domain/records';
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
const ids: Record<string, number> = {};

// admin ─┬─ prefDealer ── prefOwner (a subordinate: still never sees or changes the dealer's choices)
//        └─ prefBare (a role with no module at all: choices are the user's own, not a permission)
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await makeUser(s.db, {
    username: 'prefDealer',
    roleId: await builtinRoleId(s.db, 'dealer'),
    superiorId: root,
  });
  const owner = await makeUser(s.db, {
    username: 'prefOwner',
    roleId: await builtinRoleId(s.db, 'personal'),
    superiorId: dealer.id,
    level: 3,
  });
  const bare = await makeUser(s.db, {
    username: 'prefBare',
    roleId: await makeRole(s.db, 'Bare', []),
    superiorId: root,
  });
  Object.assign(ids, { admin: root, prefDealer: dealer.id, prefOwner: owner.id, prefBare: bare.id });
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  for (const name of ['prefDealer', 'prefOwner', 'prefBare'])
    tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

const read = (who: string) => api<TablePreferences>(s.app, 'GET', '/api/preferences/tables', { token: tokens[who] });
const choose = (who: string, body: unknown, lang = 'en') =>
  api<TablePreferences>(s.app, 'PUT', '/api/preferences/tables', { token: tokens[who], body, lang });
const stored = async () =>
  (
    await s.db.query<{ user_id: number; table_id: string; hidden_columns: string[] }>(
      `SELECT user_id, table_id, hidden_columns FROM user_table_preferences ORDER BY user_id, table_id`,
    )
  ).rows;

describe('list column choices', () => {
  it('starts at the default (nothing stored) and stores a choice for the caller alone', async () => {
    expect((await read('prefDealer')).body.data).toEqual([]);
    const res = await choose('prefDealer', { table: 'plantList', hidden: ['ownerName', 'address'] });
    expect(res.status, res.body.msg).toBe(200);
    // Kept in the list's own column order.
    expect(res.body.data).toEqual([{ table: 'plantList', hidden: ['address', 'ownerName'] }]);
    expect((await read('prefDealer')).body.data).toEqual([{ table: 'plantList', hidden: ['address', 'ownerName'] }]);
    // Neither the dealer's subordinate nor the administrator above sees it: choices are per user, not per scope.
    expect((await read('prefOwner')).body.data).toEqual([]);
    expect((await read('admin')).body.data).toEqual([]);
  });

  it('gives a user with no module permission their own choices too', async () => {
    const res = await choose('prefBare', { table: 'userList', hidden: ['company'] });
    expect(res.status, res.body.msg).toBe(200);
    expect((await read('prefBare')).body.data).toEqual([{ table: 'userList', hidden: ['company'] }]);
  });

  it('replaces the earlier choice of a list, keeps other lists, and "reset to default" removes the row', async () => {
    await choose('prefOwner', { table: 'deviceList', hidden: ['model'] });
    await choose('prefOwner', { table: 'operationRecords', hidden: ['ip'] });
    await choose('prefOwner', { table: 'deviceList', hidden: ['batSocPct', 'loadPowerW'] });
    expect((await read('prefOwner')).body.data).toEqual([
      { table: 'deviceList', hidden: ['loadPowerW', 'batSocPct'] },
      { table: 'operationRecords', hidden: ['ip'] },
    ]);
    // Reset sends the list's default: the row goes, so a later change of the default reaches the user.
    const reset = await choose('prefOwner', { table: 'deviceList', hidden: defaultHiddenColumns('deviceList') });
    expect(reset.body.data).toEqual([{ table: 'operationRecords', hidden: ['ip'] }]);
    expect((await stored()).filter((r) => r.user_id === ids.prefOwner).map((r) => r.table_id)).toEqual([
      'operationRecords',
    ]);
  });

  it('stores "show every column" of a list that hides some by default, and forgets it at the default', async () => {
    const all = await choose('prefOwner', { table: 'alarmSearch', hidden: [] });
    expect(all.status, all.body.msg).toBe(200);
    expect((await read('prefOwner')).body.data).toContainEqual({ table: 'alarmSearch', hidden: [] });
    const back = await choose('prefOwner', { table: 'alarmSearch', hidden: ['duration', 'recoveredAt', 'lastSeenAt'] });
    expect(back.body.data).not.toContainEqual(expect.objectContaining({ table: 'alarmSearch' }));
    // A list without default-hidden columns stores nothing for "nothing hidden", as before.
    await choose('prefOwner', { table: 'roleList', hidden: [] });
    expect((await stored()).filter((r) => r.user_id === ids.prefOwner).map((r) => r.table_id)).toEqual([
      'operationRecords',
    ]);
  });

  it('cannot be aimed at another user: a user id in the body is refused, the path has none', async () => {
    const before = await stored();
    const res = await choose('prefOwner', { table: 'plantList', hidden: ['type'], userId: ids.prefDealer });
    expect(res.status).toBe(400);
    expect(await stored()).toEqual(before);
    expect((await read('prefDealer')).body.data).toEqual([{ table: 'plantList', hidden: ['address', 'ownerName'] }]);
  });

  it('needs a session', async () => {
    expect((await api(s.app, 'GET', '/api/preferences/tables')).status).toBe(401);
    expect(
      (await api(s.app, 'PUT', '/api/preferences/tables', { body: { table: 'plantList', hidden: [] } })).status,
    ).toBe(401);
  });

  it('records the change as an operation of the user', async () => {
    const res = await api<{ items: OperationRecord[] }>(
      s.app,
      'GET',
      '/api/records/operations?category=user&pageSize=200',
      { token: tokens.admin },
    );
    const mine = res.body.data.items.filter((r) => r.action === 'preferences.tables' && r.username === 'prefDealer');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ ok: true, objectType: 'user', objectId: String(ids.prefDealer) });
  });
});

describe('hostile and wrong choices: a localised 400, nothing changes', () => {
  test.each<[string, unknown]>([
    ['an unknown list', { table: 'sessions', hidden: [] }],
    ['a list name with SQL', { table: "plantList'; DROP TABLE users;--", hidden: [] }],
    ['an unknown column', { table: 'plantList', hidden: ['password_hash'] }],
    ['a column of another list', { table: 'plantList', hidden: ['ip'] }],
    ['a frozen key column', { table: 'plantList', hidden: ['name'] }],
    ['the frozen actions column', { table: 'roleList', hidden: ['actions'] }],
    ['a repeated column', { table: 'userList', hidden: ['email', 'email'] }],
    ['an object for a column', { table: 'userList', hidden: [{ $gt: '' }] }],
    ['a NUL in a column', { table: 'userList', hidden: ['email\u0000'] }],
    ['a huge list', { table: 'userList', hidden: Array.from({ length: 10_000 }, (_, i) => `c${i}`) }],
    ['a string for the list', { table: 'userList', hidden: 'email' }],
    ['no body fields', {}],
    ['an array body', [{ table: 'userList', hidden: [] }]],
  ])('%s', async (_, body) => {
    const before = await stored();
    for (const lang of ['en', 'de']) {
      const res = await choose('prefDealer', body, lang);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation');
      // Words, not a message key or zod's English.
      expect(res.body.msg).not.toMatch(/^(validation\.|Invalid|Unrecognized)/);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers in the caller’s language', async () => {
    const en = await choose('prefDealer', { table: 'plantList', hidden: ['name'] }, 'en');
    const de = await choose('prefDealer', { table: 'plantList', hidden: ['name'] }, 'de');
    const zh = await choose('prefDealer', { table: 'plantList', hidden: ['name'] }, 'zh');
    expect(new Set([en.body.msg, de.body.msg, zh.body.msg]).size).toBe(3);
  });

  it('drops stored columns the list no longer has instead of failing the read', async () => {
    await s.db.query(
      `INSERT INTO user_table_preferences (user_id, table_id, hidden_columns)
       VALUES ($1, 'roleList', ARRAY['gone', 'description']), ($1, 'retiredList', ARRAY['x'])`,
      [ids.prefBare!],
    );
    expect((await read('prefBare')).body.data).toEqual([
      { table: 'roleList', hidden: ['description'] },
      { table: 'userList', hidden: ['company'] },
    ]);
  });

  it('keeps a choice stored before the list hid columns by default: its user sees what they kept', async () => {
    // Stored when the plant list showed every column: this user hid the address only, and still does.
    await s.db.query(
      `INSERT INTO user_table_preferences (user_id, table_id, hidden_columns) VALUES ($1, 'plantList', ARRAY['address'])`,
      [ids.prefBare!],
    );
    expect((await read('prefBare')).body.data).toContainEqual({ table: 'plantList', hidden: ['address'] });
  });
});
