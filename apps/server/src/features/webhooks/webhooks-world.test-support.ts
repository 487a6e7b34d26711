/**
 * Fixture of the webhook delivery tests: the real app on a real database with private targets allowed (the receiver
 * listens on 127.0.0.1), an owner below the administrator with the pages the events need, a plant and an inverter of
 * theirs, the real alarm engine whose transaction queues the webhooks as services.ts wires it, and the delivery
 * worker on a clock the tests move forward instead of waiting.
 */
import type { Webhook, WebhookCreate, WebhookCreated, WebhookDeliveryPage } from '@voltfleet/domain/webhooks';
import { AlarmEngine } from '../alarms/alarm-engine.js';
import { recordAlarmTransitions } from '../notifications/index.js';
import { adminId, api, loginToken, makePlant, makeRole, makeUser, type TestServer } from '../../test/harness.js';
import { DEFAULT_WEBHOOK_DELIVERY, WebhookDelivery, type WebhookDeliveryOptions } from './webhook-delivery.js';
import { queueAlarmWebhooks } from './webhook-events.js';

export const GRID_HIGH = 1 << 6;
export const OWNER_PERMISSIONS = ['B', 'B/A', 'C', 'C/A', 'D', 'D/C'];

export interface World {
  ownerId: number;
  token: string;
  roleId: number;
  plantId: number;
  device: { deviceId: number; plantId: number; sn: string };
}

let serial = 0;

export async function makeWorld(s: TestServer, name: string): Promise<World> {
  const root = await adminId(s.db);
  const roleId = await makeRole(s.db, `${name} role`, OWNER_PERMISSIONS, root);
  const owner = await makeUser(s.db, { username: name, roleId, superiorId: root });
  await s.db.query(`UPDATE users SET email = $2 WHERE id = $1`, [owner.id, `${name}@example.com`]);
  const token = await loginToken(s.app, name, 'Passw0rd-1');
  const plantId = await makePlant(s.db, `${name} plant`, owner.id);
  return { ownerId: owner.id, token, roleId, plantId, device: await addDevice(s, owner.id, plantId) };
}

export async function addDevice(s: TestServer, ownerId: number, plantId: number) {
  const sn = `VFHOOK${String(++serial).padStart(6, '0')}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at) VALUES ($1, 'inverter', '10K', $2, $3, now())
     RETURNING id`,
    [sn, ownerId, plantId],
  );
  return { deviceId: rows[0]!.id, plantId, sn };
}

/** The engine as services.ts builds it: notices and webhooks recorded in the transaction that changes an alarm. */
export function engine(s: TestServer): AlarmEngine {
  return new AlarmEngine(s.db, {
    rules: { debounceMs: 0, recoverMs: 0, flapCount: 3, flapWindowMs: 3_600_000 },
    inTransaction: async (tx, changes) => {
      await recordAlarmTransitions(tx, changes);
      await queueAlarmWebhooks(tx, changes);
    },
  });
}

/** Feeds readings (ms times, fault word) for a device through the engine and waits for their transaction. */
export async function readings(e: AlarmEngine, device: World['device'], steps: [number, number][]): Promise<void> {
  e.onStored(
    steps.map(([ts, faultWord]) => ({ deviceId: device.deviceId, plantId: device.plantId, ts, values: { faultWord } })),
  );
  await e.flush();
}

/** A worker on a movable clock: `clock.advance(ms)` makes later retries due without waiting for them. */
export function worker(s: TestServer, over: Partial<WebhookDeliveryOptions> = {}) {
  let offset = 0;
  const options: WebhookDeliveryOptions = {
    ...DEFAULT_WEBHOOK_DELIVERY,
    allowPrivate: true,
    now: () => new Date(Date.now() + offset),
    ...over,
  };
  const noLog = { warn: () => {} };
  return {
    delivery: new WebhookDelivery(s.db, options, noLog),
    advance(ms: number) {
      offset += ms;
    },
  };
}

export async function subscribe(s: TestServer, token: string, body: WebhookCreate): Promise<WebhookCreated> {
  const res = await api<WebhookCreated>(s.app, 'POST', '/api/webhooks', { token, body });
  if (res.status !== 200) throw new Error(`webhook not made: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function deliveriesOf(s: TestServer, token: string, id: number): Promise<WebhookDeliveryPage> {
  return (await api<WebhookDeliveryPage>(s.app, 'GET', `/api/webhooks/${id}/deliveries?pageSize=200`, { token })).body
    .data;
}

export async function webhookOf(s: TestServer, token: string, id: number): Promise<Webhook> {
  const all = (await api<Webhook[]>(s.app, 'GET', '/api/webhooks', { token })).body.data;
  return all.find((w) => w.id === id)!;
}

/** Runs delivery rounds until `done` holds; a bound on rounds, not on time. */
export async function roundsUntil(d: WebhookDelivery, done: () => boolean | Promise<boolean>, maxRounds = 200) {
  for (let i = 0; i < maxRounds; i++) {
    await d.round();
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the deliveries did not get there');
}
