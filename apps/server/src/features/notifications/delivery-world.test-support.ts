/**
 * Fixture of the delivery tests: the real app (rules are made through its API), the real alarm engine raising
 * alarms from readings in the transaction that records their notices, and the delivery job sending to a real SMTP
 * server in-process.
 */
import type { NotificationRuleDraft } from '@voltfleet/domain/alarms';
import { AlarmEngine } from '../alarms/alarm-engine.js';
import { TEST_ADMIN_PASSWORD, adminId, api, loginToken, makePlant, type TestServer } from '../../test/harness.js';
import type { SmtpCapture } from '../../test/smtp-capture.js';
import { NotificationDelivery, recordAlarmTransitions, type DeliveryOptions } from './notification-delivery.js';
import { mailSender, smsSender, type Sender } from './notification-senders.js';
import type { PushSender } from './push-sender.js';
import { DEFAULT_SMS_BUDGET } from './sms-budget.js';

export const GRID_HIGH = 1 << 6;
/** No debounce or recovery delay: a fault raises at its first reading and recovers at the first without it. */
export const RULES = { debounceMs: 0, recoverMs: 0, flapCount: 3, flapWindowMs: 3_600_000 };
export const FAST: Omit<DeliveryOptions, 'baseUrl'> = {
  claimMs: 1_000,
  retryBaseMs: 200,
  retryMaxMs: 400,
  maxAttempts: 50,
  smsBudget: DEFAULT_SMS_BUDGET,
};

type LogFn = (obj: object, msg: string) => void;
const nothing: LogFn = () => {};
export const quietLog: { info: LogFn; warn: LogFn; error: LogFn } = { info: nothing, warn: nothing, error: nothing };

export function smsLog(): { lines: { to: string; text: string; messageId: string }[]; log: typeof quietLog } {
  const lines: { to: string; text: string; messageId: string }[] = [];
  return {
    lines,
    log: {
      ...quietLog,
      info: (obj: object) => {
        if ('text' in obj && 'to' in obj) lines.push(obj as { to: string; text: string; messageId: string });
      },
    },
  };
}

export function delivery(
  s: TestServer,
  smtp: SmtpCapture,
  o: { sms?: Sender; push?: PushSender; options?: Partial<DeliveryOptions> } = {},
): NotificationDelivery {
  const email = mailSender({ smtpUrl: smtp.url, from: 'Voltfleet <alarms@voltfleet.test>', log: quietLog });
  const sms =
    o.sms ??
    smsSender(
      {
        provider: 'log',
        url: undefined,
        username: undefined,
        password: undefined,
        bodyTemplate: '',
        contentType: '',
        timeoutMs: 1000,
      },
      quietLog,
    );
  return new NotificationDelivery(
    s.db,
    { email, sms, ...(o.push ? { push: o.push } : {}) },
    { ...FAST, baseUrl: 'https://portal.example', ...o.options },
    quietLog,
  );
}

export function engine(s: TestServer): AlarmEngine {
  return new AlarmEngine(s.db, { rules: RULES, inTransaction: recordAlarmTransitions });
}

let serial = 0;

/** A plant (zone and name as given) with one inverter of the admin's; returns ids and the serial number. */
export async function plantWithDevice(
  s: TestServer,
  name: string,
  timeZone: string,
): Promise<{ plantId: number; deviceId: number; sn: string }> {
  const owner = await adminId(s.db);
  const plantId = await makePlant(s.db, name, owner);
  await s.db.query(`UPDATE plants SET time_zone = $2 WHERE id = $1`, [plantId, timeZone]);
  const sn = `VFNOTE${String(++serial).padStart(6, '0')}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
     VALUES ($1, 'inverter', '10K', $2, $3, now()) RETURNING id`,
    [sn, owner, plantId],
  );
  return { plantId, deviceId: rows[0]!.id, sn };
}

/** Feeds readings (ms times, faultWord) for a device through the engine and waits for it. */
export async function readings(
  e: AlarmEngine,
  device: { deviceId: number; plantId: number },
  steps: [number, number][],
): Promise<void> {
  e.onStored(
    steps.map(([ts, faultWord]) => ({ deviceId: device.deviceId, plantId: device.plantId, ts, values: { faultWord } })),
  );
  await e.flush();
}

export async function adminToken(s: TestServer): Promise<string> {
  return loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
}

export const ruleDraft = (over: Partial<NotificationRuleDraft>): NotificationRuleDraft => ({
  name: 'Delivery',
  allPlants: false,
  plantIds: [],
  groups: [],
  codes: [],
  minSeverity: 'warning',
  userIds: [],
  emails: [],
  phones: [],
  channels: ['email'],
  hourlyLimit: 100,
  dailyLimit: 1000,
  recoveryNotices: true,
  enabled: true,
  ...over,
});

export async function makeRule(s: TestServer, token: string, draft: NotificationRuleDraft): Promise<number> {
  const res = await api<{ id: number }>(s.app, 'POST', '/api/notification-rules', { token, body: draft });
  if (res.status !== 200) throw new Error(`rule not made: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Runs delivery rounds until `done` holds (or fails after `timeoutMs`). */
export async function until(d: NotificationDelivery, done: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await d.round();
    if (await done()) return;
    if (Date.now() > deadline) throw new Error('delivery did not get there in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
