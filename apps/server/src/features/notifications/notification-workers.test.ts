import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemplate } from '../../test/template.js';
import { adminId, openTestDatabase, startTestServer, type TestServer } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import type { Db } from '../../db/db.js';
import {
  GRID_HIGH,
  adminToken,
  delivery,
  engine,
  makeRule,
  plantWithDevice,
  quietLog,
  readings,
  ruleDraft,
  until,
} from './delivery-world.test-support.js';
import { recordAlarmTransitions } from './notification-delivery.js';
import { smsSender, type Sender } from './notification-senders.js';
import { AlarmEngine } from '../alarms/alarm-engine.js';

// Workers that die, fail or run side by side: a notice is sent with one message id however often it is tried, and
// several workers never both send the same row.

let s: TestServer;
let smtp: SmtpCapture;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  smtp = await startSmtpCapture();
  admin = await adminToken(s);
});
afterAll(async () => {
  await smtp.close();
  await s.close();
});

const status = async (address: string) =>
  (
    await s.db.query<{ status: string; attempts: number; last_error: string | null; message_id: string }>(
      `SELECT status, attempts, last_error, message_id::text FROM notification_outbox WHERE address = $1`,
      [address],
    )
  ).rows;

describe('a worker that dies during a send', () => {
  it('leaves the row to another worker after its claim expires, which sends it with the same message id', async () => {
    const device = await plantWithDevice(s, 'Abandoned', 'Europe/Prague');
    const to = 'abandoned@example.com';
    await makeRule(s, admin, ruleDraft({ plantIds: [device.plantId], emails: [to] }));
    await readings(engine(s), device, [[Date.now() - 60_000, GRID_HIGH]]);
    // Worker A takes the row and never comes back (its process froze or died mid-send).
    const attempts: string[] = [];
    const frozen: Sender = { send: (m) => (attempts.push(m.messageId), new Promise(() => {})) };
    const a = delivery(s, smtp, { options: { claimMs: 800 } });
    await a.expand();
    const stuck = delivery(s, smtp, { sms: frozen, options: { claimMs: 800 } });
    Object.assign(stuck, { senders: { email: frozen, sms: frozen } });
    void stuck.sendNext();
    await new Promise((r) => setTimeout(r, 100));
    expect((await status(to))[0]).toMatchObject({ status: 'sending', attempts: 1 });
    // Worker B finds nothing due while the claim holds, then takes it over.
    await a.round();
    expect(smtp.mails.filter((m) => m.to === to)).toHaveLength(0);
    await until(a, () => smtp.mails.some((m) => m.to === to));
    const [row] = await status(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(attempts).toEqual([row!.message_id]);
    expect(smtp.mails.find((m) => m.to === to)!.messageId).toBe(`<${row!.message_id}@voltfleet.test>`);
  });
});

describe('a refusal no retry changes', () => {
  it('fails the row at once with the server reply as reason', async () => {
    const device = await plantWithDevice(s, 'Refused', 'Europe/Prague');
    const to = 'nobody@example.com';
    smtp.refuse.add(to);
    await makeRule(s, admin, ruleDraft({ plantIds: [device.plantId], emails: [to] }));
    await readings(engine(s), device, [[Date.now() - 60_000, GRID_HIGH]]);
    const d = delivery(s, smtp);
    await until(d, async () => (await status(to))[0]?.status === 'failed');
    const [row] = await status(to);
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toMatch(/SMTP 550/);
  });
});

describe('the HTTP SMS provider', () => {
  let server: Server;
  const calls: { body: string; auth: string | undefined; key: string | undefined }[] = [];
  let failures = 1;
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        calls.push({ body, auth: req.headers.authorization, key: req.headers['idempotency-key'] as string });
        res.statusCode = failures-- > 0 ? 503 : 200;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts the filled template with credentials, and a retry carries the same idempotency key', async () => {
    const device = await plantWithDevice(s, 'Texted "plant"', 'Europe/Prague');
    await makeRule(
      s,
      admin,
      ruleDraft({
        plantIds: [device.plantId],
        phones: [{ prePhoneCode: '+31', phone: '612345678' }],
        channels: ['sms'],
      }),
    );
    await readings(engine(s), device, [[Date.now() - 60_000, GRID_HIGH]]);
    const sms = smsSender(
      {
        provider: 'http',
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
        username: 'acct',
        password: 'secret',
        bodyTemplate: '{"to":"{{to}}","message":"{{text}}","ref":"{{messageId}}"}',
        contentType: 'application/json',
        timeoutMs: 2000,
      },
      quietLog,
    );
    const d = delivery(s, smtp, { sms });
    await until(d, async () => (await status('+31-612345678'))[0]?.status === 'sent');
    expect(calls).toHaveLength(2);
    const [row] = await status('+31-612345678');
    expect(calls.map((c) => c.key)).toEqual([row!.message_id, row!.message_id]);
    expect(calls[1]!.auth).toBe(`Basic ${Buffer.from('acct:secret').toString('base64')}`);
    const body = JSON.parse(calls[1]!.body) as { to: string; message: string; ref: string };
    expect(body.to).toBe('+31612345678');
    expect(body.ref).toBe(row!.message_id);
    expect(body.message).toContain('Texted "plant"');
  });
});

