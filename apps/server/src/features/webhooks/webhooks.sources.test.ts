import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, makeRole, makeUser, adminId, loginToken, startTestServer, type TestServer } from '../../test/harness.js';
import { sweepAndTell } from '../commands/commands.job.js';
import { deviceStatusRound } from './webhook-device-status.js';
import { addDevice, deliveriesOf, makeWorld, subscribe, type World } from './webhooks-world.test-support.js';

// Each deciding path queues its webhooks in its own transaction: work-order routes, the command sweep (expiry), and
// the device-status round; a permission the owner lacks queues nothing.

let s: TestServer;
let w: World;
const URL_ = 'https://203.0.113.10/hook';

beforeAll(async () => {
  s = await startTestServer();
  w = await makeWorld(s, 'sourceowner');
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.db.query(`DELETE FROM webhook_subscriptions`);
});

const bodies = async (hookId: number) =>
  (
    await s.db.query<{ body: string }>(`SELECT body FROM webhook_deliveries WHERE subscription_id = $1 ORDER BY id`, [
      hookId,
    ])
  ).rows.map((r) => JSON.parse(r.body) as { type: string; version: number; data: Record<string, unknown> });

describe('queued where the change is decided', () => {
  it('work orders created and changed', async () => {
    const hook = await subscribe(s, w.token, {
      url: URL_,
      events: ['workorder.created', 'workorder.changed'],
      plantIds: [w.plantId],
    });
    const draft = { title: 'Fix the meter', type: 'maintenance', priority: 'normal', description: '', dueDate: null };
    const made = await api<{ id: number }>(s.app, 'POST', '/api/work-orders', {
      token: w.token,
      body: { ...draft, plantId: w.plantId },
    });
    expect(made.status).toBe(200);
    const edited = await api(s.app, 'PUT', `/api/work-orders/${made.body.data.id}`, {
      token: w.token,
      body: { ...draft, title: 'Fix the meter today' },
    });
    expect(edited.status).toBe(200);
    // A work order of no plant is nobody's webhook.
    await api(s.app, 'POST', '/api/work-orders', { token: w.token, body: { ...draft, title: 'Paperwork' } });
    const got = await bodies(hook.id);
    expect(got.map((b) => b.type)).toEqual(['workorder.created', 'workorder.changed']);
    expect(got[0]!.data).toMatchObject({ workOrderId: made.body.data.id, change: 'created', plantId: w.plantId });
    expect(got[1]!.data).toMatchObject({ change: 'edited', title: 'Fix the meter today' });
    expect((await deliveriesOf(s, w.token, hook.id)).total).toBe(2);
  });

  it('a command that expired, in the sweep that expired it', async () => {
    const hook = await subscribe(s, w.token, { url: URL_, events: ['command.finished'], plantIds: null });
    const { rows } = await s.db.query<{ id: string }>(
      `INSERT INTO commands (wire_id, device_id, user_id, username, kind, category, parameters, idempotency_key,
                             expires_at)
       VALUES ('hook-wire-1', $1, $2, 'sourceowner', 'clockSync', 'remote', '{}', 'hook-key-1', now() - interval '1 s')
       RETURNING id::text AS id`,
      [w.device.deviceId, w.ownerId],
    );
    await sweepAndTell(s.db, 60);
    const [b] = await bodies(hook.id);
    expect(b).toMatchObject({
      type: 'command.finished',
      version: 1,
      data: { commandId: Number(rows[0]!.id), status: 'expired', kind: 'clockSync', deviceSn: w.device.sn },
    });
  });

  it('devices going offline and online, told once, and not to an owner without the device list', async () => {
    const device = await addDevice(s, w.ownerId, w.plantId);
    const hook = await subscribe(s, w.token, {
      url: URL_,
      events: ['device.offline', 'device.online'],
      plantIds: null,
    });
    // A second owner on the same plant (affiliated) whose role lacks the device list page.
    const root = await adminId(s.db);
    const role = await makeRole(s.db, 'No device list', ['C', 'C/A'], root);
    const u = await makeUser(s.db, { username: 'nodevicelist', roleId: role, superiorId: root });
    await s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [w.plantId, u.id]);
    const other = await loginToken(s.app, 'nodevicelist', 'Passw0rd-1');
    const refused = await api(s.app, 'POST', '/api/webhooks', {
      token: other,
      body: { url: URL_, events: ['device.offline'], plantIds: null },
    });
    expect(refused.status).toBe(400);

    await s.db.query(`UPDATE devices SET last_seen_at = now() WHERE plant_id = $1`, [w.plantId]);
    await deviceStatusRound(s.db, 300); // the baseline: nothing told
    expect(await bodies(hook.id)).toEqual([]);
    await s.db.query(`UPDATE devices SET last_seen_at = now() - interval '1 hour' WHERE id = $1`, [device.deviceId]);
    expect(await deviceStatusRound(s.db, 300)).toBe(1);
    expect(await deviceStatusRound(s.db, 300)).toBe(0);
    await s.db.query(`UPDATE devices SET last_seen_at = now() WHERE id = $1`, [device.deviceId]);
    await deviceStatusRound(s.db, 300);
    const got = await bodies(hook.id);
    expect(got.map((b) => [b.type, b.data.deviceSn])).toEqual([
      ['device.offline', device.sn],
      ['device.online', device.sn],
    ]);
  });
});
