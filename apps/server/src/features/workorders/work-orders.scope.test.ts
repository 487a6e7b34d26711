import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderOptions } from '@voltfleet/domain/workorders';
import { api } from '../../test/harness.js';
import {
  WORK_ORDERS,
  assign,
  createOrder,
  draft,
  step,
  workOrderWorld,
  type WorkOrderWorld,
} from './work-orders.test-support.js';

// Who sees a work order (the creator's subtree and the assignee), what it may name (plants, devices, alarms and
// assignees in the caller's scope), and who takes which step.

let w: WorkOrderWorld;
let order: WorkOrderDetail;
beforeAll(async () => {
  w = await workOrderWorld('wos');
  order = await createOrder(w, w.tokens.tech, { plantId: w.plant });
});
afterAll(() => w.s.close());

describe('another branch', () => {
  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['POST', '/assign'],
    ['POST', '/transition'],
    ['POST', '/comments'],
    ['GET', '/images/1'],
    ['DELETE', '/images/1'],
  ] as const)('answers %s …%s exactly like a missing work order', async (method, suffix) => {
    const body =
      method === 'PUT'
        ? draft()
        : suffix === '/assign'
          ? { assigneeId: w.ids.stranger }
          : suffix === '/transition'
            ? { action: 'start' }
            : suffix === '/comments'
              ? { text: 'hi' }
              : undefined;
    const foreign = await api(w.s.app, method, `${WORK_ORDERS}/${order.id}${suffix}`, {
      token: w.tokens.stranger,
      body,
    });
    const missing = await api(w.s.app, method, `${WORK_ORDERS}/2000000000${suffix}`, {
      token: w.tokens.stranger,
      body,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  it('keeps a subordinate from the work orders of their superior', async () => {
    const dealers = await createOrder(w, w.tokens.dealer, { title: 'Dealer only' });
    expect((await api(w.s.app, 'GET', `${WORK_ORDERS}/${dealers.id}`, { token: w.tokens.tech })).status).toBe(404);
    expect((await api(w.s.app, 'GET', `${WORK_ORDERS}/${order.id}`, { token: w.tokens.dealer })).status).toBe(200);
  });
});

describe('what a work order may name', () => {
  it.each([
    ['a plant outside scope', { plantId: 'foreignPlant' }, 'plantId', 'Cannot find this plant'],
    ['a device outside scope', { deviceId: 'foreignDevice' }, 'deviceId', 'Cannot find this device'],
    ['an alarm outside scope', { alarmId: 'foreignAlarm' }, 'alarmId', 'Cannot find this alarm'],
    ['a missing alarm', { alarmId: 'missing' }, 'alarmId', 'Cannot find this alarm'],
    ['a device of another plant than the alarm', { alarmId: 'alarm', deviceId: 'foreignDevice' }, 'deviceId', null],
    ['an assignee of another branch', { assigneeId: 'stranger' }, 'assigneeId', null],
    ['their own superior as assignee', { assigneeId: 'dealer' }, 'assigneeId', null],
  ] as const)('refuses %s (400, nothing written)', async (_what, refs, field, message) => {
    const value = (k: string) =>
      k === 'missing' ? 999_999_999 : k in w.ids ? w.ids[k as keyof typeof w.ids] : (w[k as 'plant'] as number);
    const body = draft(Object.fromEntries(Object.entries(refs).map(([k, v]) => [k, value(v)])));
    const before = await w.s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM work_orders`);
    const res = await api<{ issues: { path: string; message: string }[] }>(w.s.app, 'POST', WORK_ORDERS, {
      token: w.tokens.tech,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]?.path).toBe(field);
    if (message) expect(res.body.data.issues[0]?.message).toBe(message);
    const after = await w.s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM work_orders`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('refuses assigning a user outside the caller subtree, even to the creator’s superior', async () => {
    expect((await assign(w, w.tokens.tech, order.id, w.ids.stranger)).status).toBe(400);
    expect((await assign(w, w.tokens.tech, order.id, w.ids.tech2)).status).toBe(400);
  });

  it('offers the plants and users of the caller scope only', async () => {
    const res = await api<WorkOrderOptions>(w.s.app, 'GET', `${WORK_ORDERS}/options`, { token: w.tokens.tech });
    expect(res.body.data.plants.map((p) => p.id)).toEqual([w.plant]);
    expect(res.body.data.users.map((u) => u.id).sort()).toEqual([w.ids.tech, w.ids.owner].sort());
  });
});

describe('who takes a step', () => {
  it('lets the assignee see a work order outside their subtree and work on it', async () => {
    const res = await assign(w, w.tokens.dealer, order.id, w.ids.tech2);
    expect(res.status).toBe(200);
    expect((await api(w.s.app, 'GET', `${WORK_ORDERS}/${order.id}`, { token: w.tokens.tech2 })).status).toBe(200);
    // The creator sees it but is not the assignee nor above them: starting is not theirs (403, not 404).
    const creator = await step(w, w.tokens.tech, order.id, 'start', 'zh');
    expect(creator.status).toBe(403);
    expect(creator.body.msg).toBe('只有处理人或其上级可以执行此操作');
    expect((await step(w, w.tokens.tech2, order.id, 'start')).status).toBe(200);
  });

  it('lets a superior of the assignee take the assignee’s steps', async () => {
    expect((await step(w, w.tokens.dealer, order.id, 'resolve')).body.data.state).toBe('resolved');
  });

  it('lets every signed-in user (an owner with the personal role) open a work order on their plant', async () => {
    const own = await createOrder(w, w.tokens.owner, { plantId: w.plant, assigneeId: w.ids.owner });
    expect(own).toMatchObject({ state: 'assigned', actsForAssignee: true });
    expect((await step(w, w.tokens.owner, own.id, 'start')).status).toBe(200);
    // Assigning oneself tells nobody.
    const told = await w.s.db.query(`SELECT 1 FROM messages WHERE user_id = $1 AND kind = 'workorder'`, [w.ids.owner]);
    expect(told.rows).toHaveLength(0);
  });

  it('refuses all of it without a session', async () => {
    expect((await api(w.s.app, 'GET', WORK_ORDERS)).status).toBe(401);
    expect((await api(w.s.app, 'POST', WORK_ORDERS, { body: draft() })).status).toBe(401);
  });
});
