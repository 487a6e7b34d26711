import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../test/harness.js';
import { redact } from './audit.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('envelope and errors', () => {
  it('asks for login, localised, on any API path without a session', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/auth/nothing-here',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', msg: 'Bitte melden Sie sich an!', data: null });
  });

  it('turns malformed JSON into a validation answer, not a crash', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
  });

  it('refuses bodies over the limit', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('rate-limits the captcha endpoint per address', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await api(s.app, 'GET', '/api/auth/captcha', { ip: '203.0.113.9' })).status;
    expect(last).toBe(429);
    expect((await api(s.app, 'GET', '/api/auth/captcha', { ip: '203.0.113.10' })).status).toBe(200);
  });
});

describe('operations endpoints', () => {
  it('reports health, readiness and metrics', async () => {
    expect((await s.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await s.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const metrics = await s.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/voltfleet_http_requests_total/);
  });

  it('publishes OpenAPI with the auth routes and their schemas', async () => {
    const doc = (await s.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/roles/{id}', '/api/users']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password', 'captchaId', 'captchaCode']),
    );
    expect((await s.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers', async () => {
    const res = await s.app.inject({ url: '/api/auth/public-key' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-frame-options']).toBeDefined();
  });
});

describe('redact', () => {
  it.each([
    [
      { password: 'x', name: 'n' },
      { password: '***', name: 'n' },
    ],
    [{ nested: { newPassword: 'x', captchaCode: 'y' } }, { nested: { newPassword: '***', captchaCode: '***' } }],
    [
      { token: 'abc', list: [{ secret: 1 }] },
      { token: '***', list: [{ secret: '***' }] },
    ],
  ])('hides secrets in %j', (input, expected) => {
    expect(redact(input)).toEqual(expected);
  });
});
