import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemplate } from '../../test/template.js';
import type { Delivery } from '@voltfleet/domain/alarms';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import { enqueueAccountMails } from './notification-outbox.repository.js';
import {
  GRID_HIGH,
  adminToken,
  delivery,
  engine,
  makeRule,
  plantWithDevice,
  readings,
  ruleDraft,
  until,
} from './delivery-world.test-support.js';

// Alarm notices end to end in one process: the engine raises from readings and records the notice in the same
// transaction, the delivery job expands it per rule and receiver and sends it to a real SMTP server.

let s: TestServer;
let smtp: SmtpCapture;
let admin: string;
let csUser: { id: number; token: string };

beforeAll(async () => {
  s = await startTestServer();
  smtp = await startSmtpCapture();
  admin = await adminToken(s);
  const role = await builtinRoleId(s.db, 'operator');
  const u = await makeUser(s.db, { username: 'deliveryCs', roleId: role, superiorId: await adminId(s.db) });
  await s.db.query(`UPDATE users SET email = 'cs.reader@example.com', phone = '+420-601234567' WHERE id = $1`, [u.id]);
  const token = await loginToken(s.app, 'deliveryCs', 'Passw0rd-1');
  // The account's language is its UI's: the page's first call after login states it.
  expect((await api(s.app, 'GET', '/api/auth/me', { token, lang: 'cs' })).status).toBe(200);
  csUser = { id: u.id, token };
});
afterAll(async () => {
  await smtp.close();
  await s.close();
});

const T = () => Date.now() - 60_000;
const mailsTo = (to: string) => smtp.mails.filter((m) => m.to === to);

async function deliveries(ruleId: number): Promise<Delivery[]> {
  const res = await api<{ items: Delivery[] }>(
    s.app,
    'GET',
    `/api/notification-rules/${ruleId}/deliveries?pageSize=200`,
    {
      token: admin,
    },
  );
  expect(res.status).toBe(200);
  return res.body.data.items;
}

describe('an alarm notice by e-mail', () => {
  it("is written in the receiver's language with the plant's time, escaped names, a text part and a link", async () => {
    const device = await plantWithDevice(s, '<b>Solar & "Sons"</b>', 'Asia/Shanghai');
    // The reader is affiliated to the plant: they may see its alarms, so they get the in-app message as well.
    await s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [device.plantId, csUser.id]);
    const ruleId = await makeRule(
      s,
      admin,
      ruleDraft({
        name: 'Mail <i>rule</i>',
        plantIds: [device.plantId],
        userIds: [csUser.id],
        emails: ['ops@example.com'],
      }),
    );
    const e = engine(s);
    const at = Date.parse('2026-11-20T01:30:00Z');
    await readings(e, device, [[at, GRID_HIGH]]);
    const d = delivery(s, smtp);
    await until(d, () => mailsTo('cs.reader@example.com').length === 1 && mailsTo('ops@example.com').length === 1);
    const [cs] = mailsTo('cs.reader@example.com');
    // Czech words; 01:30 UTC is 09:30 in Shanghai, and the zone is named.
    expect(cs!.subject).toContain('Alarm');
    expect(cs!.text).toContain('Elektrárna: <b>Solar & "Sons"</b>');
    expect(cs!.text).toMatch(/9:30:00 \(Asia\/Shanghai\)/);
    expect(cs!.text).toContain(`https://portal.example/alarmCenter/alarmSearch?alarm=`);
    expect(cs!.html).toContain('&#60;b&#62;Solar &#38; &#34;Sons&#34;&#60;/b&#62;');
    expect(cs!.html).not.toContain('<b>Solar');
    expect(cs!.html).toContain('Mail &#60;i&#62;rule&#60;/i&#62;');
    // A bare address is written in the rule owner's language (the admin's UI here: English).
    const [ops] = mailsTo('ops@example.com');
    expect(ops!.text).toContain('Plant: <b>Solar & "Sons"</b>');
    // The Message-ID is the outbox row's, and the log says sent.
    const log = await deliveries(ruleId);
    expect(log.map((l) => [l.address, l.status, l.event])).toEqual(
      expect.arrayContaining([
        ['cs.reader@example.com', 'sent', 'raised'],
        ['ops@example.com', 'sent', 'raised'],
      ]),
    );
    expect(cs!.messageId).toBe(`<${log.find((l) => l.address === 'cs.reader@example.com')!.messageId}@voltfleet.test>`);
    // The receiving account got the in-app message too.
    const { rows } = await s.db.query<{ kind: string; event: string }>(
      `SELECT kind, event FROM messages WHERE user_id = $1`,
      [csUser.id],
    );
    expect(rows).toContainEqual({ kind: 'alarm', event: 'raised' });
  });

  it('notifies nothing for an alarm below the minimum severity or outside the chosen groups, nor for a disabled rule', async () => {
    const device = await plantWithDevice(s, 'Filtered', 'Europe/Prague');
    await makeRule(
      s,
      admin,
      ruleDraft({ plantIds: [device.plantId], emails: ['battery@example.com'], groups: ['battery'] }),
    );
    await makeRule(s, admin, ruleDraft({ plantIds: [device.plantId], emails: ['off@example.com'], enabled: false }));
    await makeRule(
      s,
      admin,
      ruleDraft({ plantIds: [device.plantId], emails: ['critical@example.com'], minSeverity: 'critical' }),
    );
    await makeRule(s, admin, ruleDraft({ plantIds: [device.plantId], emails: ['grid@example.com'], groups: ['grid'] }));
    await readings(engine(s), device, [[T(), GRID_HIGH]]);
    const d = delivery(s, smtp);
    await until(d, () => mailsTo('grid@example.com').length === 1);
    await d.round();
    expect(['battery@example.com', 'off@example.com', 'critical@example.com'].map((a) => mailsTo(a).length)).toEqual([
      0, 0, 0,
    ]);
  });
});

