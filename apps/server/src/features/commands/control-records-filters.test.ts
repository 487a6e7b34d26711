import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@voltfleet/domain/i18n';
import { type Command } from '@voltfleet/domain/commands';
import { type RecordUser } from '@voltfleet/domain/records';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makePlant,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { parseCsv } from '../../test/csv.js';
import { firstSheetOf } from '../../test/xlsx-fixtures.js';

/**
 * Issue 16: the control records' filters (user, category, object, address, time range), their export, the caller's
 * devices as the limit of both, and hostile filter values refused in the caller's language.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const WINDOW = 'from=2026-03-01T00:00:00Z&to=2026-03-31T23:59:59Z';
const MARKUP = '<b>x</b>';

async function device(sn: string, ownerId: number, plantId: number | null) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
     VALUES ($1, 'inverter', '10K', $2, $3, now()) RETURNING id`,
    [sn, ownerId, plantId],
  );
  return rows[0]!.id;
}

/** A command as the command issue stores it (the fixture: issuing is tested in commands.test.ts). */
async function command(
  user: string,
  c: { deviceId: number; kind: string; category: string; ip: string | null; at: string; parameters: object },
) {
  const { rows } = await s.db.query<{ id: string }>(
    `INSERT INTO commands (wire_id, device_id, user_id, username, ip, kind, category, parameters, status,
                           idempotency_key, created_at, expires_at)
     SELECT gen_random_uuid()::text, $2, id, username, $3, $4, $5, $6, 'succeeded', gen_random_uuid()::text, $7,
            $7::timestamptz + interval '10 minutes'
       FROM users WHERE username = $1 RETURNING id`,
    [user, c.deviceId, c.ip, c.kind, c.category, JSON.stringify(c.parameters), c.at],
  );
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  ids.dealerA = (await makeUser(s.db, { username: 'ctlA', roleId: dealer, superiorId: root, level: 1 })).id;
  ids.dealerB = (await makeUser(s.db, { username: 'ctlB', roleId: dealer, superiorId: root, level: 1 })).id;
  ids.ownerA = (await makeUser(s.db, { username: 'ctlA1', roleId: dealer, superiorId: ids.dealerA!, level: 2 })).id;
  ids.plantA = await makePlant(s.db, `Alpha ${MARKUP}`, ids.dealerA!);
  ids.plantB = await makePlant(s.db, 'Bravo', ids.dealerB!);
  ids.devA1 = await device('CTLA0001', ids.dealerA!, ids.plantA);
  ids.devA2 = await device('=CTLA0002', ids.ownerA!, null);
  ids.devB = await device('CTLB0001', ids.dealerB!, ids.plantB);
  ids.c1 = await command('ctlA', {
    deviceId: ids.devA1,
    kind: 'powerOn',
    category: 'remote',
    ip: '192.0.2.1',
    at: '2026-03-01T10:00:00Z',
    parameters: {},
  });
  ids.c2 = await command('ctlA1', {
    deviceId: ids.devA2,
    kind: 'socLowerLimitPct',
    category: 'parameter',
    ip: '2001:db8::2',
    at: '2026-03-05T10:00:00Z',
    parameters: { socLowerLimitPct: 20 },
  });
  ids.c3 = await command('ctlB', {
    deviceId: ids.devB,
    kind: 'powerOff',
    category: 'remote',
    ip: '192.0.2.1',
    at: '2026-03-03T10:00:00Z',
    parameters: {},
  });
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  tokens.a = await loginToken(s.app, 'ctlA', 'Passw0rd-1');
  tokens.b = await loginToken(s.app, 'ctlB', 'Passw0rd-1');
});
afterAll(() => s.close());

