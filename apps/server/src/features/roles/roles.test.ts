import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionNode } from '@voltfleet/domain/permissions';
import type { Role } from '@voltfleet/domain/users';
import { BUILTIN_ROLES } from './builtin-roles.js';
import {
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
let foreignRoleId = 0;

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const a = await makeUser(s.db, { username: 'dealerA', roleId: dealer, superiorId: root, level: 1 });
  const b = await makeUser(s.db, { username: 'dealerB', roleId: dealer, superiorId: root, level: 1 });
  const viewer = await makeRole(s.db, 'RoleViewer', ['E'], a.id);
  await makeUser(s.db, { username: 'viewerA', roleId: viewer, superiorId: a.id, level: 2 });
  foreignRoleId = await makeRole(s.db, 'BranchBRole', ['A', 'A/A'], b.id);
  for (const name of ['dealerA', 'dealerB', 'viewerA']) tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

describe('role list', () => {
  it('shows built-in roles, roles of the own subtree and never another branch’s', async () => {
    const res = await api<Role[]>(s.app, 'GET', '/api/roles', { token: tokens.dealerA });
    const names = res.body.data.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['Platform operator', 'Dealer', 'Engineering', 'Personal', 'RoleViewer']),
    );
    expect(names).not.toContain('BranchBRole');
    const builtIn = res.body.data.find((r) => r.name === 'Dealer')!;
    expect(builtIn).toMatchObject({ builtIn: true, editable: false });
    expect(builtIn.userCount).toBe(2);
  });

  it('names built-in roles in the caller’s language and custom roles as their creator wrote them', async () => {
    const dealer = await builtinRoleId(s.db, 'dealer');
    const zh = await api<Role[]>(s.app, 'GET', '/api/roles', { token: tokens.dealerA, lang: 'zh' });
    expect(zh.status).toBe(200);
    expect(zh.body.data.find((r) => r.id === dealer)).toMatchObject({
      name: '经销商',
      description: '经销商或分销商账号：管理安装商、业主及其电站',
      builtIn: true,
    });
    const names = zh.body.data.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['平台运营商', '经销商', '工程商', '个人用户', 'RoleViewer']));
    expect(names).not.toContain('Dealer');

    const cs = await api<Role>(s.app, 'GET', `/api/roles/${dealer}`, { token: tokens.dealerA, lang: 'cs' });
    expect(cs.body.data.name).toBe('Prodejce');
    const de = await api<Role[]>(s.app, 'GET', '/api/roles/assignable', { token: tokens.dealerA, lang: 'de' });
    expect(de.body.data.find((r) => r.id === dealer)?.name).toBe('Händler');
    // The stored row keeps its English words: the language is the reader's, not the data's.
    expect((await s.db.query(`SELECT name FROM roles WHERE id = $1`, [dealer])).rows[0]).toEqual({ name: 'Dealer' });
  });

  it('answers 404 for another branch’s role on read, change and delete', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken', permissions: ['A'], views: [] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(s.app, method, `/api/roles/${foreignRoleId}`, { token: tokens.dealerA, body });
      expect(res.status, method).toBe(404);
    }
    expect((await s.db.query(`SELECT name FROM roles WHERE id = $1`, [foreignRoleId])).rows[0]).toEqual({
      name: 'BranchBRole',
    });
  });

  it('shows someone who may only see the list what each visible role grants, built-in roles included', async () => {
    const res = await api<Role[]>(s.app, 'GET', '/api/roles', { token: tokens.viewerA });
    expect(res.status).toBe(200);
    for (const builtin of BUILTIN_ROLES) {
      const id = await builtinRoleId(s.db, builtin.key);
      const listed = res.body.data.find((r) => r.id === id)!;
      expect(listed.permissions, builtin.key).toEqual(expect.arrayContaining([...builtin.permissions]));
      expect(listed.permissions).toHaveLength(builtin.permissions.length);
      expect(listed.views).toEqual([...builtin.views]);
    }
    expect(res.body.data.find((r) => r.name === 'RoleViewer')?.permissions).toEqual(['E']);
    expect(res.body.data.map((r) => r.name)).not.toContain('BranchBRole');
    // The detail of a role is scoped as the list is.
    const dealer = await builtinRoleId(s.db, 'dealer');
    expect((await api(s.app, 'GET', `/api/roles/${dealer}`, { token: tokens.viewerA })).status).toBe(200);
    expect((await api(s.app, 'GET', `/api/roles/${foreignRoleId}`, { token: tokens.viewerA })).status).toBe(404);
  });

  it('gives the role detail with a localised permission tree', async () => {
    const list = await api<Role[]>(s.app, 'GET', '/api/roles', { token: tokens.dealerA });
    const viewer = list.body.data.find((r) => r.name === 'RoleViewer')!;
    const res = await api<Role & { tree: PermissionNode[] }>(s.app, 'GET', `/api/roles/${viewer.id}`, {
      token: tokens.dealerA,
      lang: 'zh',
    });
    const e = res.body.data.tree.find((n) => n.code === 'E')!;
    expect(e).toMatchObject({ name: '系统管理', show: true, selected: true });
    expect(e.auths.every((a) => a.selected === false)).toBe(true);
    expect(res.body.data.tree.find((n) => n.code === 'A')!.selected).toBe(false);
  });
});

