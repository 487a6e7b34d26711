import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRule } from '@voltfleet/domain/alarms';
import {
  adminId,
  api,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

// What a rule shows its reader: only plants and users in the reader's scope, whatever the owner named. And a write
// that finds the rule gone (deleted or moved since it was read) answers 404 and writes nothing.

let s: TestServer;
const ids = { dealer: 0, installer: 0, other: 0, plantOwn: 0, plantForeign: 0 };
const tokens: Record<string, string> = {};
const RULES = '/api/notification-rules';

const rule = (plantIds: number[], userIds: number[]) => ({
  name: 'Scope',
  allPlants: false,
  plantIds,
  groups: [],
  codes: [],
  minSeverity: 'major',
  userIds,
  emails: ['ops@example.com'],
  phones: [],
  channels: ['email'],
  hourlyLimit: 5,
  dailyLimit: 20,
  recoveryNotices: true,
  enabled: true,
});

// admin ─┬─ dealer ── installer (affiliated to plantForeign)     plantOwn (installer)
//        └─ other                                                plantForeign (other)
beforeAll(async () => {
  s = await startTestServer();
  const admin = await adminId(s.db);
  const perms = ['C', 'C/C', 'C/C:rule.add', 'C/C:rule.edit', 'C/C:rule.delete'];
  const manager = await makeRole(s.db, 'ScopeRuleManager', perms, admin);
  ids.dealer = (await makeUser(s.db, { username: 'scopeDealer', roleId: manager, superiorId: admin })).id;
  ids.other = (await makeUser(s.db, { username: 'scopeOther', roleId: manager, superiorId: admin })).id;
  ids.installer = (await makeUser(s.db, { username: 'scopeInstaller', roleId: manager, superiorId: ids.dealer })).id;
  ids.plantOwn = await makePlant(s.db, 'Scope_Own', ids.installer);
  ids.plantForeign = await makePlant(s.db, 'Scope_Foreign', ids.other);
  await s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [ids.plantForeign, ids.installer]);
  for (const name of ['scopeDealer', 'scopeInstaller']) tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

describe('a rule seen from above', () => {
  it("shows the superior only the plants in the superior's own scope", async () => {
    const created = await api<NotificationRule>(s.app, 'POST', RULES, {
      token: tokens.scopeInstaller,
      body: rule([ids.plantOwn, ids.plantForeign], [ids.installer]),
    });
    expect(created.status).toBe(200);
    // The owner sees both: the foreign plant is affiliated to them.
    expect(created.body.data.plants.map((p) => p.plantId).sort()).toEqual([ids.plantOwn, ids.plantForeign].sort());
    const id = created.body.data.id;
    const seen = await api<NotificationRule>(s.app, 'GET', `${RULES}/${id}`, { token: tokens.scopeDealer });
    expect(seen.status).toBe(200);
    expect(seen.body.data.plants).toEqual([{ plantId: ids.plantOwn, name: 'Scope_Own' }]);
    const listed = await api<{ items: NotificationRule[] }>(s.app, 'GET', RULES, { token: tokens.scopeDealer });
    expect(listed.body.data.items.find((r) => r.id === id)?.plants).toEqual([
      { plantId: ids.plantOwn, name: 'Scope_Own' },
    ]);
  });
});

describe('a rule that is gone', () => {
  it('answers 404 to edit, switch and delete once deleted, and leaves no targets behind', async () => {
    const created = await api<NotificationRule>(s.app, 'POST', RULES, {
      token: tokens.scopeDealer,
      body: rule([ids.plantOwn], [ids.installer]),
    });
    const id = created.body.data.id;
    expect((await api(s.app, 'DELETE', `${RULES}/${id}`, { token: tokens.scopeDealer })).status).toBe(200);
    const edit = await api(s.app, 'PUT', `${RULES}/${id}`, {
      token: tokens.scopeDealer,
      body: rule([ids.plantOwn], [ids.installer]),
    });
    expect(edit.status).toBe(404);
    const toggle = await api(s.app, 'PUT', `${RULES}/${id}/enabled`, {
      token: tokens.scopeDealer,
      body: { enabled: false },
    });
    expect(toggle.status).toBe(404);
    expect((await api(s.app, 'DELETE', `${RULES}/${id}`, { token: tokens.scopeDealer })).status).toBe(404);
    const { rows } = await s.db.query(
      `SELECT 1 FROM notification_rule_plants WHERE rule_id = $1 UNION ALL
       SELECT 1 FROM notification_rule_users WHERE rule_id = $1`,
      [id],
    );
    expect(rows).toEqual([]);
  });
});
