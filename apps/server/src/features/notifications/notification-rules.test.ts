import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@voltfleet/domain/i18n';
import { type NotificationRule } from '@voltfleet/domain/alarms';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

let s: TestServer;
const ids = { admin: 0, dealerA: 0, installerA: 0, dealerB: 0, ownerB: 0, plantA: 0, plantA2: 0, plantB: 0 };
const tokens: Record<string, string> = {};
const RULES = '/api/notification-rules';

/** A valid rule of dealerA's branch; `change` varies it. */
const body = (change: Record<string, unknown> = {}) => ({
  name: 'Grid faults',
  allPlants: false,
  plantIds: [ids.plantA, ids.plantA2],
  groups: ['grid'],
  codes: ['battery.socLow'],
  minSeverity: 'major',
  userIds: [ids.installerA],
  emails: ['ops@example.com'],
  phones: [{ prePhoneCode: '+86', phone: '13812345678' }],
  channels: ['email', 'sms'],
  hourlyLimit: 5,
  dailyLimit: 20,
  recoveryNotices: true,
  enabled: true,
  ...change,
});

/** The newest operation record of an action. */
async function lastRecord(action: string) {
  const { rows } = await s.db.query<{
    username: string;
    object_id: string;
    ok: boolean;
    params: Record<string, unknown>;
  }>(`SELECT username, object_id, ok, params FROM operation_records WHERE action = $1 ORDER BY id DESC LIMIT 1`, [
    action,
  ]);
  return rows[0];
}

// admin ─┬─ dealerA (manager) ── installerA (reader)    plants: A (dealerA), A2 (installerA)
//        └─ dealerB (manager) ── ownerB                  plant:  B (dealerB)
beforeAll(async () => {
  s = await startTestServer();
  ids.admin = await adminId(s.db);
  const manager = await makeRole(
    s.db,
    'RuleManager',
    ['C', 'C/C', 'C/C:rule.add', 'C/C:rule.edit', 'C/C:rule.delete'],
    ids.admin,
  );
  const reader = await makeRole(s.db, 'RuleReader', ['C', 'C/C'], ids.admin);
  const personal = await makeRole(s.db, 'NoAlarms', ['A'], ids.admin);
  ids.dealerA = (await makeUser(s.db, { username: 'dealerA', roleId: manager, superiorId: ids.admin })).id;
  ids.dealerB = (await makeUser(s.db, { username: 'dealerB', roleId: manager, superiorId: ids.admin })).id;
  ids.installerA = (await makeUser(s.db, { username: 'installerA', roleId: reader, superiorId: ids.dealerA })).id;
  ids.ownerB = (await makeUser(s.db, { username: 'ownerB', roleId: personal, superiorId: ids.dealerB })).id;
  ids.plantA = await makePlant(s.db, 'Plant_A', ids.dealerA);
  ids.plantA2 = await makePlant(s.db, 'Plant_A2', ids.installerA);
  ids.plantB = await makePlant(s.db, 'Plant_B', ids.dealerB);
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  for (const name of ['dealerA', 'dealerB', 'installerA', 'ownerB'])
    tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
});
afterAll(() => s.close());