// Real processes on a shared PostgreSQL: the jobs role of main.ts, started through tsx like production.
describe.skipIf(testTemplate().kind !== 'postgres')('worker processes on PostgreSQL', () => {
  let db: Db;
  let url: string;
  let procSmtp: SmtpCapture;
  let serial = 0;
  const workers: ServerProcess[] = [];
  let started = 0;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    db = opened.db;
    url = opened.url!;
    procSmtp = await startSmtpCapture();
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await procSmtp.close();
    await db.close();
  });

  const worker = () =>
    startServerProcess({
      // Neither is opened: the jobs role alone serves no HTTP and runs no broker.
      port: 39000 + ++started,
      mqttPort: 39100 + started,
      env: {
        DATABASE_URL: url,
        ROLES: 'jobs',
        LOG_LEVEL: 'info',
        SMTP_URL: procSmtp.url,
        MAIL_FROM: 'Voltfleet <alarms@voltfleet.test>',
        NOTIFY_POLL_MS: '100',
        NOTIFY_CLAIM_SECONDS: '2',
        NOTIFY_RETRY_SECONDS: '1',
        ALARMS: 'off',
      },
      readyWhen: { http: false, mqtt: false, output: /notification delivery started/ },
    }).then((w) => (workers.push(w), w));

  /** `n` alarm notices to `n` addresses, recorded the way the engine records them. */
  async function notices(prefix: string, n: number): Promise<string[]> {
    const owner = await adminId(db);
    const fake = { db } as unknown as TestServer;
    const device = await plantWithDevice(fake, `${prefix} plant`, 'Europe/Prague');
    const to = Array.from({ length: n }, (_, i) => `${prefix}${++serial}-${i}@example.com`);
    await db.query(
      `INSERT INTO notification_rules (owner_id, name, all_plants, min_severity_rank, emails, channels, hourly_limit,
                                       daily_limit, recovery_notices, enabled)
       VALUES ($1, $2, false, 3, $3, '{email}', 1000, 1000, true, true) RETURNING id`,
      [owner, prefix, to],
    );
    await db.query(
      `INSERT INTO notification_rule_plants (rule_id, plant_id)
       SELECT id, $1 FROM notification_rules WHERE name = $2`,
      [device.plantId, prefix],
    );
    const e = new AlarmEngine(db, {
      rules: { debounceMs: 0, recoverMs: 0, flapCount: 3, flapWindowMs: 3_600_000 },
      inTransaction: recordAlarmTransitions,
    });
    await readings(e, device, [[Date.now() - 60_000, GRID_HIGH]]);
    return to;
  }

  it('a worker killed during a send: the next one sends the notice with the same message id', async () => {
    procSmtp.hold();
    const first = await worker();
    const to = (await notices('killed', 1))[0]!;
    const deadline = Date.now() + 30_000;
    while (procSmtp.heldCount() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(procSmtp.heldCount()).toBe(1);
    await first.stop('SIGKILL');
    // The mail server had the whole message when the worker died; it goes on to deliver it.
    procSmtp.release();
    await worker();
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const r = await db.query<{ status: string }>(`SELECT status FROM notification_outbox WHERE address = $1`, [to]);
      if (r.rows[0]?.status === 'sent') break;
      await new Promise((r2) => setTimeout(r2, 100));
    }
    const { rows } = await db.query<{ status: string; attempts: number; message_id: string }>(
      `SELECT status, attempts, message_id::text FROM notification_outbox WHERE address = $1`,
      [to],
    );
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 2 });
    const got = procSmtp.mails.filter((m) => m.to === to);
    // Two deliveries of one message: the same Message-ID, which the receiver's mail system shows once.
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(new Set(got.map((m) => m.messageId))).toEqual(new Set([`<${rows[0]!.message_id}@voltfleet.test>`]));
  }, 90_000);

  it('two worker processes send each of 60 notices exactly once', async () => {
    for (const w of workers.splice(0)) await w.stop('SIGKILL');
    await Promise.all([worker(), worker()]);
    const to = await notices('pair', 60);
    const deadline = Date.now() + 60_000;
    const mine = () => procSmtp.mails.filter((m) => to.includes(m.to));
    while (mine().length < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    expect(mine()).toHaveLength(60);
    expect(new Set(mine().map((m) => m.messageId)).size).toBe(60);
    expect(new Set(mine().map((m) => m.to)).size).toBe(60);
  }, 120_000);
});
