import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@voltfleet/domain/users';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  encryptPassword,
  loginToken,
  makeRole,
  makeUser,
  publicKey,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

let s: TestServer;
const ids = { dealerA: 0, dealerB: 0, installerA: 0, ownerB: 0 };
const tokens: Record<string, string> = {};

// admin ─┬─ dealerA ── installerA
//        └─ dealerB ── ownerB        (dealerA and dealerB are different branches)
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const personal = await builtinRoleId(s.db, 'personal');
  const listOnly = await makeRole(s.db, 'UserListOnly', ['D', 'D/A'], root);
  ids.dealerA = (await makeUser(s.db, { username: 'dealerA', roleId: dealer, superiorId: root, level: 1 })).id;
  ids.dealerB = (await makeUser(s.db, { username: 'dealerB', roleId: dealer, superiorId: root, level: 1 })).id;
  ids.installerA = (
    await makeUser(s.db, { username: 'installerA', roleId: listOnly, superiorId: ids.dealerA, level: 2 })
  ).id;
  ids.ownerB = (await makeUser(s.db, { username: 'ownerB', roleId: personal, superiorId: ids.dealerB, level: 3 })).id;
  for (const name of ['dealerA', 'dealerB', 'installerA']) tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

describe('data scope', () => {
  it('lists only the caller’s subordinates, the whole subtree', async () => {
    const res = await api<{ items: User[]; total: number }>(s.app, 'GET', '/api/users', { token: tokens.dealerA });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((u) => u.username)).toEqual(['installerA']);
    const admin = await loginToken(s.app, 'admin', (await import('../../test/harness.js')).TEST_ADMIN_PASSWORD);
    const all = await api<{ items: User[]; total: number }>(s.app, 'GET', '/api/users?pageSize=2', { token: admin });
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.items).toHaveLength(2);
  });

  it('answers 404 for a user of another branch, on read, change and delete alike', async () => {
    const read = await api(s.app, 'GET', `/api/users/${ids.ownerB}`, { token: tokens.dealerA });
    expect(read.status).toBe(404);
    const missing = await api(s.app, 'GET', `/api/users/999999`, { token: tokens.dealerA });
    expect(read.body).toEqual(missing.body);
    const change = await api(s.app, 'PUT', `/api/users/${ids.ownerB}`, {
      token: tokens.dealerA,
      body: { name: 'hijack', roleId: await builtinRoleId(s.db, 'personal'), level: 3 },
    });
    expect(change.status).toBe(404);
    const del = await api(s.app, 'DELETE', `/api/users/${ids.ownerB}`, { token: tokens.dealerA });
    expect(del.status).toBe(404);
    const still = await s.db.query<{ name: string }>(`SELECT name FROM users WHERE id = $1`, [ids.ownerB]);
    expect(still.rows[0]!.name).toBe('ownerB');
  });

  it('refuses to hang a new user below someone outside the subtree', async () => {
    const key = await publicKey(s.app);
    const res = await api<{ issues: { path: string }[] }>(s.app, 'POST', '/api/users', {
      token: tokens.dealerA,
      body: {
        username: 'sneaky',
        password: encryptPassword(key, 'Passw0rd-9'),
        name: 'sneaky',
        roleId: await builtinRoleId(s.db, 'personal'),
        level: 3,
        superiorId: ids.dealerB,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]!.path).toBe('superiorId');
  });
});

