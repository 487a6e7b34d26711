import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  api,
  captchaId,
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

describe('public key and captcha', () => {
  it('serves an RSA public key in PEM', async () => {
    const res = await api<{ publicKey: string; algorithm: string }>(s.app, 'GET', '/api/auth/public-key');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('ok');
    expect(res.body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(res.body.data.algorithm).toBe('RSA-OAEP-256');
  });

  it('serves a captcha image as an SVG data URL that is not cached', async () => {
    const res = await api<{ captchaId: string; image: string }>(s.app, 'GET', '/api/auth/captcha');
    expect(res.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(res.body.data.captchaId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('login', () => {
  it('logs in with username, encrypted password and captcha; sets an HttpOnly strict cookie', async () => {
    const res = await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/user_token=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    // The token works both as header and as cookie.
    const me = await api<{ user: { username: string }; permissions: string[] }>(s.app, 'GET', '/api/auth/me', {
      token: res.body.data.token,
    });
    expect(me.body.data.user.username).toBe('admin');
    expect(me.body.data.permissions).toContain('E:role.add');
    const viaCookie = await s.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { user_token: res.body.data.token },
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
    const { rows } = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1`, [
      token,
    ]);
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a wrong captcha with a localised message', async () => {
    const res = await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD, {
      captchaCode: 'nope',
      lang: 'cs',
      ip: '10.9.0.1',
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
    expect(res.body.msg).toBe('Ověřovací kód je nesprávný nebo vypršel');
  });

  it('accepts each captcha once', async () => {
    const key = await publicKey(s.app);
    const id = await captchaId(s.app);
    const body = (password: string) => ({
      username: 'admin',
      password: encryptPassword(key, password),
      captchaId: id,
      captchaCode: 'TEST',
    });
    const first = await api(s.app, 'POST', '/api/auth/login', { body: body(TEST_ADMIN_PASSWORD) });
    expect(first.status).toBe(200);
    const again = await api(s.app, 'POST', '/api/auth/login', { body: body(TEST_ADMIN_PASSWORD) });
    expect(again.status).toBe(401);
    expect(again.body.msg).toBe('The captcha is wrong or has expired');
  });

  it('refuses an expired captcha', async () => {
    const key = await publicKey(s.app);
    const id = await captchaId(s.app);
    await s.db.query(`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const res = await api(s.app, 'POST', '/api/auth/login', {
      body: {
        username: 'admin',
        password: encryptPassword(key, TEST_ADMIN_PASSWORD),
        captchaId: id,
        captchaCode: 'TEST',
      },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a replayed encrypted password even with a fresh captcha', async () => {
    const key = await publicKey(s.app);
    const blob = encryptPassword(key, TEST_ADMIN_PASSWORD);
    const send = async () =>
      api(s.app, 'POST', '/api/auth/login', {
        body: { username: 'admin', password: blob, captchaId: await captchaId(s.app), captchaCode: 'TEST' },
      });
    expect((await send()).status).toBe(200);
    const replay = await send();
    expect(replay.status).toBe(401);
    expect(replay.body.msg).toMatch(/already used or is too old/);
  });

  it('refuses an encrypted password older than two minutes', async () => {
    const key = await publicKey(s.app);
    const res = await api(s.app, 'POST', '/api/auth/login', {
      body: {
        username: 'admin',
        password: encryptPassword(key, TEST_ADMIN_PASSWORD, { ts: Date.now() - 5 * 60_000 }),
        captchaId: await captchaId(s.app),
        captchaCode: 'TEST',
      },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a password that was not encrypted with our key', async () => {
    const res = await api(s.app, 'POST', '/api/auth/login', {
      body: {
        username: 'admin',
        password: Buffer.from(TEST_ADMIN_PASSWORD).toString('base64'),
        captchaId: await captchaId(s.app),
        captchaCode: 'TEST',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
  });

  it('names every missing login field', async () => {
    const res = await api<{ issues: { path: string; message: string }[] }>(s.app, 'POST', '/api/auth/login', {
      body: { username: '' },
      lang: 'de',
    });
    expect(res.status).toBe(400);
    const paths = res.body.data.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'password', 'captchaId', 'captchaCode']));
    expect(res.body.data.issues[0]!.message).toBe('Dieses Feld ist erforderlich');
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await tryLogin(s.app, 'nobody-here', 'Whatever-123', { ip: '10.9.0.2' });
    const wrong = await tryLogin(s.app, 'admin', 'Wrong-pass-1', { ip: '10.9.0.3' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.msg).toBe(wrong.body.msg);
  });
});

describe('brute-force limits', () => {
  it('never lets failures from other addresses lock an account (ASVS 2.2.1: per account and address)', async () => {
    const { makeUser, builtinRoleId, adminId } = await import('../../test/harness.js');
    await makeUser(s.db, {
      username: 'victim',
      password: 'Right-pass1',
      roleId: await builtinRoleId(s.db, 'personal'),
      superiorId: await adminId(s.db),
      level: 3,
    });
    // A stranger fails ten times against the account from one address …
    for (let i = 0; i < 10; i++) await tryLogin(s.app, 'victim', `Wrong-pass${i}`, { ip: '10.1.0.66' });
    // … and is throttled there, with the minutes to wait …
    const throttled = await tryLogin(s.app, 'victim', 'Right-pass1', { ip: '10.1.0.66' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('rate_limited');
    expect(throttled.body.msg).toMatch(/Too many failed logins, please try again in \d+ minutes/);
    // … while the owner logs in from their own address at once.
    const owner = await tryLogin(s.app, 'victim', 'Right-pass1', { ip: '10.1.0.99' });
    expect(owner.status).toBe(200);
  });

  it('keeps the administrator able to log in while strangers fail against it, and throttles only them', async () => {
    // Ten wrong passwords for admin from address A …
    for (let i = 0; i < 10; i++) await tryLogin(s.app, 'admin', `Wrong-pass${i}`, { ip: '10.3.0.1' });
    // … leave the administrator free to log in from address B at once …
    expect((await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD, { ip: '10.3.1.1' })).status).toBe(200);
    // … while A is throttled for admin, even with the right password, and told for how many minutes.
    const fromA = await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD, { ip: '10.3.0.1' });
    expect(fromA.status).toBe(429);
    const minutes = Number(/in (\d+) minutes/.exec(fromA.body.msg)?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // Failures spread over many addresses do not add up to a lock either.
    for (let i = 0; i < 12; i++) await tryLogin(s.app, 'admin', 'Wrong-pass1', { ip: `10.3.2.${i}` });
    expect((await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD, { ip: '10.3.1.1' })).status).toBe(200);
  });

  it('throttles one address after five failures for one account, and a success there clears it', async () => {
    const { makeUser, builtinRoleId, adminId } = await import('../../test/harness.js');
    await makeUser(s.db, {
      username: 'forgetful',
      password: 'Right-pass1',
      roleId: await builtinRoleId(s.db, 'personal'),
      superiorId: await adminId(s.db),
      level: 3,
    });
    for (let i = 0; i < 4; i++)
      expect((await tryLogin(s.app, 'forgetful', 'Wrong-pass1', { ip: '10.4.0.1' })).status).toBe(401);
    expect((await tryLogin(s.app, 'forgetful', 'Right-pass1', { ip: '10.4.0.1' })).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await tryLogin(s.app, 'forgetful', 'Wrong-pass1', { ip: '10.4.0.1' })).status).toBe(401);
    expect((await tryLogin(s.app, 'forgetful', 'Right-pass1', { ip: '10.4.0.1' })).status).toBe(200);
    for (let i = 0; i < 5; i++) await tryLogin(s.app, 'forgetful', 'Wrong-pass1', { ip: '10.4.0.1' });
    expect((await tryLogin(s.app, 'forgetful', 'Right-pass1', { ip: '10.4.0.1' })).status).toBe(429);
  });

  it('locks an address after twenty failures across accounts', async () => {
    for (let i = 0; i < 20; i++) await tryLogin(s.app, `ghost${i}`, 'Wrong-pass1', { ip: '10.2.0.1' });
    const res = await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD, { ip: '10.2.0.1' });
    expect(res.status).toBe(429);
    const elsewhere = await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD, { ip: '10.2.0.2' });
    expect(elsewhere.status).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
    const out = await api(s.app, 'POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/user_token=;/);
    const after = await api(s.app, 'GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('Login expired, please login again');
  });

  it('expires a session after the idle limit', async () => {
    const token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
    await s.db.query(`UPDATE sessions SET last_seen_at = now() - make_interval(mins => $1 + 1)`, [
      s.config.sessionIdleMinutes,
    ]);
    const res = await api(s.app, 'GET', '/api/auth/me', { token, lang: 'zh' });
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('登录已过期，请重新登录');
  });

  it('expires a session at its absolute limit even when active', async () => {
    const token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
    await s.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await api(s.app, 'GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('asks for login without a token', async () => {
    const res = await api(s.app, 'GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Please login!');
  });

  it('serves the web app despite a stale session cookie; only the API reports the session as over', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-web-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>web app</title>');
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets/app-1.js'), 'export {};');
    const web = await startTestServer({ WEB_DIST: dir });
    try {
      const token = await loginToken(web.app, 'admin', TEST_ADMIN_PASSWORD);
      await api(web.app, 'POST', '/api/auth/logout', { token });
      const cookies = { user_token: token };
      // A reload of a deep link after the session ended: the app must load to send the user to /login?from=….
      const page = await web.app.inject({ method: 'GET', url: '/userCenter/userList', cookies });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>web app</title>');
      expect((await web.app.inject({ method: 'GET', url: '/assets/app-1.js', cookies })).statusCode).toBe(200);
      const me = await web.app.inject({ method: 'GET', url: '/api/auth/me', cookies });
      expect(me.statusCode).toBe(401);
      expect(me.json().msg).toBe('Login expired, please login again');
    } finally {
      await web.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
