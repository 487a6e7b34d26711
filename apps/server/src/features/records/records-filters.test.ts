import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, translate } from '@voltfleet/domain/i18n';
import {
  RECORD_EXPORT_MAX_ROWS,
  operationQuerySchema,
  type OperationRecord,
  type RecordUser,
} from '@voltfleet/domain/records';
import { findHostileInput } from '@voltfleet/domain/validation';
import { AppError } from '../../platform/errors.js';
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
import { exportOperationRecords } from './records-export.js';
import { firstSheetOf } from '../../test/xlsx-fixtures.js';

/**
 * Issue 16: the operation records' filters (user, category, object, address, time range), their export, the
 * caller's subtree as the limit of both, and hostile filter values refused in the caller's language.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const WINDOW = 'from=2026-03-01T00:00:00Z&to=2026-03-31T23:59:59Z';
const MARKUP = '<img src=x onerror=alert(1)>';

/** A record as the audit writes it (the fixture: the audit itself is tested in records.test.ts). */
async function record(
  user: string,
  r: { action: string; category: string; objectType: string; objectId: string; ip: string; at: string },
) {
  const { rows } = await s.db.query<{ id: string }>(
    `INSERT INTO operation_records (user_id, username, user_path, ip, action, category, object_type, object_id, ok, created_at)
     SELECT id, username, path, $2, $3, $4, $5, $6, true, $7 FROM users WHERE username = $1 RETURNING id`,
    [user, r.ip, r.action, r.category, r.objectType, r.objectId, r.at],
  );
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  ids.dealerA = (await makeUser(s.db, { username: 'dealerA', roleId: dealer, superiorId: root, level: 1 })).id;
  ids.dealerB = (await makeUser(s.db, { username: 'dealerB', roleId: dealer, superiorId: root, level: 1 })).id;
  ids.ownerA = (await makeUser(s.db, { username: 'ownerA', roleId: dealer, superiorId: ids.dealerA!, level: 2 })).id;
  ids.plantA = await makePlant(s.db, `Alpha ${MARKUP}`, ids.dealerA!);
  ids.plantB = await makePlant(s.db, 'Bravo', ids.dealerB!);
  ids.r1 = await record('dealerA', {
    action: 'plant.update',
    category: 'plant',
    objectType: 'plant',
    objectId: String(ids.plantA),
    ip: '192.0.2.1',
    at: '2026-03-01T10:00:00Z',
  });
  ids.r2 = await record('ownerA', {
    action: 'user.update',
    category: 'user',
    objectType: 'user',
    objectId: String(ids.ownerA),
    ip: '192.0.2.2',
    at: '2026-03-05T10:00:00Z',
  });
  ids.r3 = await record('dealerA', {
    action: 'command.issue',
    category: 'command',
    objectType: 'device',
    objectId: '=HYPERLINK("http://x")',
    ip: '2001:db8::1',
    at: '2026-03-10T10:00:00Z',
  });
  ids.r4 = await record('dealerB', {
    action: 'plant.update',
    category: 'plant',
    objectType: 'plant',
    objectId: String(ids.plantB),
    ip: '192.0.2.1',
    at: '2026-03-03T10:00:00Z',
  });
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  tokens.dealerA = await loginToken(s.app, 'dealerA', 'Passw0rd-1');
  tokens.dealerB = await loginToken(s.app, 'dealerB', 'Passw0rd-1');
});
afterAll(() => s.close());