describe('function permissions', () => {
  it('answers 403 when the role lacks the function permission, and writes nothing', async () => {
    const key = await publicKey(s.app);
    const res = await api(s.app, 'POST', '/api/users', {
      token: tokens.installerA,
      body: { username: 'nope1', password: encryptPassword(key, 'Passw0rd-9'), name: 'nope', roleId: 1, level: 3 },
      lang: 'de',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(res.body.msg).toBe('Sie haben keine Berechtigung dafür');
    expect((await s.db.query(`SELECT 1 FROM users WHERE username = 'nope1'`)).rows).toHaveLength(0);
  });

  it('answers 403 for a module the role does not hold', async () => {
    const res = await api(s.app, 'GET', '/api/roles', { token: tokens.installerA });
    expect(res.status).toBe(403);
  });
});

describe('creating, changing and deleting users', () => {
  it('creates a subordinate with an encrypted password, a split phone and a code', async () => {
    const key = await publicKey(s.app);
    const res = await api<User>(s.app, 'POST', '/api/users', {
      token: tokens.dealerA,
      body: {
        username: 'newOwner',
        password: encryptPassword(key, 'Owner-pass1'),
        name: '王小明',
        email: 'owner@example.com',
        prePhoneCode: '+86',
        phone: '13812345678',
        roleId: await builtinRoleId(s.db, 'personal'),
        level: 3,
        superiorId: ids.installerA,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'newOwner',
      prePhoneCode: '+86',
      phone: '13812345678',
      superiorId: ids.installerA,
      level: 3,
    });
    expect(res.body.data.code).toMatch(/^U\d{6}$/);
    const stored = await s.db.query<{ phone: string; path: string }>(
      `SELECT phone, path FROM users WHERE username = 'newOwner'`,
    );
    expect(stored.rows[0]!.phone).toBe('+86-13812345678');
    expect(stored.rows[0]!.path).toMatch(new RegExp(`/${ids.dealerA}/${ids.installerA}/\\d+/$`));
    expect((await loginToken(s.app, 'newOwner', 'Owner-pass1')).length).toBeGreaterThan(20);
  });

  it('rejects a bad phone, a duplicate username and a level above the caller', async () => {
    const key = await publicKey(s.app);
    const base = {
      password: encryptPassword(key, 'Owner-pass1'),
      name: 'x',
      roleId: await builtinRoleId(s.db, 'personal'),
      level: 3,
    };
    const phone = await api<{ issues: { path: string; message: string }[] }>(s.app, 'POST', '/api/users', {
      token: tokens.dealerA,
      body: { ...base, username: 'badphone', phone: '12345' },
    });
    expect(phone.status).toBe(400);
    expect(phone.body.data.issues).toContainEqual({ path: 'phone', message: 'Please enter a valid mobile number' });
    const dup = await api(s.app, 'POST', '/api/users', {
      token: tokens.dealerA,
      body: { ...base, password: encryptPassword(key, 'Owner-pass1'), username: 'DEALERB' },
    });
    expect(dup.status).toBe(409);
    const high = await api(s.app, 'POST', '/api/users', {
      token: tokens.dealerA,
      body: { ...base, password: encryptPassword(key, 'Owner-pass1'), username: 'boss', level: 0 },
    });
    expect(high.status).toBe(400);
  });

  // A person's name as people write it (issue 36, decision 0026); what could break a page, a file or a mail is refused.
  it.each(['Jan Novák', 'Anna Müller', "Seán O'Brien", 'Anne-Marie Lefèvre', 'J. R. Smith'])(
    'creates a user named %s and stores the name as typed',
    async (name) => {
      const key = await publicKey(s.app);
      const username = `p${Buffer.from(name).toString('hex').slice(0, 20)}`;
      const res = await api<User>(s.app, 'POST', '/api/users', {
        token: tokens.dealerA,
        body: {
          username,
          password: encryptPassword(key, 'Owner-pass1'),
          name,
          roleId: await builtinRoleId(s.db, 'personal'),
          level: 3,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe(name);
      const stored = await s.db.query<{ name: string }>('SELECT name FROM users WHERE username = $1', [username]);
      expect(stored.rows[0]?.name).toBe(name);
    },
  );

  it.each([
    ['a tab', 'Jan\tNovák', 'de', 'Ein Name darf Buchstaben'],
    // A NUL byte is refused before any field rule, with its own message (hostile input, every text field).
    ['a NUL byte', 'Jan\u0000', 'cs', 'Text nesmí obsahovat znak NUL'],
    ['two spaces', 'Jan  Novák', 'zh', '姓名只能包含文字'],
    ['markup', '<b>Jan</b>', 'en', 'A name may contain letters'],
  ])('refuses a name with %s in the caller’s language and creates no one', async (_label, name, lang, message) => {
    const key = await publicKey(s.app);
    const before = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    const res = await api<{ issues: { path: string; message: string }[] }>(s.app, 'POST', '/api/users', {
      token: tokens.dealerA,
      lang,
      body: {
        username: 'refusedName',
        password: encryptPassword(key, 'Owner-pass1'),
        name,
        roleId: await builtinRoleId(s.db, 'personal'),
        level: 3,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.issues).toContainEqual({ path: 'name', message: expect.stringContaining(message) });
    const after = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('refuses to give a role that grants more than the caller holds', async () => {
    const key = await publicKey(s.app);
    const res = await api(s.app, 'POST', '/api/users', {
      token: tokens.dealerA,
      body: {
        username: 'op2',
        password: encryptPassword(key, 'Owner-pass1'),
        name: 'op',
        roleId: await builtinRoleId(s.db, 'operator'),
        level: 1,
      },
    });
    expect(res.status).toBe(403);
  });

  it('disabling a user ends their sessions', async () => {
    const ownerToken = await loginToken(s.app, 'newOwner', 'Owner-pass1');
    const owner = (await s.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'newOwner'`)).rows[0]!.id;
    const res = await api(s.app, 'PUT', `/api/users/${owner}`, {
      token: tokens.dealerA,
      body: { name: 'owner', roleId: await builtinRoleId(s.db, 'personal'), level: 3, enabled: false },
    });
    expect(res.status).toBe(200);
    expect((await api(s.app, 'GET', '/api/auth/me', { token: ownerToken })).status).toBe(401);
  });
});

describe('mass assignment', () => {
  it('a user cannot set their own role, level or superior through the profile', async () => {
    const before = (
      await s.db.query(`SELECT role_id, level, superior_id, path FROM users WHERE id = $1`, [ids.installerA])
    ).rows[0];
    const res = await api<{ issues: { path: string; message: string }[] }>(s.app, 'PUT', '/api/auth/me', {
      token: tokens.installerA,
      body: { name: 'installer', roleId: await builtinRoleId(s.db, 'operator'), level: 0, superiorId: null },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]!.message).toMatch(/roleId, level, superiorId/);
    const after = (
      await s.db.query(`SELECT role_id, level, superior_id, path FROM users WHERE id = $1`, [ids.installerA])
    ).rows[0];
    expect(after).toEqual(before);
  });

  it('a user cannot change their own account through the user list either', async () => {
    const res = await api(s.app, 'PUT', `/api/users/${ids.dealerA}`, {
      token: tokens.dealerA,
      body: { name: 'me', roleId: await builtinRoleId(s.db, 'operator'), level: 0 },
    });
    expect(res.status).toBe(403);
  });

  it('the profile update changes only the profile fields', async () => {
    const res = await api<User>(s.app, 'PUT', '/api/auth/me', {
      token: tokens.installerA,
      body: {
        name: 'Installer_A',
        email: 'a@example.org',
        prePhoneCode: '+31',
        phone: '612345678',
        company: 'Sun GmbH',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Installer_A', prePhoneCode: '+31', phone: '612345678', level: 2 });
  });
});

describe('moving users', () => {
  it('moves a user with their subtree, and refuses to move a user below their own subordinate', async () => {
    const admin = await loginToken(s.app, 'admin', (await import('../../test/harness.js')).TEST_ADMIN_PASSWORD);
    const roleId = (await s.db.query<{ role_id: number }>(`SELECT role_id FROM users WHERE id = $1`, [ids.dealerA]))
      .rows[0]!.role_id;
    const cycle = await api(s.app, 'PUT', `/api/users/${ids.dealerA}`, {
      token: admin,
      body: { name: 'dealerA', roleId, level: 1, superiorId: ids.installerA },
    });
    expect(cycle.status).toBe(400);
    const move = await api(s.app, 'PUT', `/api/users/${ids.dealerA}`, {
      token: admin,
      body: { name: 'dealerA', roleId, level: 1, superiorId: ids.dealerB },
    });
    expect(move.status).toBe(200);
    const { rows } = await s.db.query<{ username: string; path: string }>(
      `SELECT username, path FROM users WHERE path LIKE $1 ORDER BY path`,
      [`%/${ids.dealerA}/%`],
    );
    for (const r of rows)
      expect(r.path.startsWith(`/${await adminId(s.db)}/${ids.dealerB}/${ids.dealerA}/`)).toBe(true);
    expect(rows.map((r) => r.username)).toContain('installerA');
  });
});

describe('built-in role names in the reader language', () => {
  it.each([
    ['zh', '经销商'],
    ['de', 'Händler'],
    ['en', 'Dealer'],
  ])('%s: the user list, a user and the own profile name the role in it', async (lang, name) => {
    const token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
    const list = await api<{ items: User[] }>(s.app, 'GET', '/api/users?pageSize=100', { token, lang });
    expect(list.body.data.items.find((u) => u.id === ids.dealerA)?.roleName).toBe(name);
    const one = await api<User>(s.app, 'GET', `/api/users/${ids.dealerA}`, { token, lang });
    expect(one.body.data.roleName).toBe(name);
    const dealer = tokens.dealerA!;
    const me = await api<{ role: { name: string }; user: User }>(s.app, 'GET', '/api/auth/me', { token: dealer, lang });
    expect(me.body.data.role.name).toBe(name);
    expect(me.body.data.user.roleName).toBe(name);
  });
});