async function listed(token: string, query: string): Promise<number[]> {
  const res = await api<{ items: Command[] }>(s.app, 'GET', `/api/control-records?pageSize=100&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items.map((c) => c.id);
}

describe('control record filters', () => {
  const cases: [string, () => string, () => number[]][] = [
    ['no filter: the devices in scope, newest first', () => '', () => [ids.c2!, ids.c1!]],
    ['category', () => 'category=parameter', () => [ids.c2!]],
    ['user picked by id', () => `userId=${ids.ownerA}`, () => [ids.c2!]],
    ['device by part of its serial number', () => 'objectType=device&object=a0001', () => [ids.c1!]],
    ['device by id', () => `objectType=device&object=${ids.devA2}`, () => [ids.c2!]],
    ['plant by part of its name', () => 'objectType=plant&object=alpha', () => [ids.c1!]],
    ['any object by a name', () => 'object=alpha', () => [ids.c1!]],
    ['IPv4 address', () => 'ip=192.0.2.1', () => [ids.c1!]],
    ['IPv6 address', () => `ip=${encodeURIComponent('2001:db8::2')}`, () => [ids.c2!]],
    ['time range', () => 'from=2026-03-02T00:00:00Z&to=2026-03-31T00:00:00Z', () => [ids.c2!]],
    ["another branch's user", () => `userId=${ids.dealerB}`, () => []],
    ["another branch's plant", () => 'object=bravo', () => []],
  ];
  it.each(cases)('%s', async (_, query, expected) => {
    const q = query();
    expect(await listed(tokens.a!, [q, q.includes('from=') ? '' : WINDOW].filter(Boolean).join('&'))).toEqual(
      expected(),
    );
  });

  it('shows the root every branch and a branch never its sibling; the address is listed', async () => {
    expect(await listed(tokens.admin!, `${WINDOW}&ip=192.0.2.1`)).toEqual([ids.c3!, ids.c1!]);
    expect(await listed(tokens.b!, WINDOW)).toEqual([ids.c3!]);
    const res = await api<{ items: Command[] }>(s.app, 'GET', `/api/control-records?${WINDOW}`, { token: tokens.a });
    expect(res.body.data.items.map((c) => c.ip)).toEqual(['2001:db8::2', '192.0.2.1']);
  });

  it("offers as users the caller's subtree only", async () => {
    const res = await api<RecordUser[]>(s.app, 'GET', '/api/control-records/users', { token: tokens.a });
    expect(res.body.data.map((u) => u.username).sort()).toEqual(['ctlA', 'ctlA1']);
  });

  const bad: [string, string, string][] = [
    ['NUL byte', 'object=a%00b', 'validation.nulCharacter'],
    ['a megabyte of text', `object=${'x'.repeat(1_000_000)}`, 'validation.tooLong'],
    ['an array', 'object=a&object=b', 'validation.invalidValue'],
    ['a bad address', 'ip=300.1.1.1', 'records.ip'],
    ['start after end', 'from=2026-03-05T00:00:00Z&to=2026-03-01T00:00:00Z', 'records.range'],
    ['an unknown category', 'category=magic', 'validation.invalidValue'],
  ];
  it.each(bad)('refuses %s with a localised 400 on the list and the export', async (_, query, key) => {
    for (const url of [`/api/control-records?${query}`, `/api/control-records/export?${query}`]) {
      const res = await s.app.inject({ method: 'GET', url, headers: { token: tokens.a!, 'accept-language': 'cs' } });
      expect(res.statusCode).toBe(400);
      const text = translate(key, 'cs').split('{')[0]!.trim();
      expect((res.json() as { msg: string }).msg).toContain(text);
    }
  });
});

describe('control records export', () => {
  it.each(['xlsx', 'csv'] as const)('%s matches the filtered list, in the viewer zone, inert', async (format) => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/control-records/export?format=${format}&${WINDOW}&timeZone=Asia/Shanghai`,
      headers: { token: tokens.a!, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(200);
    let rows: string[][];
    if (format === 'csv') {
      rows = parseCsv(res.body.slice(1));
    } else {
      const sheet = await firstSheetOf(res.rawPayload);
      rows = [];
      sheet.eachRow((row) =>
        rows.push(
          Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v))),
        ),
      );
      expect(sheet.name).toBe('Steuerprotokoll');
    }
    expect(rows[0]![0]).toBe('Gesendet (Asia/Shanghai)');
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[5], r[6]])).toEqual([
      ['2026-03-05 18:00:00 UTC+8', 'ctlA1', '2001:db8::2', "'=CTLA0002", ''],
      ['2026-03-01 18:00:00 UTC+8', 'ctlA', '192.0.2.1', 'CTLA0001', `Alpha ${MARKUP}`],
    ]);
    expect(await listed(tokens.a!, WINDOW)).toHaveLength(rows.length - 1);
  });

  it('obeys the filters and never exports another branch', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/control-records/export?format=csv&${WINDOW}&ip=192.0.2.1`,
      headers: { token: tokens.b!, 'accept-language': 'en' },
    });
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('CTLB0001');
    expect(res.body).not.toContain('CTLA');
  });
});
