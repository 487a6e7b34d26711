import { describe, expect, it } from 'vitest';
import type { Me } from '@voltfleet/domain/auth';
import type { Message } from '@voltfleet/domain/notices';
import type { User } from '@voltfleet/domain/users';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  tryLogin,
  TEST_ADMIN_PASSWORD,
} from '../../test/harness.js';
import { registrationRig } from './registration-rig.js';

/**
 * Issue 38 point 1: a stranger registering below a dealer by its (sequential) client code used to get a working
 * installer account at once, able to stock in devices and fetch their secrets. Now the account waits: it signs in,
 * holds no permission, and reaches nothing but "who am I", its language and sign-out, until the account it named
 * approves it (confirming the role) or refuses it.
 */
const { rig, codeIn, until, registration, requestCode, nextIp } = registrationRig();
const PASSWORD = 'Solar-2026';

async function dealer(username: string): Promise<{ id: number; code: string; token: string }> {
  const { id } = await makeUser(rig.s.db, {
    username,
    roleId: await builtinRoleId(rig.s.db, 'dealer'),
    superiorId: await adminId(rig.s.db),
    level: 1,
  });
  const code = (await rig.s.db.query<{ code: string }>(`SELECT code FROM users WHERE id = $1`, [id])).rows[0]!.code;
  return { id, code, token: await loginToken(rig.s.app, username, 'Passw0rd-1') };
}

/** Registers `username` with a mailed code, below `superiorCode` when given; returns the new account's id. */
async function registered(
  username: string,
  extra: Record<string, unknown> = {},
  email = `${username}@example.test`,
): Promise<number> {
  const sent = rig.smtp.mails.length;
  // A second code to an address waits out its resend time: start that address afresh.
  await rig.s.db.query(`DELETE FROM verification_codes WHERE address = $1`, [email]);
  await requestCode({ purpose: 'register', channel: 'email', email });
  // The newest code to the address (a refused registration's address gets a second one).
  const mail = await until(() =>
    rig.smtp.mails.slice(sent).find((m) => m.to === email && /registration code/.test(m.subject)),
  );
  const code = codeIn(mail.text)!;
  const res = await api(rig.s.app, 'POST', '/api/auth/register', {
    body: registration({ username, email, verificationCode: code, ...extra }),
    ip: nextIp(),
  });
  expect(res.status, res.body.msg).toBe(200);
  expect(res.body.msg).toBe(
    'Registration received: you can sign in now and work once your superior has approved the account',
  );
  return (await rig.s.db.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [username])).rows[0]!.id;
}

const messagesOf = async (token: string) =>
  (await api<{ items: Message[] }>(rig.s.app, 'GET', '/api/messages?kind=account', { token })).body.data.items;
const recordsOf = async (action: string, objectId: number) =>
  (
    await rig.s.db.query<{ ok: boolean; username: string }>(
      `SELECT ok, username FROM operation_records WHERE action = $1 AND object_id = $2`,
      [action, String(objectId)],
    )
  ).rows;

