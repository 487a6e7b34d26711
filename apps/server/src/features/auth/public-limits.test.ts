import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('public login helpers have their own budgets', () => {
  it('never refuses the public key because the captcha was refreshed', async () => {
    const ip = '198.51.100.7';
    let refused = 0;
    for (let i = 0; i < 70; i += 1) {
      const res = await api(s.app, 'GET', '/api/auth/captcha', { ip });
      if (res.status === 429) refused += 1;
    }
    // The captcha budget is spent (the refreshes are limited) …
    expect(refused).toBeGreaterThan(0);
    // … and the public key is still served to the same address.
    const key = await api<{ publicKey: string }>(s.app, 'GET', '/api/auth/public-key', { ip });
    expect(key.status).toBe(200);
    expect(key.body.data.publicKey).toMatch(/BEGIN PUBLIC KEY/);
  });

  it('still limits a flood of public-key requests from one address', async () => {
    const ip = '198.51.100.8';
    const answers = [];
    for (let i = 0; i < 310; i += 1) answers.push((await api(s.app, 'GET', '/api/auth/public-key', { ip })).status);
    expect(answers.filter((st) => st === 429).length).toBeGreaterThan(0);
    expect((await api(s.app, 'GET', '/api/auth/public-key', { ip: '198.51.100.9' })).status).toBe(200);
  });
});
