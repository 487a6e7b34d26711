import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, loginToken, startTestServer, type TestServer } from '../test/harness.js';
import { concretePath, makeFuzzWorld, type FuzzWorld } from '../test/fuzz-world.js';
import type { OpenApi, Parameter } from '../test/openapi-doc.js';
import { QUERY_VALUES } from '../test/openapi-scope-bodies.js';

/**
 * Generated from /api/openapi.json, so a new route's query is covered without touching this file: every query
 * parameter of every route gets a NUL byte, invalid UTF-8 (a lone surrogate's bytes), a 1 MB string, 1e-320, 1e309,
 * -0 and itself twice (an array where one value belongs). Expected: never a 5xx, and every JSON answer in the caller's
 * language. The write routes' bodies have their own sweep (openapi-hostile.test.ts).
 */

let s: TestServer;
let admin: string;
let doc: OpenApi;
let ids: FuzzWorld;

beforeAll(async () => {
  s = await startTestServer();
  admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  doc = (await s.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();
  ids = await makeFuzzWorld(s.db);
});
afterAll(() => s.close());

const HOSTILE: [string, string][] = [
  ['NUL', 'a%00b'],
  ['invalid UTF-8', 'a%ED%A0%80b'],
  ['1 MB string', 'x'.repeat(1024 * 1024)],
  ['1e-320', '1e-320'],
  ['1e309', '1e309'],
  ['-0', '-0'],
];
const CJK = /[\u3400-\u9fff]/;

/** Routes that change something on a GET-free method are the body sweep's; here every route with a query. */
function queryRoutes(): { method: string; path: string; query: Parameter[] }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .map(([method, op]) => ({ method, path, query: (op.parameters ?? []).filter((p) => p.in === 'query') }))
      .filter((r) => r.query.length > 0 && r.method !== 'delete'),
  );
}

/** The route's required parameters with valid values, and one parameter replaced by `raw` (URL-encoded already). */
function urlWith(route: { path: string; query: Parameter[] }, name: string, raw: string, twice = false): string {
  const parts = route.query
    .filter((p) => p.required && p.name !== name)
    .map((p) => `${p.name}=${encodeURIComponent(QUERY_VALUES[p.name] ?? 'x')}`);
  parts.push(`${name}=${raw}`);
  if (twice) parts.push(`${name}=${raw}`);
  return `${concretePath(route.path, ids)}?${parts.join('&')}`;
}

describe('hostile values in every query parameter of every route', () => {
  it('never answer 5xx, and always answer in the caller language', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of queryRoutes()) {
      for (const param of route.query) {
        const valid = encodeURIComponent(QUERY_VALUES[param.name] ?? 'x');
        for (const [what, raw, twice] of [...HOSTILE, ['twice', valid, true] as const]) {
          const label = `${route.method.toUpperCase()} ${route.path} ?${param.name} = ${what}`;
          const res = await s.app.inject({
            method: route.method.toUpperCase() as 'GET',
            url: urlWith(route, param.name, raw, twice === true),
            headers: { token: admin, 'accept-language': 'zh' },
          });
          sent += 1;
          if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) continue;
          const msg = res.json<{ msg?: string }>().msg ?? '';
          if (!CJK.test(msg))
            failures.push(`${label}: ${res.statusCode}, message not in Chinese: ${msg.slice(0, 120)}`);
        }
      }
    }
    if (process.env.FUZZ_DEBUG) console.log(`${sent} requests to ${queryRoutes().length} routes`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(200);
  }, 600_000);
});
