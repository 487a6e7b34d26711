import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User, UserDeleteResult } from '@voltfleet/domain/users';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  tryLogin,
  type TestServer,
} from '../../test/harness.js';
import { hashToken } from '../../platform/auth.js';
import { sessionIsLive } from '../auth/session.repository.js';
import { firstSheetOf } from '../../test/xlsx-fixtures.js';

let s: TestServer;
const ids = { root: 0, dealerA: 0, installerA: 0, ownerA: 0, ownerA2: 0, dealerB: 0, ownerB: 0, plantA: 0, deviceA: 0 };
const tokens: Record<string, string> = {};
let personal = 0;

// admin ─┬─ dealerA ── installerA ─┬─ ownerA          (installerA owns plant "Roof A" and its device)
//        │                         └─ ownerA2
//        └─ dealerB ── ownerB                          (dealerB is another branch: it must see nothing of A)
beforeAll(async () => {
  s = await startTestServer();
  ids.root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  personal = await builtinRoleId(s.db, 'personal');
  const mk = async (username: string, superiorId: number, level: number, roleId = dealer) =>
    (await makeUser(s.db, { username, roleId, superiorId, level })).id;
  ids.dealerA = await mk('dealerA', ids.root, 1);
  ids.dealerB = await mk('dealerB', ids.root, 1);
  ids.installerA = await mk('installerA', ids.dealerA, 2);
  ids.ownerA = await mk('ownerA', ids.installerA, 3, personal);
  ids.ownerA2 = await mk('ownerA2', ids.installerA, 3, personal);
  ids.ownerB = await mk('ownerB', ids.dealerB, 3, personal);
  ids.plantA = await makePlant(s.db, 'Roof A', ids.installerA);
  ids.deviceA = (
    await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
       VALUES ('UA-0001', 'inverter', '10K', $1, $2, now()) RETURNING id`,
      [ids.installerA, ids.plantA],
    )
  ).rows[0]!.id;
  for (const name of ['dealerA', 'dealerB']) tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

/** Everything a users route could change, for "nothing changed" checks. */
async function snapshot() {
  const users = await s.db.query(
    `SELECT id, username, name, enabled, level, role_id, superior_id, path, avatar FROM users ORDER BY id`,
  );
  const owners = await s.db.query(
    `SELECT 'plant' AS kind, id, owner_id FROM plants UNION ALL SELECT 'device', id, owner_id FROM devices ORDER BY 1, 2`,
  );
  const sessions = await s.db.query(`SELECT user_id, revoked_at FROM sessions ORDER BY token_hash`);
  return { users: users.rows, owners: owners.rows, sessions: sessions.rows };
}

describe('scope: a user of another branch, with real ids of this branch', () => {
  // dealerB holds every user-list permission, but branch A is not theirs: every route answers as for a missing id.
  const routes: [string, 'GET' | 'PUT' | 'DELETE', (id: number) => string, () => unknown][] = [
    ['read', 'GET', (id) => `/api/users/${id}`, () => undefined],
    ['edit', 'PUT', (id) => `/api/users/${id}`, () => ({ name: 'hijack', roleId: personal, level: 3 })],
    ['enable', 'PUT', (id) => `/api/users/${id}/enable`, () => undefined],
    ['disable', 'PUT', (id) => `/api/users/${id}/disable`, () => undefined],
    ['move', 'PUT', (id) => `/api/users/${id}/superior`, () => ({ superiorId: ids.dealerB })],
    ['delete', 'DELETE', (id) => `/api/users/${id}`, () => undefined],
    ['avatar', 'GET', (id) => `/api/users/${id}/avatar`, () => undefined],
  ];
  const targets = ['dealerA', 'installerA', 'ownerA'] as const;

  it.each(routes.flatMap(([name, method, url, body]) => targets.map((t) => [name, t, method, url, body] as const)))(
    '%s of %s → 404, nothing changed',
    async (_name, target, method, url, body) => {
      const before = await snapshot();
      const res = await api(s.app, method, url(ids[target]), { token: tokens.dealerB, body: body() });
      expect(res.status).toBe(404);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('an id that does not exist answers the same as one of another branch', async () => {
    const other = await api(s.app, 'GET', `/api/users/${ids.ownerA}`, { token: tokens.dealerB });
    const missing = await api(s.app, 'GET', `/api/users/99999`, { token: tokens.dealerB });
    expect(other.body).toEqual(missing.body);
  });

  it('the list, its filters and the export show nothing of branch A', async () => {
    const byFilter = await api<{ items: User[]; total: number }>(
      s.app,
      'GET',
      `/api/users?superiorId=${ids.installerA}`,
      { token: tokens.dealerB },
    );
    expect(byFilter.body.data.total).toBe(0);
    const all = await api<{ items: User[] }>(s.app, 'GET', '/api/users?pageSize=200', { token: tokens.dealerB });
    expect(all.body.data.items.map((u) => u.username)).toEqual(['ownerB']);
    const csv = await s.app.inject({
      method: 'GET',
      url: `/api/users/export?format=csv&superiorId=${ids.installerA}`,
      headers: { token: tokens.dealerB },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1); // the header alone
  });

  it('a user cannot be moved below someone of another branch (400 on the field, nothing changed)', async () => {
    const before = await snapshot();
    const res = await api<{ issues: { path: string }[] }>(s.app, 'PUT', `/api/users/${ids.ownerB}/superior`, {
      token: tokens.dealerB,
      body: { superiorId: ids.installerA },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]!.path).toBe('superiorId');
    expect(await snapshot()).toEqual(before);
  });
});

describe('filters and export', () => {
  it('filters by role, level, status, superior and keyword together', async () => {
    const q = `roleId=${personal}&level=3&enabled=true&superiorId=${ids.installerA}&keyword=ownerA2`;
    const res = await api<{ items: User[] }>(s.app, 'GET', `/api/users?${q}`, { token: tokens.dealerA });
    expect(res.body.data.items.map((u) => u.username)).toEqual(['ownerA2']);
    const bad = await api(s.app, 'GET', '/api/users?level=7', { token: tokens.dealerA, lang: 'de' });
    expect(bad.status).toBe(400);
  });

  it('exports XLSX with headers in the reader language and times in the reader zone, offset in the header', async () => {
    await s.db.query(`UPDATE users SET name = '=HYPERLINK("http://x","y")' WHERE id = $1`, [ids.ownerA2]);
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/users/export?format=xlsx&superiorId=${ids.installerA}&timeZone=Asia/Shanghai`,
      headers: { token: tokens.dealerA, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = await firstSheetOf(res.rawPayload);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header[0]).toBe('Benutzername');
    expect(header.at(-1)).toBe('Angelegt (Asia/Shanghai)');
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as string[]).slice(1));
    const a2 = rows.find((r) => r[0] === 'ownerA2')!;
    expect(a2[1]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(a2[4]).toBe('Privatkunde');
    const created = (
      await s.db.query<{ t: string }>(
        `SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS t FROM users WHERE id = $1`,
        [ids.ownerA2],
      )
    ).rows[0]!.t;
    expect(a2.at(-1)).toBe(`${created} UTC+8`);
  });
});