describe('an account mail', () => {
  it("goes out in the account's language with the work order's link (work orders queue them)", async () => {
    await s.db.transaction((tx) =>
      enqueueAccountMails(tx, [
        {
          userId: csUser.id,
          kind: 'workorder',
          payload: {
            workOrderId: 77,
            title: 'Vyměnit <ventilátor>',
            event: 'assigned',
            by: 'Dana',
            plantName: null,
            due: '2026-12-01',
          },
        },
      ]),
    );
    const d = delivery(s, smtp);
    await until(d, () => smtp.mails.some((m) => m.subject.includes('č. 77')));
    const mail = smtp.mails.find((m) => m.subject.includes('č. 77'))!;
    expect(mail.to).toBe('cs.reader@example.com');
    expect(mail.subject).toBe('[Voltfleet] Pracovní příkaz č. 77 vám byl přidělen: Vyměnit <ventilátor>');
    expect(mail.text).toContain('Přidělil(a): Dana');
    expect(mail.text).toContain('https://portal.example/workOrders?open=77');
    expect(mail.html).toContain('Vyměnit &#60;ventilátor&#62;');
  });
});

describe('a flapping alarm', () => {
  it('notifies each raise and recovery until it flaps, says once that it flaps, then stays quiet', async () => {
    const device = await plantWithDevice(s, 'Flapper', 'Europe/Prague');
    const to = 'flap@example.com';
    await makeRule(s, admin, ruleDraft({ plantIds: [device.plantId], emails: [to] }));
    const e = engine(s);
    const t0 = Date.now() - 30 * 60_000;
    // Eight comings and goings a minute apart. Two raises within the hour are counted before a third is raised;
    // the fourth finds three and reopens the third as flapping. The third's recovery is not told: by the time it
    // would be, the alarm flaps.
    const steps: [number, number][] = [];
    for (let i = 0; i < 8; i++) steps.push([t0 + i * 120_000, GRID_HIGH], [t0 + i * 120_000 + 60_000, 0]);
    for (const step of steps) await readings(e, device, [step]);
    const d = delivery(s, smtp);
    await until(d, () => mailsTo(to).length >= 6);
    await d.round();
    const subjects = mailsTo(to).map((m) => m.subject.split(':')[0]);
    expect(subjects).toEqual([
      '[Voltfleet] Alarm',
      '[Voltfleet] Alarm recovered',
      '[Voltfleet] Alarm',
      '[Voltfleet] Alarm recovered',
      '[Voltfleet] Alarm',
      '[Voltfleet] Flapping alarm',
    ]);
    expect(mailsTo(to)[5]!.text).toContain('keeps coming and going');
  });
});

