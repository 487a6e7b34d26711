import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Delivery } from '@voltfleet/domain/alarms';
import { api, startTestServer, type TestServer } from '../../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import {
  GRID_HIGH,
  adminToken,
  delivery,
  engine,
  makeRule,
  plantWithDevice,
  readings,
  ruleDraft,
  smsLog,
  until,
} from './delivery-world.test-support.js';
import { smsSender } from './notification-senders.js';
import { spendSms, type SmsBudgetLimits } from './sms-budget.js';

// Issue 38 point 2: one SMS budget for every text the platform sends, counted in the database; over it nothing is
// sent, an alarm SMS is refused in its rule's delivery log, and the administrators are told once per window.

let s: TestServer;
let smtp: SmtpCapture;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  smtp = await startSmtpCapture();
  admin = await adminToken(s);
  await s.db.query(`UPDATE users SET email = 'root@example.test' WHERE username = 'admin'`);
});
afterAll(async () => {
  await smtp.close();
  await s.close();
});
beforeEach(async () => {
  await s.db.query(`DELETE FROM sms_sends`);
  await s.db.query(`DELETE FROM sms_budget_alerts`);
  await s.db.query(`DELETE FROM messages WHERE kind = 'system'`);
  await s.db.query(`DELETE FROM notification_outbox WHERE kind = 'smsBudget'`);
});

const LIMITS: SmsBudgetLimits = { perNumberPerDay: 2, perClientPerHour: 100, platformPerHour: 100 };
const spend = (
  limits: SmsBudgetLimits,
  destination: string,
  at: string,
  client: string | null = null,
  purpose: 'alarm' | 'code' = 'alarm',
) => s.db.transaction((tx) => spendSms(tx, limits, { destination, client, purpose }, new Date(at)));
const alerts = async () =>
  (
    await s.db.query<{ params: { budget: string } }>(
      `SELECT params FROM messages WHERE kind = 'system' AND event = 'smsBudget' ORDER BY id`,
    )
  ).rows.map((r) => r.params.budget);

describe('the budget', () => {
  it('allows a number so many SMS in 24 hours, then refuses it until the day has passed', async () => {
    expect(await spend(LIMITS, '+31-611000001', '2026-12-01T08:00:00Z')).toBeNull();
    expect(await spend(LIMITS, '+31-611000001', '2026-12-01T09:00:00Z')).toBeNull();
    expect(await spend(LIMITS, '+31-611000001', '2026-12-01T10:00:00Z')).toBe('number');
    // Another number is not touched.
    expect(await spend(LIMITS, '+31-611000002', '2026-12-01T10:00:00Z')).toBeNull();
    // 24 hours after the first, one is free again.
    expect(await spend(LIMITS, '+31-611000001', '2026-12-02T08:30:00Z')).toBeNull();
  });

  it('caps the whole platform an hour, whoever the numbers', async () => {
    const cap = { perNumberPerDay: 100, perClientPerHour: 100, platformPerHour: 3 };
    for (let i = 0; i < 3; i += 1) expect(await spend(cap, `+31-61100010${i}`, '2026-12-01T08:10:00Z')).toBeNull();
    expect(await spend(cap, '+31-611000199', '2026-12-01T08:20:00Z')).toBe('platform');
    expect(await spend(cap, '+31-611000199', '2026-12-01T09:11:00Z')).toBeNull();
  });

  it('lets codes spend at most half the platform hour, so alarm notices keep the rest', async () => {
    const cap = { perNumberPerDay: 100, perClientPerHour: 100, platformPerHour: 4 };
    const code = (n: number) => spend(cap, `+31-61100030${n}`, '2026-12-01T14:10:00Z', `192.0.2.${n}`, 'code');
    const alarm = (n: number) => spend(cap, `+31-61100031${n}`, '2026-12-01T14:20:00Z');
    expect([await code(1), await code(2), await code(3)]).toEqual([null, null, 'platform']);
    expect([await alarm(1), await alarm(2), await alarm(3)]).toEqual([null, null, 'platform']);
  });

  it('counts a client address across numbers; alarm SMS have none', async () => {
    const perClient = { perNumberPerDay: 100, perClientPerHour: 2, platformPerHour: 100 };
    expect(await spend(perClient, '+31-611000201', '2026-12-01T08:00:00Z', '192.0.2.1')).toBeNull();
    expect(await spend(perClient, '+31-611000202', '2026-12-01T08:00:00Z', '192.0.2.1')).toBeNull();
    expect(await spend(perClient, '+31-611000203', '2026-12-01T08:00:00Z', '192.0.2.1')).toBe('client');
    expect(await spend(perClient, '+31-611000203', '2026-12-01T08:00:00Z', '192.0.2.2')).toBeNull();
    expect(await spend(perClient, '+31-611000203', '2026-12-01T08:00:00Z')).toBeNull();
  });

  it('holds under a burst: parallel spends never pass the budget', async () => {
    const cap = { perNumberPerDay: 100, perClientPerHour: 100, platformPerHour: 5 };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        spend(cap, `+31-6110003${String(i).padStart(2, '0')}`, '2026-12-01T08:00:00Z'),
      ),
    );
    expect(results.filter((r) => r === null)).toHaveLength(5);
  });

  it('tells the administrators once per budget and window, by message and mail', async () => {
    const cap = { perNumberPerDay: 100, perClientPerHour: 100, platformPerHour: 1 };
    await spend(cap, '+31-611000401', '2026-12-01T08:00:00Z');
    for (let i = 0; i < 5; i += 1) expect(await spend(cap, '+31-611000402', '2026-12-01T08:30:00Z')).toBe('platform');
    expect(await alerts()).toEqual(['platform']);
    const mails = await s.db.query<{ address: string }>(
      `SELECT address FROM notification_outbox WHERE kind = 'smsBudget'`,
    );
    expect(mails.rows).toEqual([{ address: 'root@example.test' }]);
    // The next hour is a new window: told again when it is reached again.
    expect(await spend(cap, '+31-611000403', '2026-12-01T09:40:00Z')).toBeNull();
    expect(await spend(cap, '+31-611000404', '2026-12-01T09:45:00Z')).toBe('platform');
    expect(await alerts()).toEqual(['platform', 'platform']);
  });
});

