import { describe, expect, it } from 'vitest';
import { adminId, api, builtinRoleId, encryptPassword, makeUser } from '../../test/harness.js';
import { registrationRig } from './registration-rig.js';

// Registration tells nothing without a right code, and a right code is one attempt (issue: oracles).
const { rig, codeIn, mailTo, registration, requestCode, issues, issue, nextIp } = registrationRig();

describe('no oracle in registration', () => {
  /** The client code of an account that exists and could be the superior. */
  const adminCode = async () =>
    (await rig.s.db.query<{ code: string }>(`SELECT code FROM users WHERE id = $1`, [await adminId(rig.s.db)])).rows[0]!
      .code;

  it('answers alike for a client code that exists and one that does not when the code is not right', async () => {
    await requestCode({ purpose: 'register', channel: 'email', email: 'probe@example.test' });
    const mailed = codeIn((await mailTo('probe@example.test', /registration code/)).text)!;
    const wrong = mailed === '123456' ? '654321' : '123456';
    const answers = [];
    for (const [email, verificationCode] of [
      ['probe@example.test', wrong], // a code was sent, this guess is wrong
      ['nocode@example.test', '123456'], // no code was ever sent
    ])
      for (const superiorCode of ['U999999', await adminCode()]) {
        const res = await api(rig.s.app, 'POST', '/api/auth/register', {
          body: registration({ username: 'prober', email, superiorCode, verificationCode }),
          ip: nextIp(),
        });
        answers.push({ email, status: res.status, issues: issues(res) });
      }
    expect(answers).toEqual([
      ...Array(2).fill({
        email: 'probe@example.test',
        status: 400,
        issues: [{ path: 'verificationCode', message: 'The verification code is wrong' }],
      }),
      ...Array(2).fill({
        email: 'nocode@example.test',
        status: 400,
        issues: [
          { path: 'verificationCode', message: 'The verification code is no longer valid: please request a new one' },
        ],
      }),
    ]);
  });

  it('spends the code on a taken username: one code cannot probe a second name', async () => {
    await makeUser(rig.s.db, {
      username: 'taken_name',
      roleId: await builtinRoleId(rig.s.db, 'personal'),
      superiorId: await adminId(rig.s.db),
    });
    await requestCode({ purpose: 'register', channel: 'email', email: 'names@example.test' });
    const mailed = codeIn((await mailTo('names@example.test', /registration code/)).text)!;
    const body = registration({ username: 'taken_name', email: 'names@example.test', verificationCode: mailed });
    const taken = await api(rig.s.app, 'POST', '/api/auth/register', { body, ip: nextIp() });
    expect(taken.status).toBe(400);
    expect(issues(taken)).toEqual([
      { path: 'username', message: 'This username is already taken' },
      { path: 'verificationCode', message: 'This code has been used: please request a new one' },
    ]);
    const second = await api(rig.s.app, 'POST', '/api/auth/register', {
      body: { ...body, username: 'free_name', password: encryptPassword(rig.key, 'Solar-2026') },
      ip: nextIp(),
    });
    expect(issue(second)?.message).toBe('The verification code is no longer valid: please request a new one');
    expect((await rig.s.db.query(`SELECT 1 FROM users WHERE username = 'free_name'`)).rows).toHaveLength(0);
  });
});
