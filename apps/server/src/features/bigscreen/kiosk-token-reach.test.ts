/**
 * What a kiosk token opens: the big-screen reads and nothing else. Generated from /api/openapi.json, so a route added
 * later is covered without touching this file: sent with a valid kiosk token (in the kiosk header, and as if it were a
 * session token), every other route answers exactly as it does with no credentials at all, and changes nothing.
 * Also the token's rate limit: a flood on one token stops that token only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_HEADER, type KioskLinkCreated } from '@voltfleet/domain/big-screen';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makePlant,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { changedTables, fingerprint, type OpenApi, type Operation } from '../../test/openapi-doc.js';
import { KIOSK_READS_PER_MINUTE } from './big-screen.routes.js';

let s: TestServer;
let session: string;
let doc: OpenApi;
const VOLATILE = new Set(['operation_records', 'sessions', 'login_failures', 'used_nonces', 'captchas']);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function newLink(name: string): Promise<string> {
  const res = await api<KioskLinkCreated>(s.app, 'POST', '/api/kiosk-links', {
    token: session,
    body: { name, plantIds: null, expiresOn: inDays(10) },
  });
  expect(res.status).toBe(200);
  return res.body.data.token;
}

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const owner = await makeUser(s.db, {
    username: 'reachOwner',
    roleId: await builtinRoleId(s.db, 'dealer'),
    superiorId: root,
  });
  await makePlant(s.db, 'Reach_Plant', owner.id);
  session = await loginToken(s.app, 'reachOwner', 'Passw0rd-1');
  doc = (await s.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();
}, 120_000);
afterAll(() => s.close());

describe('a kiosk token', () => {
  it('opens no route but the big-screen reads (generated from the OpenAPI document)', async () => {
    const token = await newLink('Reach');
    const failures: string[] = [];
    let refusedForLogin = 0;
    for (const [route, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops) as (keyof typeof ops & string)[]) {
        const op: Operation = ops[method]!;
        if (route.startsWith('/api/big-screen/')) continue;
        const url = route.replace(/\{\w+\}/g, '1');
        const body = op.requestBody ? { payload: '{}', 'content-type': 'application/json' } : undefined;
        const send = (headers: Record<string, string>) =>
          s.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: {
              'accept-language': 'en',
              ...headers,
              ...(body ? { 'content-type': body['content-type'] } : {}),
            },
            ...(body ? { payload: body.payload } : {}),
          });
        const before = await fingerprint(s.db, VOLATILE);
        const bare = await send({});
        const asKiosk = [
          await send({ [KIOSK_HEADER]: token }),
          await send({ token }),
          await send({ authorization: `Bearer ${token}` }),
        ];
        const changed = changedTables(before, await fingerprint(s.db, VOLATILE));
        const code = (r: typeof bare) => (String(r.headers['content-type']).includes('json') ? r.json().code : '');
        for (const r of asKiosk) {
          if (r.statusCode !== bare.statusCode || code(r) !== code(bare))
            failures.push(`${method} ${route}: ${r.statusCode} ${code(r)} ≠ ${bare.statusCode} ${code(bare)}`);
        }
        if (changed.length > 0) failures.push(`${method} ${route}: changed ${changed.join(', ')}`);
        if (bare.statusCode === 401) refusedForLogin += 1;
      }
    }
    expect(failures).toEqual([]);
    // The comparison means something only if most routes refuse a caller without a session.
    expect(refusedForLogin).toBeGreaterThan(100);
    // And the token does open the big screens.
    const screen = await s.app.inject({ url: '/api/big-screen/summary', headers: { [KIOSK_HEADER]: token } });
    expect(screen.statusCode).toBe(200);
  }, 600_000);

  it('is limited in rate per token, without touching another token or a signed-in user', async () => {
    const flood = await newLink('Flood');
    const calm = await newLink('Calm');
    const read = (headers: Record<string, string>) =>
      s.app.inject({ url: '/api/big-screen/scope', headers: { 'accept-language': 'cs', ...headers } });
    for (let i = 0; i < KIOSK_READS_PER_MINUTE; i += 1) {
      const res = await read({ [KIOSK_HEADER]: flood });
      if (res.statusCode !== 200) throw new Error(`read ${i} refused early: ${res.statusCode}`);
    }
    const over = await read({ [KIOSK_HEADER]: flood });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'rate_limited',
      msg: 'Tento odkaz pro velkou obrazovku načítá data příliš často. Zkuste to za minutu znovu.',
    });
    expect((await read({ [KIOSK_HEADER]: calm })).statusCode).toBe(200);
    expect((await read({ token: session })).statusCode).toBe(200);
  }, 300_000);
});
