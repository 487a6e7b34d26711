import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRule } from '@voltfleet/domain/alarms';
import type { User } from '@voltfleet/domain/users';
import {
  adminId,
  api,
  builtinRoleId,
  encryptPassword,
  loginToken,
  makePlant,
  makeUser,
  publicKey,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

// What the built-in installer (engineering) role lets an installer do for their customers (issue 36, docs/roles.md),
// through the real routes with the role's real grant.
//
// admin ─┬─ dealer (dealer) ── installer (engineering)     plants: Roof (installer), Depot (dealer)
//        └─ dealer2 (dealer)                               plant:  Other (dealer2)
let s: TestServer;
const ids = { dealer: 0, installer: 0, dealer2: 0, roof: 0, depot: 0, other: 0, personal: 0, dealerRole: 0 };
let token = '';

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  ids.dealerRole = await builtinRoleId(s.db, 'dealer');
  ids.personal = await builtinRoleId(s.db, 'personal');
  const engineering = await builtinRoleId(s.db, 'engineering');
  ids.dealer = (await makeUser(s.db, { username: 'brDealer', roleId: ids.dealerRole, superiorId: root, level: 1 })).id;
  ids.dealer2 = (
    await makeUser(s.db, { username: 'brDealer2', roleId: ids.dealerRole, superiorId: root, level: 1 })
  ).id;
  ids.installer = (
    await makeUser(s.db, { username: 'brInstaller', roleId: engineering, superiorId: ids.dealer, level: 2 })
  ).id;
  ids.roof = await makePlant(s.db, 'Roof', ids.installer);
  ids.depot = await makePlant(s.db, 'Depot', ids.dealer);
  ids.other = await makePlant(s.db, 'Other', ids.dealer2);
  token = await loginToken(s.app, 'brInstaller', 'Passw0rd-1');
});
afterAll(() => s.close());

async function createOwner(username: string, change: Record<string, unknown> = {}) {
  const key = await publicKey(s.app);
  return api<User>(s.app, 'POST', '/api/users', {
    token,
    body: {
      username,
      password: encryptPassword(key, 'Owner-pass1'),
      name: 'Jan Novák',
      roleId: ids.personal,
      level: 3,
      ...change,
    },
  });
}

describe('the built-in installer role', () => {
  it('creates an owner below the installer, edits and disables them, but may not delete them', async () => {
    const created = await createOwner('brOwner');
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ superiorId: ids.installer, level: 3, roleId: ids.personal });
    const ownerId = created.body.data.id;

    const list = await api<{ items: User[]; total: number }>(s.app, 'GET', '/api/users', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((u) => u.username)).toEqual(['brOwner']);

    const edited = await api<User>(s.app, 'PUT', `/api/users/${ownerId}`, {
      token,
      body: { name: 'Jana Nováková', roleId: ids.personal, level: 3 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe('Jana Nováková');

    const disabled = await api<User>(s.app, 'PUT', `/api/users/${ownerId}/disable`, { token });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.enabled).toBe(false);

    expect((await api(s.app, 'DELETE', `/api/users/${ownerId}`, { token })).status).toBe(403);
    const still = await s.db.query('SELECT 1 FROM users WHERE id = $1', [ownerId]);
    expect(still.rows).toHaveLength(1);
  });

  it('may not create a dealer, nor see or change users outside its subtree', async () => {
    const dealer = await createOwner('brNotDealer', { roleId: ids.dealerRole, level: 3 });
    expect(dealer.status).not.toBe(200);
    expect((await s.db.query(`SELECT 1 FROM users WHERE username = 'brNotDealer'`)).rows).toHaveLength(0);
    expect((await api(s.app, 'GET', `/api/users/${ids.dealer}`, { token })).status).toBe(404);
    expect((await api(s.app, 'PUT', `/api/users/${ids.dealer2}/disable`, { token })).status).toBe(404);
  });

  it('sets an alarm rule for its own plants, never for another branch’s', async () => {
    const rule = {
      name: 'Roof faults',
      allPlants: false,
      plantIds: [ids.roof],
      groups: [],
      codes: [],
      minSeverity: 'major',
      userIds: [ids.installer],
      emails: ['installer@example.com'],
      phones: [],
      channels: ['email'],
      hourlyLimit: 5,
      dailyLimit: 20,
      recoveryNotices: true,
      enabled: true,
    };
    const created = await api<NotificationRule>(s.app, 'POST', '/api/notification-rules', { token, body: rule });
    expect(created.status).toBe(200);
    expect(created.body.data.plants.map((p) => p.plantId)).toEqual([ids.roof]);

    const foreign = await api(s.app, 'POST', '/api/notification-rules', {
      token,
      body: { ...rule, name: 'Other faults', plantIds: [ids.other] },
    });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    const names = await s.db.query<{ name: string }>('SELECT name FROM notification_rules ORDER BY id');
    expect(names.rows.map((r) => r.name)).toEqual(['Roof faults']);
  });

  it('keeps roles, batch commands, firmware packages and raw debugging with dealers and the operator', async () => {
    const me = await api<{ permissions: string[] }>(s.app, 'GET', '/api/auth/me', { token });
    const held = new Set(me.body.data.permissions);
    for (const code of [
      'D/A',
      'D/A:user.add',
      'D/A:user.edit',
      'C/C',
      'C/C:rule.add',
      'C/C:rule.edit',
      'C/C:rule.delete',
    ])
      expect(held, code).toContain(code);
    for (const code of [
      'D/A:user.delete',
      'E',
      'E:role.add',
      'B/E:command.batch',
      'B/E:firmware.manage',
      'B/E:debug.raw',
    ])
      expect(held, code).not.toContain(code);
    const role = await api(s.app, 'POST', '/api/roles', {
      token,
      body: { name: 'Mine', description: '', permissions: ['A'], views: [] },
    });
    expect(role.status).toBe(403);
  });
});
