/**
 * Generated from /api/openapi.json, so a new write route is fuzzed without touching this file: every JSON write
 * route gets bodies built by fast-check from its schema, each field either a value of its own type or anything else
 * (wrong types, arrays where objects belong, control characters, lone surrogates, huge and tiny numbers, missing
 * fields, extra fields). Seeded and bounded: the same bodies every run, a fixed number per route.
 * Expected: never a 5xx; every refusal says why in the caller's language; every accepted change has its record.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, loginToken, startTestServer, type TestServer } from '../test/harness.js';
import type { JsonSchema, OpenApi } from '../test/openapi-doc.js';

/** Fixed, so a failure can be replayed; change it to explore other bodies. */
const SEED = 20261126;
const RUNS_PER_ROUTE = 25;
const CJK = /[\u3400-\u9fff]/;

let s: TestServer;
let admin: string;
let doc: OpenApi;

beforeAll(async () => {
  s = await startTestServer();
  admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  doc = (await s.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();
});
afterAll(() => s.close());

const hostileText = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/), weight: 4 },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\ud800b', '\udfff', '<script>x</script>', ' ', '', '𝔘𝔫𝔦', 'x'.repeat(70_000)),
);
const hostileNumber = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 100 }), weight: 4 },
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e-320, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 31, -(2 ** 31) - 1),
);
/** Anything JSON can say, for a field that expects something else. */
const anything: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Values of the schema's own shape (often valid), or, one time in ten, anything at all. */
function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const own = ownShape(schema, depth);
  return fc.oneof({ arbitrary: own, weight: 9 }, { arbitrary: anything, weight: 1 });
}

function ownShape(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const options = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (options.length > 0) return fc.oneof(...options.map((o) => ownShape(o, depth)));
  if (schema.allOf?.[0]) return ownShape(schema.allOf[0], depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = [schema.type].flat().find((t) => t !== 'null');
  if (depth > 4) return anything;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of entries) record[k] = arbitraryFor(v, depth + 1);
      // Mostly the required fields present, sometimes any of them left out; now and then a field the schema does
      // not know.
      const required = (schema.required ?? []).filter((k) => k in record);
      return fc
        .tuple(
          fc.oneof(
            { arbitrary: fc.record(record, { requiredKeys: required }), weight: 4 },
            { arbitrary: fc.record(record, { requiredKeys: [] }), weight: 1 },
          ),
          fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), anything), { freq: 10 }),
        )
        .map(([body, extra]) => (extra ? { ...body, [`x_${extra[0]}`]: extra[1] } : body));
    }
    case 'array':
      return fc.array(schema.items ? arbitraryFor(schema.items, depth + 1) : anything, { maxLength: 4 });
    case 'string':
      return schema.format === 'date'
        ? fc.constantFrom('2024-05-01', '2024-02-30', '1900-01-01', '9999-12-31')
        : schema.format === 'date-time'
          ? fc.constantFrom('2024-05-01T10:00:00Z', '2024-13-01T00:00:00Z', 'yesterday')
          : hostileText;
    case 'number':
    case 'integer':
      return hostileNumber;
    case 'boolean':
      return fc.boolean();
    default:
      return anything;
  }
}

const WRITE = ['post', 'put', 'patch', 'delete'];
/** Routes that end the caller's session or change its password would stop the fuzzing itself. */
const SKIP = new Set(['post /api/auth/logout', 'post /api/auth/password', 'post /api/auth/login']);

function concrete(path: string): string {
  // Ids that exist (the administrator and the built-in roles) or not: both must be answered, never with a 5xx.
  return path.replace(/\{\w+\}/g, '1');
}

describe('fast-check bodies on every JSON write route', () => {
  it('never a 5xx, always a localised refusal, a record for every accepted change', async () => {
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => WRITE.includes(method) && !SKIP.has(`${method} ${path}`))
        .flatMap(([method, op]) => {
          const schema = op.requestBody?.content?.['application/json']?.schema;
          return schema ? [{ method, path, schema }] : [];
        }),
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const [i, route] of routes.entries()) {
      const bodies = fc.sample(arbitraryFor(route.schema), { seed: SEED + i, numRuns: RUNS_PER_ROUTE });
      for (const body of bodies) {
        const label = `${route.method.toUpperCase()} ${route.path} ${JSON.stringify(body).slice(0, 120)}`;
        const before = await s.db.query<{ id: string | null }>(`SELECT max(id)::text AS id FROM operation_records`);
        const res = await s.app.inject({
          method: route.method.toUpperCase() as 'POST',
          url: concrete(route.path),
          headers: { token: admin, 'accept-language': 'zh', 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        sent += 1;
        const answer = res.json<{ msg?: string }>();
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${answer.msg}`);
        else if (res.statusCode >= 400 && !CJK.test(answer.msg ?? ''))
          failures.push(`${label}: refused without a Chinese message: ${answer.msg}`);
        else if (res.statusCode < 300) {
          const after = await s.db.query<{ ok: boolean }>(
            `SELECT ok FROM operation_records WHERE id > coalesce($1::bigint, 0) ORDER BY id DESC LIMIT 1`,
            [before.rows[0]?.id ?? null],
          );
          if (!after.rows[0]?.ok) failures.push(`${label}: accepted (${res.statusCode}) without its record`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(routes.length * RUNS_PER_ROUTE);
    // Some bodies must get through, or the record check above proved nothing.
    expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(0);
  }, 600_000);
});
