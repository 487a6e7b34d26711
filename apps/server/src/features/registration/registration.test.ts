import { describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  api,
  builtinRoleId,
  adminId,
  encryptPassword,
  loginToken,
  makeUser,
  tryLogin,
} from '../../test/harness.js';
import { registrationRig } from './registration-rig.js';

const { rig, codeIn, mailTo, smsTo, registration, requestCode, issues, issue, nextIp } = registrationRig();

describe('registration by e-mail and by mobile', () => {
  it('registers by e-mail with the mailed code, under the default superior, and the account logs in', async () => {
    const sentAnswer = await requestCode({ purpose: 'register', channel: 'email', email: 'Reg@Example.test' });
    expect(sentAnswer.status).toBe(200);
    expect(sentAnswer.body.msg).toBe('Sent successfully');
    const code = codeIn((await mailTo('reg@example.test', /registration code/)).text)!;
    const res = await api(rig.s.app, 'POST', '/api/auth/register', {
      body: registration({ email: 'Reg@Example.test', verificationCode: code }),
      ip: nextIp(),
      lang: 'de',
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe(
      'Registrierung eingegangen: Sie können sich jetzt anmelden und arbeiten, sobald Ihr Vorgesetzter das Konto freigegeben hat',
    );
    const row = (
      await rig.s.db.query<{ superior_id: number; level: number; phone: string; email: string; role: string }>(
        `SELECT u.superior_id, u.level, u.phone, u.email, r.builtin_key AS role
           FROM users u JOIN roles r ON r.id = u.role_id WHERE username = 'reg_user'`,
      )
    ).rows[0]!;
    expect(row).toEqual({
      superior_id: await adminId(rig.s.db),
      level: 3,
      phone: '+31-612345678',
      email: 'reg@example.test',
      role: 'personal',
    });
    expect((await tryLogin(rig.s.app, 'reg_user', 'Solar-2026')).status).toBe(200);
    const records = await rig.s.db.query<{ action: string; ok: boolean; params: Record<string, unknown> }>(
      `SELECT action, ok, params FROM operation_records WHERE action = 'auth.register' AND username = 'reg_user'`,
    );
    expect(records.rows[0]?.ok).toBe(true);
    expect(JSON.stringify(records.rows[0]?.params)).not.toContain(code);
  });

  it('registers by mobile with the texted code', async () => {
    await requestCode({ purpose: 'register', channel: 'sms', prePhoneCode: '+86', phone: '13912345678' });
    const code = codeIn((await smsTo('+8613912345678')).text)!;
    const res = await api(rig.s.app, 'POST', '/api/auth/register', {
      body: registration({
        channel: 'sms',
        username: 'mobile_user',
        email: '',
        prePhoneCode: '+86',
        phone: '13912345678',
        role: 'engineering',
        verificationCode: code,
      }),
      ip: nextIp(),
    });
    expect(res.status, res.body.msg).toBe(200);
    expect((await tryLogin(rig.s.app, 'mobile_user', 'Solar-2026')).status).toBe(200);
  });

  it('refuses a wrong code on its field and creates nothing', async () => {
    await requestCode({ purpose: 'register', channel: 'email', email: 'wrong@example.test' });
    const code = codeIn((await mailTo('wrong@example.test', /registration code/)).text)!;
    const res = await api(rig.s.app, 'POST', '/api/auth/register', {
      body: registration({
        username: 'wrong_code',
        email: 'wrong@example.test',
        verificationCode: code === '123456' ? '654321' : '123456',
      }),
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(issue(res)).toEqual({ path: 'verificationCode', message: 'The verification code is wrong' });
    expect((await rig.s.db.query(`SELECT 1 FROM users WHERE username = 'wrong_code'`)).rows).toHaveLength(0);
  });
});

describe('the superior and the role', () => {
  it('places the account under the superior whose client code is given', async () => {
    const dealer = await makeUser(rig.s.db, {
      username: 'reg_dealer',
      roleId: await builtinRoleId(rig.s.db, 'dealer'),
      superiorId: await adminId(rig.s.db),
      level: 1,
    });
    const code = (await rig.s.db.query<{ code: string }>(`SELECT code FROM users WHERE id = $1`, [dealer.id])).rows[0]!;
    await requestCode({ purpose: 'register', channel: 'email', email: 'under@example.test' });
    const mailed = codeIn((await mailTo('under@example.test', /registration code/)).text)!;
    const res = await api(rig.s.app, 'POST', '/api/auth/register', {
      body: registration({
        username: 'under_dealer',
        email: 'under@example.test',
        superiorCode: code.code.toLowerCase(),
        verificationCode: mailed,
      }),
      ip: nextIp(),
    });
    expect(res.status, res.body.msg).toBe(200);
    const row = (
      await rig.s.db.query<{ superior_id: number; path: string; parent_customer_code: string }>(
        `SELECT superior_id, path, parent_customer_code FROM users WHERE username = 'under_dealer'`,
      )
    ).rows[0]!;
    expect(row.superior_id).toBe(dealer.id);
    expect(row.path.startsWith(dealer.path)).toBe(true);
    expect(row.parent_customer_code).toBe(code.code);
  });

  it('refuses an unknown client code on its field, in the reader language, and spends the code', async () => {
    await requestCode({ purpose: 'register', channel: 'email', email: 'nosup@example.test' });
    const mailed = codeIn((await mailTo('nosup@example.test', /registration code/)).text)!;
    const body = registration({
      username: 'no_superior',
      email: 'nosup@example.test',
      superiorCode: 'U999999',
      verificationCode: mailed,
    });
    const res = await api(rig.s.app, 'POST', '/api/auth/register', { body, ip: nextIp(), lang: 'cs' });
    expect(res.status).toBe(400);
    expect(issues(res)).toEqual([
      { path: 'superiorCode', message: 'Žádný účet nemá tento kód zákazníka' },
      { path: 'verificationCode', message: 'Tento kód už byl použit: vyžádejte si prosím nový' },
    ]);
    // The same code with a client code that exists: the code was spent by the first answer.
    const again = await api(rig.s.app, 'POST', '/api/auth/register', {
      body: { ...body, superiorCode: undefined, password: encryptPassword(rig.key, 'Solar-2026') },
      ip: nextIp(),
    });
    expect(issue(again)).toEqual({
      path: 'verificationCode',
      message: 'The verification code is no longer valid: please request a new one',
    });
    expect((await rig.s.db.query(`SELECT 1 FROM users WHERE username = 'no_superior'`)).rows).toHaveLength(0);
  });

  it('refuses a superior below the chosen role', async () => {
    const owner = await makeUser(rig.s.db, {
      username: 'reg_owner',
      roleId: await builtinRoleId(rig.s.db, 'personal'),
      superiorId: await adminId(rig.s.db),
      level: 3,
    });
    const code = (await rig.s.db.query<{ code: string }>(`SELECT code FROM users WHERE id = $1`, [owner.id])).rows[0]!;
    await requestCode({ purpose: 'register', channel: 'email', email: 'above@example.test' });
    const mailed = codeIn((await mailTo('above@example.test', /registration code/)).text)!;
    const res = await api(rig.s.app, 'POST', '/api/auth/register', {
      body: registration({
        username: 'above_owner',
        email: 'above@example.test',
        role: 'engineering',
        superiorCode: code.code,
        verificationCode: mailed,
      }),
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(issue(res)?.path).toBe('superiorCode');
  });

  it.each(['dealer', 'operator'])('refuses the %s role', async (role) => {
    const res = await api(rig.s.app, 'POST', '/api/auth/register', {
      body: registration({ username: `as_${role}`, role }),
      ip: nextIp(),
      lang: 'zh',
    });
    expect(res.status).toBe(400);
    expect(issue(res)?.path).toBe('role');
    if (role === 'dealer') expect(issue(res)?.message).toBe('经销商账号不能自行注册，请联系服务商');
  });
});

describe('no account enumeration', () => {
  it('answers alike for a registered and an unknown address, and mails the owner a note instead of a code', async () => {
    const known = 'known@example.test';
    // An owner whose address a code proved (migration 0043): only such an address counts as registered.
    await rig.s.db.query(`UPDATE users SET email = $1, verified_email = $1 WHERE username = 'reg_owner'`, [known]);
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1)
      for (const which of ['known', 'unknown'] as const) {
        const email = which === 'known' ? known : `unknown${i}@example.test`;
        // A fresh address each round for the known one too would not be known: wait out its resend instead.
        await rig.s.db.query(`DELETE FROM verification_codes WHERE address = $1`, [email]);
        const started = process.hrtime.bigint();
        const res = await requestCode({ purpose: 'register', channel: 'email', email });
        times[which].push(Number(process.hrtime.bigint() - started) / 1e6);
        answers.push(JSON.stringify([res.status, res.body]));
      }
    expect(new Set(answers).size).toBe(1);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Loose: the same work either way, so neither median is a multiple of the other (no absolute speed asserted).
    const [a, b] = [median(times.known), median(times.unknown)];
    expect(Math.max(a, b)).toBeLessThan(3 * Math.min(a, b) + 20);
    const note = await mailTo(known, /registration$/);
    expect(codeIn(note.text)).toBeUndefined();
    expect(rig.smtp.mails.filter((m) => m.to === known && /code/.test(m.subject))).toHaveLength(0);
  });

  it('answers a forgot-password request alike for a registered and an unknown address', async () => {
    const known = await requestCode({ purpose: 'reset', channel: 'email', email: 'known@example.test' });
    const unknown = await requestCode({ purpose: 'reset', channel: 'email', email: 'nobody@example.test' });
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    await mailTo('known@example.test', /reset code/);
    expect(rig.smtp.mails.filter((m) => m.to === 'nobody@example.test')).toHaveLength(0);
  });
});

describe('limits and hostile input', () => {
  it('limits the codes one client address may ask for', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push(
        (await requestCode({ purpose: 'register', channel: 'email', email: `ip${i}@example.test` }, ip)).status,
      );
    expect(statuses.slice(0, 20).every((st) => st === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await requestCode({ purpose: 'register', channel: 'email', email: 'ip21@example.test' })).status).toBe(200);
  });

  it('makes a second code to an address wait, and says how long', async () => {
    await requestCode({ purpose: 'register', channel: 'email', email: 'again@example.test' });
    const res = await requestCode(
      { purpose: 'register', channel: 'email', email: 'again@example.test' },
      nextIp(),
      'de',
    );
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/^Bitte warten Sie \d+ s/);
  });

  // Built when each runs: the bodies hold a password encrypted with the server's key.
  const hostile: [string, () => string][] = [
    ['NUL in the username', () => JSON.stringify(registration({ username: 'nul\u0000user' }))],
    [
      'a lone surrogate in the name',
      () => JSON.stringify(registration({ name: 'x' })).replace('"name":"x"', '"name":"\\ud800"'),
    ],
    ['a 1 MB e-mail address', () => JSON.stringify(registration({ email: `${'a'.repeat(1_000_000)}@example.test` }))],
    ['an array for a field', () => JSON.stringify(registration({ phone: ['13912345678'] }))],
    ['an array for the body', () => JSON.stringify([registration()])],
  ];
  it.each(hostile)('refuses %s with a localised 400 and creates nothing', async (_what, body) => {
    const payload = body();
    for (const url of ['/api/auth/register', '/api/auth/codes', '/api/auth/password-reset']) {
      const res = await rig.s.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'accept-language': 'de' },
        payload,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, url).toBe(400);
      const body = res.json<{ code: string; msg: string }>();
      expect(body.code).toBe('validation');
      expect(body.msg).not.toMatch(/required|invalid|Expected/i);
    }
    expect((await rig.s.db.query(`SELECT 1 FROM users WHERE username LIKE 'nul%'`)).rows).toHaveLength(0);
  });
});

describe('password reset by code', () => {
  it('lets an administrator send a subordinate a code, which sets a new password and ends their sessions', async () => {
    const user = await makeUser(rig.s.db, {
      username: 'forgetful',
      password: 'Old-pass-1',
      roleId: await builtinRoleId(rig.s.db, 'personal'),
      superiorId: await adminId(rig.s.db),
      level: 3,
    });
    await rig.s.db.query(`UPDATE users SET phone = '+55-11912345678' WHERE id = $1`, [user.id]);
    const oldSession = await loginToken(rig.s.app, 'forgetful', 'Old-pass-1');
    const admin = await loginToken(rig.s.app, 'admin', TEST_ADMIN_PASSWORD);
    const started = await api(rig.s.app, 'POST', `/api/users/${user.id}/password-reset`, { token: admin });
    expect(started.status, started.body.msg).toBe(200);
    const code = codeIn((await smsTo('+5511912345678')).text)!;
    const res = await api(rig.s.app, 'POST', '/api/auth/password-reset', {
      body: { account: 'forgetful', verificationCode: code, newPassword: encryptPassword(rig.key, 'New-pass-2') },
      ip: nextIp(),
    });
    expect(res.status, res.body.msg).toBe(200);
    expect((await api(rig.s.app, 'GET', '/api/auth/me', { token: oldSession })).status).toBe(401);
    expect((await tryLogin(rig.s.app, 'forgetful', 'Old-pass-1')).status).toBe(401);
    expect((await tryLogin(rig.s.app, 'forgetful', 'New-pass-2')).status).toBe(200);
  });

  it('answers 404 for a user outside the caller subtree', async () => {
    const engineering = await builtinRoleId(rig.s.db, 'dealer');
    const a = await makeUser(rig.s.db, {
      username: 'branch_a',
      roleId: engineering,
      superiorId: await adminId(rig.s.db),
    });
    const b = await makeUser(rig.s.db, {
      username: 'branch_b',
      roleId: engineering,
      superiorId: await adminId(rig.s.db),
    });
    await rig.s.db.query(`UPDATE users SET email = 'b@example.test' WHERE id = $1`, [b.id]);
    const token = await loginToken(rig.s.app, 'branch_a', 'Passw0rd-1');
    const res = await api(rig.s.app, 'POST', `/api/users/${b.id}/password-reset`, { token });
    expect(res.status).toBe(404);
    expect(a.id).not.toBe(b.id);
  });

  it('resets by the address the forgot-password page asked with', async () => {
    await requestCode({ purpose: 'reset', channel: 'email', email: 'reg@example.test' });
    const code = codeIn((await mailTo('reg@example.test', /reset code/)).text)!;
    const res = await api(rig.s.app, 'POST', '/api/auth/password-reset', {
      body: {
        account: 'REG@example.test',
        verificationCode: code,
        newPassword: encryptPassword(rig.key, 'Sunny-2027'),
      },
      ip: nextIp(),
    });
    expect(res.status, res.body.msg).toBe(200);
    expect((await tryLogin(rig.s.app, 'reg_user', 'Sunny-2027')).status).toBe(200);
  });
});
