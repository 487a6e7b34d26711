import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@voltfleet/domain/records';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  encryptPassword,
  loginToken,
  makeUser,
  publicKey,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

let s: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  await makeUser(s.db, { username: 'dealerA', roleId: dealer, superiorId: root, level: 1 });
  await makeUser(s.db, { username: 'dealerB', roleId: dealer, superiorId: root, level: 1 });
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  tokens.dealerA = await loginToken(s.app, 'dealerA', 'Passw0rd-1');
  tokens.dealerB = await loginToken(s.app, 'dealerB', 'Passw0rd-1');
});
afterAll(() => s.close());

describe('operation records', () => {
  it('records every change with user, IP, action, object and redacted parameters', async () => {
    const key = await publicKey(s.app);
    const created = await api<{ id: number }>(s.app, 'POST', '/api/users', {
      token: tokens.dealerA,
      body: {
        username: 'ownerA',
        password: encryptPassword(key, 'Owner-pass1'),
        name: 'ownerA',
        roleId: await builtinRoleId(s.db, 'personal'),
        level: 3,
      },
      ip: '192.0.2.10',
    });
    expect(created.status).toBe(200);
    const res = await api<{ items: OperationRecord[] }>(s.app, 'GET', '/api/records/operations?category=user', {
      token: tokens.dealerA,
    });
    const record = res.body.data.items.find((r) => r.action === 'user.create')!;
    expect(record).toMatchObject({
      username: 'dealerA',
      ip: '192.0.2.10',
      objectType: 'user',
      objectId: String(created.body.data.id),
      ok: true,
    });
    expect(record.params.password).toBe('***');
    expect(record.params.username).toBe('ownerA');
  });

  it('records refused changes too, and logins', async () => {
    await api(s.app, 'POST', '/api/roles', {
      token: tokens.dealerA,
      body: { name: 'Bad', permissions: ['B/E:firmware.manage', 'B', 'B/E'], views: [] },
    });
    const res = await api<{ items: OperationRecord[] }>(s.app, 'GET', '/api/records/operations', {
      token: tokens.dealerA,
    });
    expect(res.body.data.items.find((r) => r.action === 'role.create')).toMatchObject({ ok: false });
    expect(res.body.data.items.find((r) => r.action === 'auth.login')).toMatchObject({ username: 'dealerA', ok: true });
  });

  it('shows a user only the records of their own subtree', async () => {
    const b = await api<{ items: OperationRecord[] }>(s.app, 'GET', '/api/records/operations', {
      token: tokens.dealerB,
    });
    expect(b.body.data.items.every((r) => r.username === 'dealerB')).toBe(true);
    const admin = await api<{ items: OperationRecord[]; total: number }>(
      s.app,
      'GET',
      '/api/records/operations?pageSize=200',
      { token: tokens.admin },
    );
    const users = new Set(admin.body.data.items.map((r) => r.username));
    expect(users).toEqual(new Set(['admin', 'dealerA', 'dealerB']));
  });

  it('filters by user name and pages', async () => {
    const res = await api<{ items: OperationRecord[]; total: number; pageSize: number }>(
      s.app,
      'GET',
      '/api/records/operations?username=dealerA&pageSize=1',
      {
        token: tokens.admin,
      },
    );
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.total).toBeGreaterThanOrEqual(3);
    expect(res.body.data.items[0]!.username).toBe('dealerA');
  });
});
