// Changing one's password: the rules, the other sessions ended, and a stolen session that cannot guess the password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminId,
  api,
  builtinRoleId,
  makeUser,
  encryptPassword,
  loginToken,
  publicKey,
  startTestServer,
  tryLogin,
  type TestServer,
} from '../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** A personal account below the administrator, with the password `First-pass1`. */
async function personalUser(username: string): Promise<void> {
  await makeUser(s.db, {
    username,
    password: 'First-pass1',
    roleId: await builtinRoleId(s.db, 'personal'),
    superiorId: await adminId(s.db),
    level: 3,
  });
}

/** A password change on `token`, both passwords encrypted with the server's key as the web app does. */
const changePassword = (key: string, token: string, oldPw: string, newPw: string) =>
  api(s.app, 'POST', '/api/auth/password', {
    token,
    body: { oldPassword: encryptPassword(key, oldPw), newPassword: encryptPassword(key, newPw) },
  });

describe('password change', () => {
  it('checks the old password and rules, then revokes the other sessions but keeps this one', async () => {
    await personalUser('changer');
    const current = await loginToken(s.app, 'changer', 'First-pass1');
    const other = await loginToken(s.app, 'changer', 'First-pass1');
    const key = await publicKey(s.app);
    const change = (oldPw: string, newPw: string) =>
      api<{ issues: { path: string }[] }>(s.app, 'POST', '/api/auth/password', {
        token: current,
        body: { oldPassword: encryptPassword(key, oldPw), newPassword: encryptPassword(key, newPw) },
      });
    const wrongOld = await change('Not-the-one1', 'Second-pass1');
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.data.issues[0]!.path).toBe('oldPassword');
    const tooShort = await change('First-pass1', 'short');
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.msg).toMatch(/8 to 16/);
    const good = await change('First-pass1', 'Second-pass1');
    expect(good.status).toBe(200);
    expect((await api(s.app, 'GET', '/api/auth/me', { token: current })).status).toBe(200);
    expect((await api(s.app, 'GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await tryLogin(s.app, 'changer', 'Second-pass1')).status).toBe(200);
  });
});

describe('password change is not an oracle', () => {
  it('ends the session after five wrong current passwords, and a right one before that works', async () => {
    await personalUser('guessed');
    const key = await publicKey(s.app);
    const change = (token: string, oldPw: string, newPw: string) =>
      api(s.app, 'POST', '/api/auth/password', {
        token,
        body: { oldPassword: encryptPassword(key, oldPw), newPassword: encryptPassword(key, newPw) },
        lang: 'cs',
      });
    // The owner mistypes three times, then gets it right: the count starts again.
    const owner = await loginToken(s.app, 'guessed', 'First-pass1');
    for (let i = 0; i < 3; i++) expect((await change(owner, `Nope-pass${i}`, 'Second-pass1')).status).toBe(400);
    expect((await change(owner, 'First-pass1', 'Second-pass1')).status).toBe(200);

    // Someone holding a session guesses: four wrong answers are refused, the fifth ends the session.
    const stolen = await loginToken(s.app, 'guessed', 'Second-pass1');
    for (let i = 0; i < 4; i++) expect((await change(stolen, `Guess-pass${i}`, 'Third-pass1')).status).toBe(400);
    const fifth = await change(stolen, 'Guess-pass9', 'Third-pass1');
    expect(fifth.status).toBe(401);
    expect(fifth.body.msg).toMatch(/odhlášeni/);
    expect((await api(s.app, 'GET', '/api/auth/me', { token: stolen })).status).toBe(401);
    // Even the right password does not work on the ended session, and the password is unchanged.
    expect((await change(stolen, 'Second-pass1', 'Third-pass1')).status).toBe(401);
    expect((await tryLogin(s.app, 'guessed', 'Second-pass1', { ip: '10.5.0.1' })).status).toBe(200);
  });

  it('checks no more than five old passwords on a session, even when the guesses arrive all at once', async () => {
    await personalUser('burst');
    const key = await publicKey(s.app);
    const stolen = await loginToken(s.app, 'burst', 'First-pass1');
    // Twenty wrong guesses sent at once: at most four are answered "wrong" (the fifth ends the session), whatever
    // order they arrive in, and the password stays.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(s.app, 'POST', '/api/auth/password', {
          token: stolen,
          body: {
            oldPassword: encryptPassword(key, `Guess-pass${i}`),
            newPassword: encryptPassword(key, 'Taken-over1'),
          },
        }),
      ),
    );
    expect(burst.filter((a) => a.status === 400).length).toBeLessThanOrEqual(4);
    expect((await api(s.app, 'GET', '/api/auth/me', { token: stolen })).status).toBe(401);
    expect((await tryLogin(s.app, 'burst', 'First-pass1', { ip: '10.5.1.2' })).status).toBe(200);
  });

  it('refuses unchecked, even when right, an old password that arrives while five attempts are in flight', async () => {
    const { countPasswordChangeAttempt } = await import('./login-limits.js');
    const { hashToken } = await import('../../platform/auth.js');
    await personalUser('inflight');
    const key = await publicKey(s.app);
    const stolen = await loginToken(s.app, 'inflight', 'First-pass1');
    // Five guesses counted and still being checked (the state a parallel burst reaches): were attempts counted only
    // after the slow check, the right password arriving now would be checked and would change the password.
    for (let i = 0; i < 5; i++) await countPasswordChangeAttempt(s.db, hashToken(stolen));
    const res = await api(s.app, 'POST', '/api/auth/password', {
      token: stolen,
      body: { oldPassword: encryptPassword(key, 'First-pass1'), newPassword: encryptPassword(key, 'Taken-over1') },
    });
    expect(res.status).toBe(401);
    expect((await tryLogin(s.app, 'inflight', 'Taken-over1', { ip: '10.5.3.1' })).status).toBe(401);
    expect((await tryLogin(s.app, 'inflight', 'First-pass1', { ip: '10.5.3.2' })).status).toBe(200);
  });

  it("counts per session: a stolen session's guesses never end the owner's own session", async () => {
    await personalUser('robbed');
    const key = await publicKey(s.app);
    const change = (token: string, oldPw: string, newPw: string) => changePassword(key, token, oldPw, newPw);
    const owner = await loginToken(s.app, 'robbed', 'First-pass1');
    const stolen = await loginToken(s.app, 'robbed', 'First-pass1');
    for (let i = 0; i < 5; i++) await change(stolen, `Guess-pass${i}`, 'Taken-over1');
    expect((await api(s.app, 'GET', '/api/auth/me', { token: stolen })).status).toBe(401);
    // The owner mistypes once: an ordinary error, the session stays; then the right password changes it.
    expect((await change(owner, 'Typo-pass1', 'Second-pass1')).status).toBe(400);
    expect((await api(s.app, 'GET', '/api/auth/me', { token: owner })).status).toBe(200);
    expect((await change(owner, 'First-pass1', 'Second-pass1')).status).toBe(200);
    expect((await tryLogin(s.app, 'robbed', 'Second-pass1', { ip: '10.5.2.1' })).status).toBe(200);
  });
});