describe('creating and editing roles', () => {
  it('creates a role from codes, normalising away orphans, with visible views', async () => {
    const res = await api<Role>(s.app, 'POST', '/api/roles', {
      token: tokens.dealerA,
      body: {
        name: 'Installer_plus',
        description: 'Installers who may add plants',
        permissions: ['A', 'A/A', 'A:plant.add'],
        views: ['bigScreen/map'],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Added');
    expect(res.body.data).toMatchObject({
      permissions: ['A', 'A/A', 'A:plant.add'],
      views: ['bigScreen/map'],
      editable: true,
      creatorName: 'dealerA',
    });
  });

  it('reads a tree where selected overrides show', async () => {
    const tree: PermissionNode[] = [
      {
        code: 'A',
        name: '',
        show: false,
        selected: true,
        subModules: [{ code: 'A/A', name: '', show: true, selected: false, subModules: [], auths: [] }],
        auths: [],
      },
    ];
    const res = await api<Role>(s.app, 'POST', '/api/roles', {
      token: tokens.dealerA,
      body: { name: 'TreeRole', tree, views: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.permissions).toEqual(['A']);
  });

  it('refuses to grant what the caller does not hold', async () => {
    const res = await api(s.app, 'POST', '/api/roles', {
      token: tokens.dealerA,
      body: { name: 'Escalate', permissions: ['B', 'B/E', 'B/E:firmware.manage'], views: [] },
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You cannot grant permissions you do not hold yourself: B/E:firmware.manage');
    expect((await s.db.query(`SELECT 1 FROM roles WHERE name = 'Escalate'`)).rows).toHaveLength(0);
  });

  it('rejects unknown codes, bad names, unknown views and duplicate names', async () => {
    const bad = async (body: object) =>
      (await api(s.app, 'POST', '/api/roles', { token: tokens.dealerA, body })).status;
    expect(await bad({ name: 'X1', permissions: ['Z'], views: [] })).toBe(400);
    expect(await bad({ name: ' padded', permissions: ['A'], views: [] })).toBe(400);
    expect(await bad({ name: 'X2', permissions: ['A'], views: ['bigScreen/nope'] })).toBe(400);
    expect(await bad({ name: 'installer_PLUS', permissions: ['A'], views: [] })).toBe(409);
  });

  it('built-in roles cannot be changed', async () => {
    const res = await api(s.app, 'PUT', `/api/roles/${await builtinRoleId(s.db, 'personal')}`, {
      token: tokens.dealerA,
      body: { name: 'Personal', permissions: ['A'], views: [] },
    });
    expect(res.status).toBe(403);
  });

  it('a user without the add function gets 403', async () => {
    const res = await api(s.app, 'POST', '/api/roles', {
      token: tokens.viewerA,
      body: { name: 'Nope', permissions: [], views: [] },
    });
    expect(res.status).toBe(403);
  });
});

describe('deleting roles', () => {
  it('refuses while users hold the role, then deletes once nobody does', async () => {
    const list = await api<Role[]>(s.app, 'GET', '/api/roles', { token: tokens.dealerA });
    const viewer = list.body.data.find((r) => r.name === 'RoleViewer')!;
    const refused = await api(s.app, 'DELETE', `/api/roles/${viewer.id}`, { token: tokens.dealerA, lang: 'cs' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Tuto roli stále mají uživatelé, nelze ji smazat');
    const plus = list.body.data.find((r) => r.name === 'Installer_plus')!;
    const ok = await api(s.app, 'DELETE', `/api/roles/${plus.id}`, { token: tokens.dealerA });
    expect(ok.status).toBe(200);
    expect((await s.db.query(`SELECT 1 FROM roles WHERE id = $1`, [plus.id])).rows).toHaveLength(0);
  });
});

describe('permission changes take effect at once', () => {
  it('a narrowed role loses access on the next request', async () => {
    const list = await api<Role[]>(s.app, 'GET', '/api/roles', { token: tokens.dealerA });
    const viewer = list.body.data.find((r) => r.name === 'RoleViewer')!;
    expect((await api(s.app, 'GET', '/api/roles', { token: tokens.viewerA })).status).toBe(200);
    const edit = await api(s.app, 'PUT', `/api/roles/${viewer.id}`, {
      token: tokens.dealerA,
      body: { name: 'RoleViewer', permissions: ['A'], views: [] },
    });
    expect(edit.status).toBe(200);
    expect((await api(s.app, 'GET', '/api/roles', { token: tokens.viewerA })).status).toBe(403);
  });
});

describe('codes the creator lacks', () => {
  it.each([
    ['as a list', { permissions: ['D', 'B/E:debug.raw'] }],
    [
      'as a tree',
      {
        tree: [
          {
            code: 'B',
            name: 'B',
            show: false,
            subModules: [
              {
                code: 'B/E',
                name: 'B/E',
                show: false,
                subModules: [],
                auths: [{ code: 'B/E:debug.raw', name: 'raw', show: true }],
              },
            ],
            auths: [],
          },
        ] satisfies PermissionNode[],
      },
    ],
  ])('refuses them by name instead of dropping them (%s)', async (_how, grant) => {
    const root = await adminId(s.db);
    const creatorRole = await makeRole(s.db, `Creator ${_how}`, ['D', 'E', 'E:role.add']);
    const username = `creator${_how.replace(/\W/g, '')}`;
    await makeUser(s.db, { username, roleId: creatorRole, superiorId: root, level: 1 });
    const token = await loginToken(s.app, username, 'Passw0rd-1');
    const res = await api(s.app, 'POST', '/api/roles', {
      token,
      body: { name: `Sneaky_${_how.replace(/\W/g, '')}`, description: '', views: [], ...grant },
      lang: 'de',
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toContain('B/E:debug.raw');
    const stored = await s.db.query(`SELECT 1 FROM roles WHERE name = $1`, [`Sneaky_${_how.replace(/\W/g, '')}`]);
    expect(stored.rows).toHaveLength(0);
  });
});