describe('a self-registered installer below a dealer', () => {
  it('waits without any permission, the dealer is told, and approval confirms the role', async () => {
    const d = await dealer('appr_dealer');
    const id = await registered('appr_installer', { role: 'engineering', superiorCode: d.code });

    // Signs in, but holds nothing and reaches nothing.
    const token = await loginToken(rig.s.app, 'appr_installer', PASSWORD);
    const me = await api<Me>(rig.s.app, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.approval).toBe('pending');
    expect(me.body.data.permissions).toEqual([]);
    const stockIn = await api(rig.s.app, 'POST', '/api/device-storage', {
      token,
      body: { sn: 'VFAPPR000001', kind: 'inverter', modelType: '10K' },
      lang: 'de',
    });
    expect(stockIn.status).toBe(403);
    expect(stockIn.body.msg).toBe('Ihr Konto wartet auf die Freigabe durch Ihren Vorgesetzten');
    expect((await rig.s.db.query(`SELECT 1 FROM devices WHERE sn = 'VFAPPR000001'`)).rows).toHaveLength(0);
    // Not even the routes every signed-in user may call, which scope by the caller's subtree.
    for (const url of ['/api/plants', '/api/messages', '/api/work-orders', '/api/preferences/tables'])
      expect((await api(rig.s.app, 'GET', url, { token })).status, url).toBe(403);
    expect((await api(rig.s.app, 'PUT', '/api/auth/me/language', { token, body: { language: 'cs' } })).status).toBe(
      200,
    );

    // The dealer sees the request in messages (leading to the list) and in the user list.
    const [message] = await messagesOf(d.token);
    expect(message).toMatchObject({
      kind: 'account',
      event: 'registered',
      link: '/userCenter/userList?approval=pending',
      params: { username: 'appr_installer', role: 'engineering' },
    });
    const pending = await api<{ items: User[] }>(rig.s.app, 'GET', '/api/users?approval=pending', { token: d.token });
    expect(pending.body.data.items.map((u) => [u.username, u.approval])).toEqual([['appr_installer', 'pending']]);
    // An account awaiting approval is nobody's superior, owner or assignee.
    const options = await api<{ username: string }[]>(rig.s.app, 'GET', '/api/users/options', { token: d.token });
    expect(options.body.data.map((o) => o.username)).not.toContain('appr_installer');

    const engineering = await builtinRoleId(rig.s.db, 'engineering');
    const approved = await api<User>(rig.s.app, 'PUT', `/api/users/${id}/approve`, {
      token: d.token,
      body: { roleId: engineering, level: 2 },
    });
    expect(approved.status, approved.body.msg).toBe(200);
    expect(approved.body.msg).toBe('Approved: appr_installer can now work with the confirmed role');
    expect(approved.body.data).toMatchObject({ approval: 'approved', roleId: engineering, level: 2 });
    expect(await recordsOf('user.approve', id)).toEqual([{ ok: true, username: 'appr_dealer' }]);

    // The same session now holds the role's permissions.
    const after = await api<Me>(rig.s.app, 'GET', '/api/auth/me', { token });
    expect(after.body.data.user.approval).toBe('approved');
    expect(after.body.data.permissions).toContain('B/A');
    expect((await api(rig.s.app, 'GET', '/api/plants', { token })).status).toBe(200);

    // Decided once: a second decision is refused and changes nothing.
    const again = await api(rig.s.app, 'PUT', `/api/users/${id}/refuse`, { token: d.token });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This account is not awaiting approval');
    expect((await tryLogin(rig.s.app, 'appr_installer', PASSWORD)).status).toBe(200);
  });

  it('confirms a lower role than asked, and refuses one beyond what the approver may grant', async () => {
    const d = await dealer('appr_dealer2');
    const id = await registered('appr_owner_like', { role: 'engineering', superiorCode: d.code });
    const operator = await builtinRoleId(rig.s.db, 'operator');
    const beyond = await api(rig.s.app, 'PUT', `/api/users/${id}/approve`, {
      token: d.token,
      body: { roleId: operator, level: 2 },
    });
    expect(beyond.status).toBe(403);
    const above = await api(rig.s.app, 'PUT', `/api/users/${id}/approve`, {
      token: d.token,
      body: { roleId: await builtinRoleId(rig.s.db, 'engineering'), level: 0 },
    });
    expect(above.status).toBe(400);
    const row = async () =>
      (await rig.s.db.query<{ approval: string }>(`SELECT approval FROM users WHERE id = $1`, [id])).rows[0]!.approval;
    expect(await row()).toBe('pending');

    const personal = await builtinRoleId(rig.s.db, 'personal');
    const ok = await api<User>(rig.s.app, 'PUT', `/api/users/${id}/approve`, {
      token: d.token,
      body: { roleId: personal, level: 3 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ approval: 'approved', roleId: personal, level: 3 });
  });

  it.each([
    ['a role id as text', { roleId: '7', level: 2 }],
    ['an array', [1, 2]],
    ['a level that is no level', { roleId: 1, level: 9 }],
    ['a float far too small', { roleId: 1e-320, level: 2 }],
    ['an extra field', { roleId: 1, level: 2, approval: 'approved' }],
  ])('refuses %s with a localised 400 and changes nothing', async (_what, body) => {
    const d = await dealer(`appr_hostile_${Math.random().toString(36).slice(2, 8)}`);
    const id = await registered(`appr_h_${Math.random().toString(36).slice(2, 8)}`, { superiorCode: d.code });
    const res = await api(rig.s.app, 'PUT', `/api/users/${id}/approve`, { token: d.token, body, lang: 'cs' });
    expect(res.status).toBe(400);
    expect(res.body.msg).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/);
    const row = await rig.s.db.query<{ approval: string }>(`SELECT approval FROM users WHERE id = $1`, [id]);
    expect(row.rows[0]!.approval).toBe('pending');
  });

  it('is decided only by a user above it who may edit users', async () => {
    const d = await dealer('appr_dealer3');
    const other = await dealer('appr_other_dealer');
    const id = await registered('appr_scope', { role: 'engineering', superiorCode: d.code });
    const body = { roleId: await builtinRoleId(rig.s.db, 'engineering'), level: 2 };
    // Another branch: not found, as for any user outside the caller's subtree.
    expect((await api(rig.s.app, 'PUT', `/api/users/${id}/approve`, { token: other.token, body })).status).toBe(404);
    // The account itself cannot approve itself.
    const own = await loginToken(rig.s.app, 'appr_scope', PASSWORD);
    expect((await api(rig.s.app, 'PUT', `/api/users/${id}/approve`, { token: own, body })).status).toBe(403);
    // The administrator above the dealer may.
    const admin = await loginToken(rig.s.app, 'admin', TEST_ADMIN_PASSWORD);
    expect((await api(rig.s.app, 'PUT', `/api/users/${id}/approve`, { token: admin, body })).status).toBe(200);
  });
});

describe('refusing, and registering without a client code', () => {
  it('tells an administrator of a request without a code; a refused account cannot sign in, its address is free', async () => {
    const admin = await loginToken(rig.s.app, 'admin', TEST_ADMIN_PASSWORD);
    const id = await registered('appr_nocode');
    expect((await messagesOf(admin)).map((m) => m.params.username)).toContain('appr_nocode');
    const token = await loginToken(rig.s.app, 'appr_nocode', PASSWORD);

    const refused = await api<User>(rig.s.app, 'PUT', `/api/users/${id}/refuse`, { token: admin, lang: 'de' });
    expect(refused.status).toBe(200);
    expect(refused.body.msg).toBe('Abgelehnt: appr_nocode kann sich nicht mehr anmelden');
    expect(refused.body.data.approval).toBe('refused');
    expect(await recordsOf('user.refuse', id)).toEqual([{ ok: true, username: 'admin' }]);

    // Its session ended with the refusal; signing in again says why, after the right password only.
    expect((await api(rig.s.app, 'GET', '/api/auth/me', { token })).status).toBe(401);
    const login = await tryLogin(rig.s.app, 'appr_nocode', PASSWORD);
    expect(login.status).toBe(401);
    expect(login.body.msg).toBe('Your registration was refused, please contact the account you registered under');
    expect((await tryLogin(rig.s.app, 'appr_nocode', 'Wrong-2026x')).body.msg).toBe('Wrong username or password');

    // The refused registration holds its address no longer.
    await registered('appr_nocode_again', {}, 'appr_nocode@example.test');
  });
});
