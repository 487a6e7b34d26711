/**
 * Generated from /api/openapi.json, so a new route is covered without touching this file: every route that names an
 * object by id (in its path, its query or its JSON body), called by a user of another branch with real ids of this
 * branch, answers exactly as it does for an id that exists nowhere, and changes nothing in the database.
 *
 * Branch A (a user below the administrator) owns one object of every kind. Branch B is a sibling of A holding every
 * permission, so a refusal can only come from scope. A parameter this file cannot fill, or a body with ids it has no
 * valid example for, fails the test by name until a fixture is added here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES } from '@voltfleet/domain/permissions';
import {
  adminId,
  builtinRoleId,
  encryptPassword,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  publicKey,
  startTestServer,
  type TestServer,
} from '../test/harness.js';
import {
  changedTables,
  difference,
  fingerprint,
  multipart,
  propertyNames,
  sample,
  sheetValues,
  type OpenApi,
  type Operation,
  type Parameter,
} from '../test/openapi-doc.js';
import {
  BODIES,
  FIXED_QUERY,
  FIXED_TIMES,
  QUERY_VALUES,
  REPORT_INDEX,
  timestamped,
} from '../test/openapi-scope-bodies.js';
import { hashToken } from './auth.js';

let s: TestServer;
let tokenB: string;
/** An API key of branch A's own user, limited to another plant of A: A's objects must be as far as B's from it. */
let keyA2: string;
let pem: string;
let doc: OpenApi;
/** Branch A's objects, by kind. */
const A: Record<string, number | string> = {};
/** An id no table holds (and a serial number and a username no one has). */
const MISSING = { id: 2_000_000_001, sn: 'ZZNOSUCHSN01', user: 'no-such-user' };

/** Objects that belong to no branch: the firmware catalogue and the upgrade notices are the platform's. */
const GLOBAL: Record<string, string> = {
  '/api/firmware/{id}': 'the firmware catalogue is shared by every branch',
  '/api/notices/{id}': 'upgrade notices are published to every user',
  '/api/notices/{id}/dismiss': 'upgrade notices are published to every user',
};

/** Ids in bodies of objects every branch shares (the same in both calls). */
const SHARED = new Set(['firmware']);

