/**
 * Generated from /api/openapi.json, so a new write route is covered without touching this file:
 * - every request body schema is strict (unknown fields are refused, docs/security.md);
 * - every text field of every JSON write route gets a NUL byte, a lone surrogate and a 1 MB string, and every number
 *   field 1e-320, 1e309 and -0: never a 5xx, always a message in the caller's language, and an operation record for
 *   each accepted change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, loginToken, startTestServer, type TestServer } from '../test/harness.js';
import { VALID_PLANT_INPUT } from '../test/plant-input.js';
import { concretePath, makeFuzzWorld, type FuzzWorld } from '../test/fuzz-world.js';
import { overlay, sample, type JsonSchema, type Leaf, type OpenApi } from '../test/openapi-doc.js';

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

const WRITE = ['post', 'put', 'patch', 'delete'];

function writeRoutes(): { method: string; path: string; body: JsonSchema | undefined }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => WRITE.includes(method))
      .map(([method, op]) => ({ method, path, body: op.requestBody?.content?.['application/json']?.schema })),
  );
}

/** Object schemas in a body schema that do not refuse unknown fields, by their path. */
function looseObjects(schema: JsonSchema, at = '$'): string[] {
  const out: string[] = [];
  const types = [schema.type].flat();
  if (types.includes('object') || schema.properties) {
    if (schema.additionalProperties !== false) out.push(at);
    for (const [k, v] of Object.entries(schema.properties ?? {})) out.push(...looseObjects(v, `${at}.${k}`));
  }
  if (schema.items) out.push(...looseObjects(schema.items, `${at}[]`));
  for (const [i, option] of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])].entries())
    out.push(...looseObjects(option, `${at}|${i}`));
  return out;
}

/** Valid bodies for some routes, so a harmless value (-0) is accepted and the record check has changes to check. */
const plantBody = { ...VALID_PLANT_INPUT, name: 'Fuzz_Plant_2', address: 'Fuzz street 2' };
const VALID: Record<string, unknown> = {
  'put /api/auth/me': { name: 'Fuzz_Admin', company: 'Fuzz', remark: 'Fuzz' },
  'post /api/plants': plantBody,
  'put /api/plants/{plantId}': { ...plantBody, name: 'Fuzz_Plant' },
  'put /api/roles/{id}': { name: 'Fuzz_Role', description: 'Fuzz', permissions: ['A', 'A/A'], views: [] },
};

const MARK = '"@@hostile@@"';
const TEXTS: [string, string][] = [
  ['NUL', JSON.stringify('a\u0000b')],
  ['lone surrogate', '"a\\ud800b"'],
  ['1 MB string', JSON.stringify('x'.repeat(1024 * 1024))],
];
const NUMBERS: [string, string][] = [
  ['1e-320', '1e-320'],
  ['1e309', '1e309'],
  ['-0', '-0'],
];

function withValue(body: unknown, path: (string | number)[], raw: string): string {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let holder = copy;
  for (const part of path.slice(0, -1)) holder = holder[part] as Record<string | number, unknown>;
  holder[path[path.length - 1]!] = '@@hostile@@';
  return JSON.stringify(copy).replace(MARK, raw);
}

const CJK = /[\u3400-\u9fff]/;

describe('request body schemas from the OpenAPI document', () => {
  it('finds the write routes', () => {
    expect(writeRoutes().filter((r) => r.body).length).toBeGreaterThan(15);
  });

  it('are strict everywhere (unknown fields refused)', () => {
    const loose = writeRoutes().flatMap((r) =>
      r.body ? looseObjects(r.body).map((at) => `${r.method.toUpperCase()} ${r.path} ${at}`) : [],
    );
    expect(loose).toEqual([]);
  });
});

describe('hostile values in every field of every write route', () => {
  it('never answer 5xx, always answer in the caller language, and record every accepted change', async () => {
    const failures: string[] = [];
    let sent = 0;
    let accepted = 0;
    // Deletes last, so the objects the other routes need still exist.
    const routes = writeRoutes()
      .filter((r) => r.body)
      .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    for (const route of routes) {
      const leaves: Leaf[] = [];
      const base = overlay(sample(route.body!, [], leaves), VALID[`${route.method} ${route.path}`]);
      for (const leaf of leaves) {
        for (const [what, raw] of leaf.kind === 'text' ? TEXTS : NUMBERS) {
          const label = `${route.method.toUpperCase()} ${route.path} ${leaf.path.join('.') || '(body)'} = ${what}`;
          const before = await s.db.query<{ id: string }>(`SELECT max(id) AS id FROM operation_records`);
          const res = await s.app.inject({
            method: route.method.toUpperCase() as 'POST',
            url: concretePath(route.path, ids),
            headers: { token: admin, 'accept-language': 'zh', 'content-type': 'application/json' },
            payload: leaf.path.length ? withValue(base, leaf.path, raw) : raw,
          });
          sent += 1;
          if (process.env.FUZZ_DEBUG) console.log(label, res.statusCode, res.body.slice(0, 200));
          const body = res.json<{ code: string; msg: string }>();
          if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${body.msg}`);
          if (!CJK.test(body.msg ?? '')) failures.push(`${label}: message not in Chinese: ${body.msg}`);
          if (res.statusCode < 300) {
            accepted += 1;
            const after = await s.db.query<{ status: number; ok: boolean }>(
              `SELECT status, ok FROM operation_records WHERE id > coalesce($1::bigint, 0) ORDER BY id DESC LIMIT 1`,
              [before.rows[0]?.id ?? null],
            );
            const record = after.rows[0];
            if (!record || !record.ok || record.status !== res.statusCode)
              failures.push(`${label}: accepted (${res.statusCode}) without its operation record`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    // -0 is a fine number: some requests must have gone through, or the check above proved nothing about records.
    expect(accepted).toBeGreaterThan(0);
  }, 300_000);
});