describe('limits', () => {
  it('hold what is over the hourly limit and send it as one digest when the hour has room again', async () => {
    const device = await plantWithDevice(s, 'Limited', 'Europe/Prague');
    const to = 'hourly@example.com';
    const ruleId = await makeRule(
      s,
      admin,
      ruleDraft({ plantIds: [device.plantId], emails: [to], hourlyLimit: 2, dailyLimit: 10, recoveryNotices: false }),
    );
    const e = engine(s);
    // Four different faults at once: four alarms, four notices.
    const codes = [1 << 6, 1 << 7, 1 << 8, 1 << 9];
    await readings(e, device, [[T(), codes.reduce((a, b) => a | b, 0)]]);
    const d = delivery(s, smtp);
    await until(d, async () => (await deliveries(ruleId)).filter((l) => l.status === 'held').length >= 2);
    expect(mailsTo(to)).toHaveLength(2);
    // Nothing more goes out while the hour is full.
    await d.round();
    expect(mailsTo(to)).toHaveLength(2);
    // The hour passes: what was counted moves back 61 minutes.
    await s.db.query(
      `UPDATE notification_outbox SET counted_at = counted_at - interval '61 minutes' WHERE rule_id = $1`,
      [ruleId],
    );
    await until(d, () => mailsTo(to).length === 3);
    const digest = mailsTo(to)[2]!;
    expect(digest.subject).toContain('2 alarm notices held back');
    const log = await deliveries(ruleId);
    const digestRow = log.find((l) => l.kind === 'digest')!;
    expect(digestRow).toMatchObject({ status: 'sent', items: 2 });
    expect(log.filter((l) => l.status === 'digested').map((l) => l.digestId)).toEqual([digestRow.id, digestRow.id]);
  });

  it('hold what is over the daily limit until the day has room, even when the hour has', async () => {
    const device = await plantWithDevice(s, 'Daily', 'Europe/Prague');
    const to = 'daily@example.com';
    const ruleId = await makeRule(
      s,
      admin,
      ruleDraft({ plantIds: [device.plantId], emails: [to], hourlyLimit: 1, dailyLimit: 1, recoveryNotices: false }),
    );
    await readings(engine(s), device, [[T(), (1 << 6) | (1 << 7)]]);
    const d = delivery(s, smtp);
    await until(d, async () => (await deliveries(ruleId)).some((l) => l.status === 'held'));
    await s.db.query(`UPDATE notification_outbox SET counted_at = counted_at - interval '2 hours' WHERE rule_id = $1`, [
      ruleId,
    ]);
    await d.round();
    expect(mailsTo(to)).toHaveLength(1);
    await s.db.query(`UPDATE notification_outbox SET counted_at = counted_at - interval '1 day' WHERE rule_id = $1`, [
      ruleId,
    ]);
    await until(d, () => mailsTo(to).length === 2);
    expect(mailsTo(to)[1]!.subject).toContain('1 alarm notice held back');
  });
});

describe('a mail server that is down', () => {
  // A real minute on native PostgreSQL (the CI's second server run); the embedded run takes the same path in two
  // seconds, with backoff scaled down alike.
  const outageMs = testTemplate().kind === 'postgres' ? 60_000 : 2_000;

  it('gets every notice once when it is back, after retries with the reason logged', async () => {
    const device = await plantWithDevice(s, 'Downtime', 'Europe/Prague');
    const to = 'down@example.com';
    const ruleId = await makeRule(s, admin, ruleDraft({ plantIds: [device.plantId], emails: [to] }));
    const down = await startSmtpCapture();
    await down.down();
    await readings(engine(s), device, [[T(), (1 << 6) | (1 << 7) | (1 << 8)]]);
    const d = delivery(s, down, { options: { retryBaseMs: 500, retryMaxMs: outageMs / 6 } });
    const back = Date.now() + outageMs;
    await until(d, async () => (await deliveries(ruleId)).every((l) => l.attempts >= 2 && l.status === 'pending'));
    const failing = await deliveries(ruleId);
    expect(failing).toHaveLength(3);
    expect(failing[0]!.lastError).toMatch(/ECONNREFUSED/);
    // The worker keeps trying with backoff while the server is away.
    await until(d, () => Date.now() >= back, outageMs + 10_000);
    expect(down.mails).toHaveLength(0);
    await down.up();
    await until(d, () => down.mails.length === 3, outageMs / 6 + 15_000);
    await new Promise((r) => setTimeout(r, 500));
    await d.round();
    expect(down.mails).toHaveLength(3);
    expect(new Set(down.mails.map((m) => m.messageId)).size).toBe(3);
    expect((await deliveries(ruleId)).map((l) => l.status)).toEqual(['sent', 'sent', 'sent']);
    await down.close();
  }, 120_000);
});