describe('creating and reading rules', () => {
  let created: NotificationRule;

  it('creates a rule owned by the caller, with named plants and users, and records it', async () => {
    const res = await api<NotificationRule>(s.app, 'POST', RULES, {
      token: tokens.dealerA,
      body: body({ name: '  Grid faults ', emails: ['Ops@Example.com'] }),
      ip: '192.0.2.7',
    });
    expect(res.status).toBe(200);
    created = res.body.data;
    expect(created).toMatchObject({
      name: 'Grid faults',
      allPlants: false,
      plants: [
        { plantId: ids.plantA, name: 'Plant_A' },
        { plantId: ids.plantA2, name: 'Plant_A2' },
      ],
      users: [{ id: ids.installerA, username: 'installerA' }],
      emails: ['ops@example.com'],
      phones: [{ prePhoneCode: '+86', phone: '13812345678' }],
      channels: ['email', 'sms'],
      minSeverity: 'major',
      ownerId: ids.dealerA,
      enabled: true,
    });
    const record = await lastRecord('notificationRule.create');
    expect(record).toMatchObject({ username: 'dealerA', object_id: String(created.id), ok: true });
    // The parameters as the handler read them (docs/decisions/0002): the trimmed name.
    expect(record!.params.name).toBe('Grid faults');
  });

  it('reads one rule and lists it for the owner and the owner’s superiors, not for a subordinate', async () => {
    const one = await api<NotificationRule>(s.app, 'GET', `${RULES}/${created.id}`, { token: tokens.dealerA });
    expect(one.body.data).toEqual(created);
    const listed = async (who: string) =>
      (await api<{ items: NotificationRule[] }>(s.app, 'GET', RULES, { token: tokens[who] })).body.data.items.map(
        (r) => r.id,
      );
    expect(await listed('dealerA')).toContain(created.id);
    expect(await listed('admin')).toContain(created.id);
    expect(await listed('installerA')).not.toContain(created.id);
    expect(await listed('dealerB')).not.toContain(created.id);
  });

  it('offers the caller’s plants and users only', async () => {
    const res = await api<{ plants: { plantId: number }[]; users: { id: number }[] }>(
      s.app,
      'GET',
      `${RULES}/options`,
      {
        token: tokens.dealerA,
      },
    );
    expect(res.body.data.plants.map((p) => p.plantId).sort()).toEqual([ids.plantA, ids.plantA2].sort());
    expect(res.body.data.users.map((u) => u.id).sort()).toEqual([ids.dealerA, ids.installerA].sort());
  });

  it('pages by 15 and filters by name and state', async () => {
    for (let i = 0; i < 16; i += 1) {
      const res = await api(s.app, 'POST', RULES, {
        token: tokens.dealerB,
        body: body({
          name: `Bulk ${String(i).padStart(2, '0')}`,
          plantIds: [],
          allPlants: true,
          userIds: [],
          enabled: i % 2 === 0,
        }),
      });
      expect(res.status).toBe(200);
    }
    const first = await api<{ items: NotificationRule[]; total: number; pageSize: number }>(s.app, 'GET', RULES, {
      token: tokens.dealerB,
    });
    expect(first.body.data).toMatchObject({ total: 16, pageSize: 15 });
    expect(first.body.data.items).toHaveLength(15);
    const second = await api<{ items: NotificationRule[] }>(s.app, 'GET', `${RULES}?page=2`, { token: tokens.dealerB });
    expect(second.body.data.items.map((r) => r.name)).toEqual(['Bulk 15']);
    const off = await api<{ total: number }>(s.app, 'GET', `${RULES}?enabled=false&name=bulk%200`, {
      token: tokens.dealerB,
    });
    expect(off.body.data.total).toBe(5); // Bulk 01, 03, 05, 07, 09
  });
});

