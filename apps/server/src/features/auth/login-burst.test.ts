import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  builtinRoleId,
  makeUser,
  startTestServer,
  tryLogin,
  type TestServer,
} from '../../test/harness.js';
import { LOGIN_LIMITS, startLoginAttempt } from './login-limits.js';

// Logins are counted before the password is checked, like password changes: a burst of parallel guesses from one
// address gets no more checks than guesses one at a time, and a right password takes its own count back.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await makeUser(s.db, {
    username: 'bursted',
    password: 'Right-pass1',
    roleId: await builtinRoleId(s.db, 'personal'),
    superiorId: await adminId(s.db),
    level: 3,
  });
});
afterAll(() => s.close());

describe('login attempts counted before the check', () => {
  it('refuses unchecked, even when right, a password that arrives while five attempts are in flight', async () => {
    // Five guesses counted and still being checked (what a parallel burst reaches): were attempts counted only after
    // the slow check, the right password arriving now would be checked and let in.
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) await startLoginAttempt(s.db, 'bursted', '10.7.0.1');
    const res = await tryLogin(s.app, 'bursted', 'Right-pass1', { ip: '10.7.0.1' });
    expect(res.status).toBe(429);
    // Another address is not affected.
    expect((await tryLogin(s.app, 'bursted', 'Right-pass1', { ip: '10.7.0.2' })).status).toBe(200);
  });

  it('answers at most five of a parallel burst of wrong passwords as checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tryLogin(s.app, 'bursted', `Wrong-pass${i}`, { ip: '10.7.1.1' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndAddress);
    expect(statuses.filter((st) => st === 429).length).toBeGreaterThanOrEqual(12 - LOGIN_LIMITS.perAccountAndAddress);
  });

  it("a right password takes back its own attempt: the owner's logins never add up to a throttle", async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp + 5; i++)
      expect((await tryLogin(s.app, 'admin', TEST_ADMIN_PASSWORD, { ip: '10.7.2.1' })).status).toBe(200);
    // Four wrong, then right: the right one clears this account's count from this address.
    for (let i = 0; i < 4; i++) await tryLogin(s.app, 'bursted', 'Wrong-pass1', { ip: '10.7.2.2' });
    expect((await tryLogin(s.app, 'bursted', 'Right-pass1', { ip: '10.7.2.2' })).status).toBe(200);
    for (let i = 0; i < 4; i++) await tryLogin(s.app, 'bursted', 'Wrong-pass1', { ip: '10.7.2.2' });
    expect((await tryLogin(s.app, 'bursted', 'Right-pass1', { ip: '10.7.2.2' })).status).toBe(200);
  });
});