/** Tables whose rows a refused request may legitimately add to or touch: its record, sessions, limits. */
const VOLATILE = new Set(['operation_records', 'sessions', 'login_failures', 'used_nonces', 'captchas']);
/** The same, and a key's note of its last use. */
const KEY_VOLATILE = new Set([...VOLATILE, 'api_keys']);

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const allRole = await makeRole(s.db, 'Scope_All', [...ALL_PERMISSION_CODES], root);
  const a = await makeUser(s.db, { username: 'scope-a', roleId: allRole, superiorId: root });
  const b = await makeUser(s.db, { username: 'scope-b', roleId: allRole, superiorId: root });
  tokenB = await loginToken(s.app, 'scope-b', 'Passw0rd-1');
  pem = await publicKey(s.app);
  A.user = (
    await makeUser(s.db, { username: 'scope-a-sub', roleId: await builtinRoleId(s.db, 'dealer'), superiorId: a.id })
  ).id;
  A.role = await makeRole(s.db, 'Scope_A_Role', ['A', 'A/A'], a.id);
  A.plant = await makePlant(s.db, 'Scope_A_Plant', a.id);
  const one = async (sql: string, params: (string | number)[]) =>
    (await s.db.query<{ id: number }>(sql, params)).rows[0]!.id;
  A.device = await one(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
     VALUES ('SCOPEA00001', 'inverter', '10K', $1, $2, now()) RETURNING id`,
    [a.id, A.plant],
  );
  A.sn = 'SCOPEA00001';
  A.username = 'scope-a';
  A.tariff = await one(
    `INSERT INTO tariff_versions (plant_id, effective_from, currency, created_by) VALUES ($1, '2024-01-01', 'EUR', $2)
     RETURNING id`,
    [A.plant, a.id],
  );
  await s.db.query(
    `INSERT INTO plant_energy_saving (plant_id, coal_kg_per_kwh, co2_kg_per_kwh, trees_per_kwh, updated_by)
     VALUES ($1, 0.4, 0.8, 0.05, $2)`,
    [A.plant, a.id],
  );
  await s.db.query(`INSERT INTO plant_scripts (plant_id, source, updated_by) VALUES ($1, 'pv = pv;', $2)`, [
    A.plant,
    a.id,
  ]);
  A.alarm = await one(
    `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
     VALUES ($1, $2, 'grid.voltageHigh', 'grid', 'major', 2, 'active', now(), now()) RETURNING id`,
    [A.device, A.plant],
  );
  A.command = await one(
    `INSERT INTO commands (wire_id, device_id, user_id, username, kind, category, parameters, idempotency_key,
                           expires_at)
     VALUES ('scope-wire-1', $1, $2, 'scope-a', 'clockSync', 'remote', '{}', 'scope-key-1', now() + interval '1 hour')
     RETURNING id`,
    [A.device, a.id],
  );
  A.rule = await one(
    `INSERT INTO notification_rules (owner_id, name, all_plants, min_severity_rank, emails, channels, hourly_limit,
                                     daily_limit, recovery_notices, enabled)
     VALUES ($1, 'Scope rule', true, 0, '{a@example.com}', '{email}', 10, 20, true, true) RETURNING id`,
    [a.id],
  );
  A.message = await one(
    `INSERT INTO messages (user_id, kind, event, params) VALUES ($1, 'alarm', 'raised', '{}') RETURNING id`,
    [a.id],
  );
  A.workOrder = await one(
    `INSERT INTO work_orders (creator_id, plant_id, device_id, title, type, priority)
     VALUES ($1, $2, $3, 'Scope order', 'maintenance', 'normal') RETURNING id`,
    [a.id, A.plant, A.device],
  );
  A.image = await one(
    `INSERT INTO work_order_images (work_order_id, content_type, width, height, data, uploaded_by)
     VALUES ($1, 'image/png', 1, 1, '\\x00', $2) RETURNING id`,
    [A.workOrder, a.id],
  );
  A.firmware = await one(
    `INSERT INTO firmware_images (kind, family, version, size_bytes, sha256, file_name, storage_name, uploaded_by)
     VALUES ('PCU', '10K', '9.9.9', 1, repeat('0', 64), 'scope.bin', 'scope-none', $1) RETURNING id`,
    [root],
  );
  A.template = await one(
    `INSERT INTO report_templates (owner_id, name, device_ids, indices) VALUES ($1, 'Scope report', $2, $3) RETURNING id`,
    [a.id, `{${A.device}}`, `{${REPORT_INDEX}}`],
  );
  A.export = await one(
    `INSERT INTO report_exports (owner_id, format, lang, query, state, progress_pct, file_name, file, finished_at,
                                 expires_at)
     VALUES ($1, 'csv', 'en', '{}', 'done', 100, 'scope.csv', '\\x41', now(), now() + interval '1 day') RETURNING id`,
    [a.id],
  );
  A.kioskLink = await one(
    `INSERT INTO kiosk_links (owner_id, name, plant_ids, token_hash, expires_at)
     VALUES ($1, 'Scope screen', $2, repeat('a', 64), now() + interval '30 days') RETURNING id`,
    [a.id, `{${A.plant}}`],
  );
  A.apiKey = await one(
    `INSERT INTO api_keys (owner_id, name, shown, key_hash, writes, permissions, plant_ids, expires_at)
     VALUES ($1, 'Scope key', 'vf_scope00', repeat('b', 64), false, '{A}', $2, now() + interval '30 days') RETURNING id`,
    [a.id, `{${A.plant}}`],
  );
  A.webhook = await one(
    `INSERT INTO webhook_subscriptions (owner_id, url, events, plant_ids, secret)
     VALUES ($1, 'https://203.0.113.10/a', '{alarm.raised}', $2, 'whsec_c2NvcGU=') RETURNING id`,
    [a.id, `{${A.plant}}`],
  );
  A.webhookDelivery = await one(
    `INSERT INTO webhook_deliveries (subscription_id, message_id, type, body)
     VALUES ($1, 'msg_scope', 'webhook.ping', '{}') RETURNING id`,
    [A.webhook],
  );
  A.pushSubscription = await one(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label)
     VALUES ($1, 'https://push.example/scope', repeat('p', 87), repeat('a', 22), 'Scope browser') RETURNING id`,
    [a.id],
  );
  const plantA2 = await makePlant(s.db, 'Scope_A_Plant_2', a.id);
  keyA2 = `vf_${'k'.repeat(43)}`;
  await s.db.query(
    `INSERT INTO api_keys (owner_id, name, shown, key_hash, writes, permissions, plant_ids, expires_at)
     VALUES ($1, 'Scope A2 key', 'vf_kkkkkkk', $2, true, $3, $4, now() + interval '30 days')`,
    [a.id, hashToken(keyA2), `{${ALL_PERMISSION_CODES.join(',')}}`, `{${plantA2}}`],
  );
  expect(b.path.startsWith(a.path) || a.path.startsWith(b.path)).toBe(false);
  doc = (await s.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();
});
afterAll(() => s.close());