async function listed(token: string, query: string): Promise<number[]> {
  const res = await api<{ items: OperationRecord[] }>(s.app, 'GET', `/api/records/operations?pageSize=200&${query}`, {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items.map((r) => r.id);
}

describe('operation record filters', () => {
  const cases: [string, () => string, () => number[]][] = [
    ['no filter: the subtree, newest first', () => '', () => [ids.r3!, ids.r2!, ids.r1!]],
    ['category', () => 'category=plant', () => [ids.r1!]],
    ['user picked by id', () => `userId=${ids.ownerA}`, () => [ids.r2!]],
    ['user by part of the name', () => 'username=owner', () => [ids.r2!]],
    ['object type', () => 'objectType=device', () => [ids.r3!]],
    ['object by part of its name', () => 'object=alpha', () => [ids.r1!]],
    ['object by its id', () => `object=${ids.plantA}`, () => [ids.r1!]],
    ['object type and name together', () => 'objectType=user&object=alpha', () => []],
    ['IPv4 address', () => 'ip=192.0.2.1', () => [ids.r1!]],
    ['IPv6 address', () => `ip=${encodeURIComponent('2001:db8::1')}`, () => [ids.r3!]],
    ['time range start', () => 'from=2026-03-04T00:00:00Z&to=2026-03-31T00:00:00Z', () => [ids.r3!, ids.r2!]],
    ['time range end', () => 'from=2026-03-01T00:00:00Z&to=2026-03-04T00:00:00%2B01:00', () => [ids.r1!]],
    ["another branch's user", () => `userId=${ids.dealerB}`, () => []],
    ["another branch's plant by name", () => 'object=bravo', () => []],
  ];
  it.each(cases)('%s', async (_, query, expected) => {
    const q = query();
    const range = q.includes('from=') ? '' : WINDOW;
    expect(await listed(tokens.dealerA!, [q, range].filter(Boolean).join('&'))).toEqual(expected());
  });

  it('shows the root every branch, and a branch never its sibling', async () => {
    expect(await listed(tokens.admin!, `${WINDOW}&ip=192.0.2.1`)).toEqual([ids.r4!, ids.r1!]);
    expect(await listed(tokens.dealerB!, WINDOW)).toEqual([ids.r4!]);
  });

  it("offers as users the caller's subtree only", async () => {
    const res = await api<RecordUser[]>(s.app, 'GET', '/api/records/users', { token: tokens.dealerA });
    expect(res.body.data.map((u) => u.username).sort()).toEqual(['dealerA', 'ownerA']);
  });
});

describe('hostile filter values', () => {
  const bad: [string, string][] = [
    ['NUL byte', `username=a${encodeURIComponent('\u0000')}b`],
    ['a megabyte of text', `object=${'x'.repeat(1_000_000)}`],
    ['an array', 'object=a&object=b'],
    ['an array of users', 'userId=1&userId=2'],
    ['a bad address', 'ip=192.0.2.300'],
    ['a host name for an address', 'ip=example.com'],
    ['start after end', 'from=2026-03-05T00:00:00Z&to=2026-03-01T00:00:00Z'],
    ['not a time', 'from=yesterday'],
    ['unknown category', 'category=everything'],
    ['unknown object type', 'objectType=galaxy'],
  ];
  it.each(bad)('refuses %s with a localised 400 on the list and the export', async (_, query) => {
    for (const url of [`/api/records/operations?${query}`, `/api/records/operations/export?${query}`]) {
      const res = await s.app.inject({
        method: 'GET',
        url,
        headers: { token: tokens.dealerA!, 'accept-language': 'de' },
      });
      expect(res.statusCode, url.slice(0, 120)).toBe(400);
      const msg = (res.json() as { msg: string }).msg;
      expect(msg.length).toBeGreaterThan(0);
      expect(MESSAGE_KEYS.some((key) => msg.includes(translate(key, 'de').split('{')[0]!.trim()))).toBe(true);
    }
  });

  it('refuses a lone surrogate, which a URL can only carry as broken UTF-8, and keeps answering', async () => {
    for (const url of ['/api/records/operations', '/api/records/operations/export']) {
      const res = await s.app.inject({
        method: 'GET',
        url: `${url}?object=a%ED%A0%80`,
        headers: { token: tokens.dealerA!, 'accept-language': 'de' },
      });
      // Decoded as U+FFFD (a character, not a surrogate): no record matches, nothing fails.
      expect(res.statusCode).toBe(200);
      if (url.endsWith('operations')) expect((res.json() as { data: { total: number } }).data.total).toBe(0);
    }
    const parsed = operationQuerySchema.safeParse({ object: 'a\ud800' });
    expect(parsed.success).toBe(true);
    expect(findHostileInput({ object: 'a\ud800' })).toEqual({ path: ['object'], key: 'validation.loneSurrogate' });
  });

  it('says which rule the range and the address broke', async () => {
    const range = await api(s.app, 'GET', `/api/records/operations?from=2026-03-05T00:00:00Z&to=2026-03-01T00:00:00Z`, {
      token: tokens.dealerA,
      lang: 'cs',
    });
    expect(range.body.msg).toContain(translate('records.range', 'cs'));
    const ip = await api(s.app, 'GET', '/api/records/operations?ip=1.2.3', { token: tokens.dealerA, lang: 'zh' });
    expect(ip.body.msg).toContain(translate('records.ip', 'zh'));
  });
});

/** The export as rows of cell texts (row 0: headers). */
async function exported(token: string, query: string, format: 'xlsx' | 'csv') {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/records/operations/export?format=${format}&${query}`,
    headers: { token, 'accept-language': 'en' },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  if (format === 'csv') {
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    return parseCsv(res.body.slice(1));
  }
  const rows: string[][] = [];
  (await firstSheetOf(res.rawPayload)).eachRow((row) =>
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

describe('operation records export', () => {
  it.each(['xlsx', 'csv'] as const)(
    '%s holds the filtered list, in the viewer zone, markup and formulas inert',
    async (format) => {
      const query = `${WINDOW}&timeZone=Europe/Prague`;
      const list = await listed(tokens.dealerA!, query);
      const rows = await exported(tokens.dealerA!, query, format);
      expect(rows[0]![0]).toBe('Time (Europe/Prague)');
      expect(rows[0]).toContain('Client address (IP)');
      expect(rows).toHaveLength(list.length + 1);
      const byIp = rows.slice(1).map((r) => r[2]);
      expect(byIp).toEqual(['2001:db8::1', '192.0.2.2', '192.0.2.1']);
      // 10:00 UTC is 11:00 in Prague in March (before the change to summer time on the 29th).
      expect(rows[3]![0]).toBe('2026-03-01 11:00:00 UTC+1');
      expect(rows[3]![3]).toBe(`Plant Alpha ${MARKUP} edited`);
      expect(rows[3]![6]).toBe(`Alpha ${MARKUP}`);
      // An object id starting with "=" is text in the file, not a formula.
      expect(rows[1]![7]).toBe(`'=HYPERLINK("http://x")`);
      expect(rows.flat().some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
    },
  );

  it('obeys the filters and never exports another branch', async () => {
    const rows = await exported(tokens.dealerA!, `${WINDOW}&ip=192.0.2.1`, 'csv');
    expect(rows.slice(1).map((r) => r[1])).toEqual(['dealerA']);
    const b = await exported(tokens.dealerB!, WINDOW, 'csv');
    expect(b.slice(1).map((r) => r[1])).toEqual(['dealerB']);
  });

  it('gives each time its own offset, across a change of offset too', async () => {
    await record('dealerB', {
      action: 'plant.update',
      category: 'plant',
      objectType: 'plant',
      objectId: String(ids.plantB),
      ip: '192.0.2.9',
      at: '2026-04-02T10:00:00Z',
    });
    const rows = await exported(
      tokens.dealerB!,
      'from=2026-03-01T00:00:00Z&to=2026-04-30T00:00:00Z&timeZone=Europe/Prague',
      'csv',
    );
    expect(rows[0]![0]).toBe('Time (Europe/Prague)');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2026-04-02 12:00:00 UTC+2', '2026-03-03 11:00:00 UTC+1']);
  });

  it('refuses more than the cap and says the cap', async () => {
    const reader = { pattern: '/%', callerId: await adminId(s.db) };
    const q = { format: 'csv' as const, timeZone: 'UTC', from: '2026-03-01T00:00:00Z', to: '2026-03-31T23:59:59Z' };
    await expect(exportOperationRecords(s.db, reader, q, 'en', 2)).rejects.toBeInstanceOf(AppError);
    await expect(exportOperationRecords(s.db, reader, q, 'en', 2)).rejects.toMatchObject({
      code: 'validation',
      data: { issues: [{ key: 'export.tooManyRows', params: { max: 2 } }] },
    });
    // March holds four records in all: a cap of four lets them through (header, four rows, final line end).
    const four = await exportOperationRecords(s.db, reader, q, 'en', 4);
    expect(four.toString('utf8').split('\r\n')).toHaveLength(6);
    expect(RECORD_EXPORT_MAX_ROWS).toBe(50_000);
  });
});