describe('alarm SMS', () => {
  it('are refused past the budget: recorded as refused in the delivery log, not sent, the administrators told', async () => {
    const device = await plantWithDevice(s, 'Budgeted', 'Europe/Amsterdam');
    const ruleId = await makeRule(
      s,
      admin,
      ruleDraft({
        plantIds: [device.plantId],
        phones: [{ prePhoneCode: '+31', phone: '611000501' }],
        channels: ['sms'],
      }),
    );
    const texts = smsLog();
    const sms = smsSender(
      {
        provider: 'log',
        url: undefined,
        username: undefined,
        password: undefined,
        bodyTemplate: '',
        contentType: '',
        timeoutMs: 1000,
      },
      texts.log,
    );
    const d = delivery(s, smtp, { sms, options: { smsBudget: { ...LIMITS, perNumberPerDay: 1 } } });
    const e = engine(s);
    const t = Date.now() - 60_000;
    // Raised, recovered: two notices to the same number, one SMS of budget.
    await readings(e, device, [
      [t, GRID_HIGH],
      [t + 1000, 0],
    ]);
    const log = async () =>
      (
        await api<{ items: Delivery[] }>(s.app, 'GET', `/api/notification-rules/${ruleId}/deliveries?pageSize=50`, {
          token: admin,
        })
      ).body.data.items;
    await until(d, async () => (await log()).every((l) => l.status === 'sent' || l.status === 'refused'));
    expect((await log()).map((l) => l.status).sort()).toEqual(['refused', 'sent']);
    expect((await log()).find((l) => l.status === 'refused')?.lastError).toMatch(/SMS budget/);
    expect(texts.lines).toHaveLength(1);
    expect(await alerts()).toEqual(['number']);
  });

  it('a rule takes no receiver number the product does not serve', async () => {
    const device = await plantWithDevice(s, 'Caribbean', 'America/Jamaica');
    const res = await api(s.app, 'POST', '/api/notification-rules', {
      token: admin,
      lang: 'en',
      body: ruleDraft({
        plantIds: [device.plantId],
        phones: [{ prePhoneCode: '+1', phone: '8762345678' }],
        channels: ['sms'],
      }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.data)).toContain('phones.0.phone');
  });
});