describe('validation', () => {
  // Changes to the valid body (a function: the ids exist only once beforeAll has run).
  it.each([
    ['hourly above daily', () => body({ hourlyLimit: 30 }), 'hourlyLimit', 'notificationRule.hourlyAboveDaily'],
    [
      'no receiver',
      () => body({ userIds: [], emails: [], phones: [] }),
      'userIds',
      'notificationRule.receiverRequired',
    ],
    [
      'SMS without a phone',
      () => body({ userIds: [], phones: [], channels: ['sms'] }),
      'phones',
      'notificationRule.smsNeedsPhone',
    ],
    [
      'a bad number',
      () => body({ phones: [{ prePhoneCode: '+1', phone: '123' }] }),
      'phones.0.phone',
      'validation.phone',
    ],
    ['an unknown code', () => body({ codes: ['grid.nope'] }), 'codes.0', 'notificationRule.unknownCode'],
    ['a NUL in the name', () => body({ name: 'a\u0000b' }), 'name', 'validation.nulCharacter'],
    ['a lone surrogate in an e-mail', () => body({ emails: ['a\ud800@b.cz'] }), 'emails.0', 'validation.loneSurrogate'],
    ['a 100 kB name', () => body({ name: 'x'.repeat(100_000) }), 'name', 'validation.tooLong'],
    ['an array where the rule belongs', () => [body()], '', 'validation.invalidValue'],
    [
      'a text where the phone belongs',
      () => body({ phones: ['+86-13812345678'] }),
      'phones.0',
      'validation.invalidValue',
    ],
  ] as const)('%s → 400 in the caller’s language', async (_what, sent, path, key) => {
    const res = await api<{ issues: { path: string; message: string }[] }>(s.app, 'POST', RULES, {
      token: tokens.dealerA,
      body: sent(),
      lang: 'cs',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.data.issues[0]).toEqual({ path, message: translate(key, 'cs', { max: 64 }) });
  });

  it('refuses a 1 MB name before reading it (body limit), in the caller’s language', async () => {
    const res = await api(s.app, 'POST', RULES, {
      token: tokens.dealerA,
      body: body({ name: 'x'.repeat(1024 * 1024) }),
      lang: 'zh',
    });
    expect(res.status).toBe(413);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses 1e309 as a number', async () => {
    const raw = JSON.stringify(body()).replace('"dailyLimit":20', '"dailyLimit":1e309');
    const res = await s.app.inject({
      method: 'POST',
      url: RULES,
      headers: { token: tokens.dealerA, 'accept-language': 'de', 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ data: { issues: { path: string; message: string }[] } }>().data.issues[0]).toEqual({
      path: 'dailyLimit',
      message: translate('validation.numberRange', 'de'),
    });
  });
});

describe('scope', () => {
  let ruleId = 0;
  beforeAll(async () => {
    ruleId = (
      await api<NotificationRule>(s.app, 'POST', RULES, { token: tokens.dealerA, body: body({ name: 'Scoped' }) })
    ).body.data.id;
  });

  it('refuses a plant or user of another branch with a localised 400, and writes nothing', async () => {
    const plant = await api<{ issues: { path: string; message: string }[] }>(s.app, 'POST', RULES, {
      token: tokens.dealerA,
      body: body({ name: 'Foreign plant', plantIds: [ids.plantA, ids.plantB] }),
      lang: 'zh',
    });
    expect(plant.status).toBe(400);
    expect(plant.body.data.issues[0]).toEqual({
      path: 'plantIds',
      message: translate('notificationRule.plantOutOfScope', 'zh'),
    });
    const user = await api<{ issues: { path: string; message: string }[] }>(s.app, 'PUT', `${RULES}/${ruleId}`, {
      token: tokens.dealerA,
      body: body({ userIds: [ids.ownerB] }),
      lang: 'de',
    });
    expect(user.status).toBe(400);
    expect(user.body.data.issues[0]).toEqual({
      path: 'userIds',
      message: translate('notificationRule.userOutOfScope', 'de'),
    });
    const names = await s.db.query(`SELECT 1 FROM notification_rules WHERE name = 'Foreign plant'`);
    expect(names.rows).toHaveLength(0);
    expect((await lastRecord('notificationRule.update'))?.ok).toBe(false);
  });

  it('answers 404 to another branch on read, edit, switch and delete, like a missing rule', async () => {
    const missing = await api(s.app, 'GET', `${RULES}/999999`, { token: tokens.dealerB });
    expect(missing.status).toBe(404);
    const attempts = [
      await api(s.app, 'GET', `${RULES}/${ruleId}`, { token: tokens.dealerB }),
      await api(s.app, 'PUT', `${RULES}/${ruleId}`, {
        token: tokens.dealerB,
        body: body({ plantIds: [ids.plantB], userIds: [ids.ownerB] }),
      }),
      await api(s.app, 'PUT', `${RULES}/${ruleId}/enabled`, { token: tokens.dealerB, body: { enabled: false } }),
      await api(s.app, 'DELETE', `${RULES}/${ruleId}`, { token: tokens.dealerB }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    const row = await s.db.query<{ name: string; enabled: boolean }>(
      `SELECT name, enabled FROM notification_rules WHERE id = $1`,
      [ruleId],
    );
    expect(row.rows[0]).toEqual({ name: 'Scoped', enabled: true });
  });

  it('keeps a superior’s edit within the owner’s scope', async () => {
    const res = await api(s.app, 'PUT', `${RULES}/${ruleId}`, {
      token: tokens.admin,
      body: body({ name: 'Scoped', plantIds: [ids.plantA, ids.plantB] }),
    });
    expect(res.status).toBe(400);
    const fine = await api<NotificationRule>(s.app, 'PUT', `${RULES}/${ruleId}`, {
      token: tokens.admin,
      body: body({ name: 'Scoped by admin', plantIds: [ids.plantA2], allPlants: false }),
    });
    expect(fine.status).toBe(200);
    expect(fine.body.data).toMatchObject({
      name: 'Scoped by admin',
      ownerId: ids.dealerA,
      plants: [{ plantId: ids.plantA2 }],
    });
  });

  it('needs the page for reading and the function permissions for changes', async () => {
    expect((await api(s.app, 'GET', RULES, { token: tokens.ownerB })).status).toBe(403);
    const add = await api(s.app, 'POST', RULES, { token: tokens.installerA, body: body({ userIds: [] }) });
    expect(add.status).toBe(403);
    expect((await api(s.app, 'DELETE', `${RULES}/${ruleId}`, { token: tokens.installerA })).status).toBe(403);
  });
});

describe('switching and deleting', () => {
  let ruleId = 0;
  beforeAll(async () => {
    ruleId = (
      await api<NotificationRule>(s.app, 'POST', RULES, { token: tokens.dealerA, body: body({ name: 'Switch' }) })
    ).body.data.id;
  });

  it('disables and enables a rule, audited, leaving the rest as it was', async () => {
    const off = await api<NotificationRule>(s.app, 'PUT', `${RULES}/${ruleId}/enabled`, {
      token: tokens.dealerA,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ enabled: false, name: 'Switch', hourlyLimit: 5 });
    expect(await lastRecord('notificationRule.enabled')).toMatchObject({
      username: 'dealerA',
      object_id: String(ruleId),
      ok: true,
      params: { enabled: false },
    });
    const on = await api<NotificationRule>(s.app, 'PUT', `${RULES}/${ruleId}/enabled`, {
      token: tokens.admin,
      body: { enabled: true },
    });
    expect(on.body.data.enabled).toBe(true);
    const bad = await api(s.app, 'PUT', `${RULES}/${ruleId}/enabled`, {
      token: tokens.dealerA,
      body: { enabled: 'no' },
    });
    expect(bad.status).toBe(400);
  });

  it('drops a deleted plant from its rules', async () => {
    const plant = await makePlant(s.db, 'Plant_Gone', ids.dealerA);
    const res = await api<NotificationRule>(s.app, 'PUT', `${RULES}/${ruleId}`, {
      token: tokens.dealerA,
      body: body({ name: 'Switch', plantIds: [ids.plantA, plant] }),
    });
    expect(res.body.data.plants).toHaveLength(2);
    await s.db.query(`DELETE FROM plants WHERE id = $1`, [plant]);
    const after = await api<NotificationRule>(s.app, 'GET', `${RULES}/${ruleId}`, { token: tokens.dealerA });
    expect(after.body.data.plants.map((p) => p.plantId)).toEqual([ids.plantA]);
  });

  it('deletes a rule with its plants and users, audited', async () => {
    const res = await api(s.app, 'DELETE', `${RULES}/${ruleId}`, { token: tokens.dealerA, lang: 'de' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(translate('success.deleted', 'de'));
    expect((await api(s.app, 'GET', `${RULES}/${ruleId}`, { token: tokens.dealerA })).status).toBe(404);
    const left = await s.db.query(
      `SELECT 1 FROM notification_rule_plants WHERE rule_id = $1 UNION ALL SELECT 1 FROM notification_rule_users WHERE rule_id = $1`,
      [ruleId],
    );
    expect(left.rows).toHaveLength(0);
    expect(await lastRecord('notificationRule.delete')).toMatchObject({ object_id: String(ruleId), ok: true });
  });
});

describe('OpenAPI', () => {
  it('describes the routes, with a strict request body (the hostile-input fuzzer reads it)', async () => {
    const res = await s.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    type Schema = { additionalProperties?: unknown; properties?: Record<string, Schema>; items?: Schema };
    type Op = { requestBody?: { content: Record<string, { schema: Schema }> } };
    const doc = res.json<{ paths: Record<string, Record<string, Op>> }>();
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith(RULES));
    expect(paths.sort()).toEqual([
      RULES,
      `${RULES}/options`,
      `${RULES}/{id}`,
      `${RULES}/{id}/deliveries`,
      `${RULES}/{id}/enabled`,
    ]);
    const schema = doc.paths[RULES]!.post!.requestBody!.content['application/json']!.schema;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties!.phones!.items!.additionalProperties).toBe(false);
  });
});