/** The real id of branch A (or the missing one) for a path parameter, by its name and the route. */
function pathValue(route: string, name: string, real: boolean): string | undefined {
  const pick = (kind: string) => String(real ? A[kind] : MISSING.id);
  if (name === 'plantId') return pick('plant');
  if (name === 'deviceId') return pick('device');
  if (name === 'tariffId') return pick('tariff');
  if (name === 'imageId') return pick('image');
  if (name === 'deliveryId') return pick('webhookDelivery');
  if (name !== 'id') return undefined;
  const byPrefix: [string, string][] = [
    ['/api/users/', 'user'],
    ['/api/roles/', 'role'],
    ['/api/devices/', 'device'],
    ['/api/device-storage/', 'device'],
    ['/api/work-orders/', 'workOrder'],
    ['/api/commands/', 'command'],
    ['/api/alarms/', 'alarm'],
    ['/api/notification-rules/', 'rule'],
    ['/api/report-templates/', 'template'],
    ['/api/report-exports/', 'export'],
    ['/api/kiosk-links/', 'kioskLink'],
    ['/api/webhooks/', 'webhook'],
    ['/api/api-keys/', 'apiKey'],
    ['/api/push/subscriptions/', 'pushSubscription'],
  ];
  const kind = byPrefix.find(([prefix]) => route.startsWith(prefix))?.[1];
  return kind ? pick(kind) : undefined;
}

/** Query parameters that name an object: filled with A's value, or the missing one. */
function queryIdValue(name: string, real: boolean): string | undefined {
  if (name === 'plantId') return String(real ? A.plant : MISSING.id);
  if (name === 'deviceId') return String(real ? A.device : MISSING.id);
  if (name === 'assigneeId') return String(real ? A.user : MISSING.id);
  if (name === 'roleId') return String(real ? A.role : MISSING.id);
  if (name === 'userId' || name === 'superiorId') return String(real ? A.user : MISSING.id);
  if (name === 'templateId') return String(real ? A.template : MISSING.id);
  if (name === 'deviceIds') return String(real ? A.device : MISSING.id);
  if (name === 'sn') return real ? String(A.sn) : MISSING.sn;
  if (name === 'user') return real ? String(A.username) : MISSING.user;
  return undefined;
}
const isIdName = (name: string) => /(Id|Ids)$/.test(name) || ['id', 'ids', 'sn', 'user'].includes(name);

function fillIds(value: unknown, real: boolean): unknown {
  // An encrypted password is good once (its nonce is spent): a fresh one for every request.
  if (value === '$password') return encryptPassword(pem, 'Scope-Pass1');
  if (typeof value === 'string' && value.startsWith('$'))
    return real || SHARED.has(value.slice(1)) ? A[value.slice(1)] : MISSING.id;
  if (Array.isArray(value)) return value.map((v) => fillIds(v, real));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillIds(v, real)]));
  return value;
}

interface Call {
  label: string;
  method: string;
  url: (real: boolean) => string | undefined;
  body?: (real: boolean) => unknown;
}

function calls(): { calls: Call[]; unfilled: string[] } {
  const out: Call[] = [];
  const unfilled: string[] = [];
  for (const [route, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops) as [string, Operation][]) {
      const key = `${method} ${route}`;
      const params: Parameter[] = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryIds = params.filter((p) => p.in === 'query' && isIdName(p.name));
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const bodyIds = propertyNames(bodySchema).filter(isIdName);
      if (pathParams.length + queryIds.length + bodyIds.length === 0) continue;
      if (GLOBAL[route]) continue;
      if (route.startsWith('/api/auth/') || route === '/api/openapi.json') continue;
      const missingParam = pathParams.find((p) => pathValue(route, p.name, true) === undefined);
      if (missingParam) {
        unfilled.push(`${key}: no id for path parameter "${missingParam.name}"`);
        continue;
      }
      const unknownQuery = queryIds.find((p) => queryIdValue(p.name, true) === undefined);
      if (unknownQuery) {
        unfilled.push(`${key}: no id for query parameter "${unknownQuery.name}"`);
        continue;
      }
      if (bodyIds.length > 0 && !(key in BODIES)) {
        unfilled.push(`${key}: body names ${bodyIds.join(', ')}; add a valid example to BODIES`);
        continue;
      }
      const required = params.filter((p) => p.in === 'query' && p.required && !isIdName(p.name));
      const urlFor = (real: boolean, idQuery: Parameter | undefined) => {
        const path = route.replace(/\{(\w+)\}/g, (_m, name: string) => pathValue(route, name, real)!);
        const query = new URLSearchParams();
        for (const p of required) query.set(p.name, QUERY_VALUES[p.name] ?? 'x');
        for (const p of params)
          if (p.in === 'query' && FIXED_QUERY[p.name] !== undefined && !query.has(p.name))
            query.set(
              p.name,
              timestamped(route) ? (FIXED_TIMES[p.name] ?? FIXED_QUERY[p.name]!) : FIXED_QUERY[p.name]!,
            );
        if (idQuery) query.set(idQuery.name, queryIdValue(idQuery.name, real)!);
        const text = query.toString();
        return text ? `${path}?${text}` : path;
      };
      // A route with an example sends it as it is; any other is sampled from its schema.
      const body = bodySchema && ((real: boolean) => fillIds(key in BODIES ? BODIES[key] : sample(bodySchema), real));
      // A path id is the object itself; each query id is a filter of its own.
      if (pathParams.length > 0 || bodyIds.length > 0)
        out.push({ label: key, method, url: (real) => urlFor(real, undefined), ...(body ? { body } : {}) });
      for (const q of queryIds)
        out.push({ label: `${key} ?${q.name}`, method, url: (real) => urlFor(real, q), ...(body ? { body } : {}) });
    }
  return { calls: out, unfilled };
}