describe('disable', () => {
  it('ends the user’s sessions at once, and login is refused with the clear message', async () => {
    const ownerToken = await loginToken(s.app, 'ownerA', 'Passw0rd-1');
    const res = await api<User>(s.app, 'PUT', `/api/users/${ids.ownerA}/disable`, { token: tokens.dealerA });
    expect(res.status).toBe(200);
    expect(res.body.data.enabled).toBe(false);
    // The API token (session) is over, and so is the live channel's check of it.
    expect((await api(s.app, 'GET', '/api/auth/me', { token: ownerToken })).status).toBe(401);
    expect(await sessionIsLive(s.db, hashToken(ownerToken))).toBe(false);
    await expect(s.app.injectWS('/api/ws', { headers: { token: ownerToken } })).rejects.toThrow();
    const open = await s.db.query(`SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [ids.ownerA]);
    expect(open.rows).toHaveLength(0);

    for (const [lang, msg] of [
      ['en', 'This account is disabled, please contact your superior'],
      ['de', 'Dieses Konto ist deaktiviert, bitte wenden Sie sich an Ihren Vorgesetzten'],
    ] as const) {
      const login = await tryLogin(s.app, 'ownerA', 'Passw0rd-1', { lang });
      expect(login.status).toBe(401);
      expect(login.body.msg).toBe(msg);
    }
    // A wrong password still hears the generic answer: the account's state is told only to who knows the password.
    const guess = await tryLogin(s.app, 'ownerA', 'Wrong-pass1');
    expect(guess.body.msg).not.toMatch(/disabled/);

    const record = await s.db.query<{ action: string; object_id: string }>(
      `SELECT action, object_id FROM operation_records WHERE action = 'user.disable' ORDER BY id DESC LIMIT 1`,
    );
    expect(record.rows[0]).toEqual({ action: 'user.disable', object_id: String(ids.ownerA) });

    expect((await api(s.app, 'PUT', `/api/users/${ids.ownerA}/enable`, { token: tokens.dealerA })).status).toBe(200);
    expect((await tryLogin(s.app, 'ownerA', 'Passw0rd-1')).status).toBe(200);
  });

  it('the caller cannot disable themselves through the list', async () => {
    const res = await api(s.app, 'PUT', `/api/users/${ids.dealerA}/disable`, { token: tokens.dealerA });
    expect(res.status).toBe(403);
  });
});

describe('move', () => {
  it('moves a user with their subtree, refuses a cycle', async () => {
    const cycle = await api(s.app, 'PUT', `/api/users/${ids.installerA}/superior`, {
      token: tokens.dealerA,
      body: { superiorId: ids.ownerA },
    });
    expect(cycle.status).toBe(400);
    const moved = await api<User>(s.app, 'PUT', `/api/users/${ids.ownerA2}/superior`, {
      token: tokens.dealerA,
      body: { superiorId: ids.dealerA },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.superiorId).toBe(ids.dealerA);
    const path = (await s.db.query<{ path: string }>(`SELECT path FROM users WHERE id = $1`, [ids.ownerA2])).rows[0]!;
    expect(path.path).toBe(`/${ids.root}/${ids.dealerA}/${ids.ownerA2}/`);
  });
});

describe('edit: what the user’s session carries', () => {
  it('a new level signs the user out and the editor is told; a new name does not', async () => {
    const session = await loginToken(s.app, 'ownerA2', 'Passw0rd-1');
    const edit = (body: object) =>
      api<User>(s.app, 'PUT', `/api/users/${ids.ownerA2}`, { token: tokens.dealerA, body });
    const renamed = await edit({ name: 'Owner_Two', roleId: personal, level: 3 });
    expect(renamed.body.msg).toBe('Edited');
    expect((await api(s.app, 'GET', '/api/auth/me', { token: session })).status).toBe(200);
    const promoted = await edit({ name: 'Owner_Two', roleId: personal, level: 2 });
    expect(promoted.body.msg).toBe('Saved; ownerA2 has been signed out and logs in again to get the new permissions');
    expect((await api(s.app, 'GET', '/api/auth/me', { token: session })).status).toBe(401);
  });
});

describe('delete', () => {
  it('hands the user’s plants, devices and subordinates to the deleting user, in one go, with counts recorded', async () => {
    const role = await makeRole(s.db, 'Installer helpers', ['D', 'D/A'], ids.installerA);
    const res = await api<UserDeleteResult>(s.app, 'DELETE', `/api/users/${ids.installerA}`, {
      token: tokens.dealerA,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ plants: 1, devices: 1, subordinates: 1 });
    expect(res.body.msg).toBe('Deleted; 1 plants, 1 devices and 1 subordinate users are now yours');
    expect((await s.db.query(`SELECT 1 FROM users WHERE id = $1`, [ids.installerA])).rows).toHaveLength(0);
    const plant = await s.db.query<{ owner_id: number }>(`SELECT owner_id FROM plants WHERE id = $1`, [ids.plantA]);
    expect(plant.rows[0]!.owner_id).toBe(ids.dealerA);
    const device = await s.db.query<{ owner_id: number }>(`SELECT owner_id FROM devices WHERE id = $1`, [ids.deviceA]);
    expect(device.rows[0]!.owner_id).toBe(ids.dealerA);
    const owner = await s.db.query<{ superior_id: number; path: string }>(
      `SELECT superior_id, path FROM users WHERE id = $1`,
      [ids.ownerA],
    );
    expect(owner.rows[0]).toEqual({ superior_id: ids.dealerA, path: `/${ids.root}/${ids.dealerA}/${ids.ownerA}/` });
    const creator = await s.db.query<{ creator_id: number }>(`SELECT creator_id FROM roles WHERE id = $1`, [role]);
    expect(creator.rows[0]!.creator_id).toBe(ids.dealerA);
    const record = await s.db.query<{ params: Record<string, unknown>; status: number }>(
      `SELECT params, status FROM operation_records WHERE action = 'user.delete' ORDER BY id DESC LIMIT 1`,
    );
    expect(record.rows[0]!.status).toBe(200);
    expect(record.rows[0]!.params).toMatchObject({ username: 'installerA', plants: 1, devices: 1, subordinates: 1 });
    // The plant is still in the deleting user's view.
    const plants = await api<{ id: number }[]>(s.app, 'GET', '/api/plants', { token: tokens.dealerA });
    expect(JSON.stringify(plants.body.data)).toContain('Roof A');
  });

  it('refuses to delete oneself', async () => {
    expect((await api(s.app, 'DELETE', `/api/users/${ids.dealerA}`, { token: tokens.dealerA })).status).toBe(403);
  });
});