const MULTIPART = new Set(['post /api/work-orders/{id}/images']);

async function send(
  call: Call,
  real: boolean,
  credential: Record<string, string>,
): Promise<{ status: number; answer: string; issues: string[] }> {
  const upload = MULTIPART.has(call.label) ? multipart() : undefined;
  const res = await s.app.inject({
    method: call.method.toUpperCase() as 'GET',
    url: call.url(real)!,
    headers: {
      ...credential,
      'accept-language': 'en',
      ...(upload ? { 'content-type': upload.type } : call.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(upload ? { payload: upload.payload } : call.body ? { payload: JSON.stringify(call.body(real)) } : {}),
  });
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml'))
    return { status: res.statusCode, answer: await sheetValues(res.rawPayload), issues: [] };
  if (!type.includes('json')) return { status: res.statusCode, answer: res.body, issues: [] };
  // When an answer was computed is not what it says about scope.
  const { code, msg, data } = JSON.parse(res.body, (k, v: unknown) => (k === 'computedAt' ? undefined : v)) as {
    code?: unknown;
    msg?: unknown;
    data?: { issues?: { path: string }[] };
  };
  const issues = (data?.issues ?? []).map((i) => i.path);
  return { status: res.statusCode, answer: JSON.stringify({ code, msg, data }), issues };
}

/** A refusal that names only id fields is the answer for an id the caller may not use: that is scope. */
const onlyIdIssues = (paths: string[]) =>
  paths.length > 0 &&
  paths.every((p) =>
    isIdName(
      p
        .split('.')
        .filter((x) => !/^\d+$/.test(x))
        .pop() ?? '',
    ),
  );

describe('another branch’s ids, on every route that takes one (generated from the OpenAPI document)', () => {
  it('every id parameter can be filled with a real object of branch A', () => {
    const { calls: all, unfilled } = calls();
    expect(unfilled).toEqual([]);
    expect(all.length).toBeGreaterThan(60);
  });

  it.each([
    ['to a user of another branch', () => ({ token: tokenB }), VOLATILE],
    [
      "to an API key of the branch's own user limited to another of its plants (decision 0039)",
      () => ({ authorization: `Bearer ${keyA2}` }),
      KEY_VOLATILE,
    ],
  ])(
    'answer as for a missing id and change nothing, %s',
    async (_who, credential, volatile) => {
      const failures: string[] = [];
      // Deletes last: a wrongly allowed delete would otherwise hide what the other routes do.
      const ordered = calls().calls.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
      for (const call of ordered) {
        const before = await fingerprint(s.db, volatile);
        const missing = await send(call, false, credential());
        const real = await send(call, true, credential());
        const changed = changedTables(before, await fingerprint(s.db, volatile));
        if (real.status !== missing.status || real.answer !== missing.answer)
          failures.push(
            `${call.label}: ${real.status} ≠ ${missing.status}: ${difference(real.answer, missing.answer)}`,
          );
        if (changed.length > 0) failures.push(`${call.label}: changed ${changed.join(', ')}`);
        // An object route must refuse for scope, not for invalid input: otherwise its example is wrong and scope was
        // never reached.
        if (missing.status === 400 && !onlyIdIssues(missing.issues))
          failures.push(`${call.label}: the missing id got 400 (${missing.answer.slice(0, 200)}); fix its example`);
      }
      expect(failures).toEqual([]);
    },
    600_000,
  );
});
