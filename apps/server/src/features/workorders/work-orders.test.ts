import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderPage } from '@voltfleet/domain/workorders';
import { api } from '../../test/harness.js';
import {
  WORK_ORDERS,
  assign,
  createOrder,
  step,
  workOrderWorld,
  type WorkOrderWorld,
} from './work-orders.test-support.js';

let w: WorkOrderWorld;
beforeAll(async () => {
  w = await workOrderWorld('wol');
});
afterAll(() => w.s.close());

const messagesOf = (userId: number) =>
  w.s.db.query<{ event: string; params: Record<string, unknown>; link: string }>(
    `SELECT event, params, link FROM messages WHERE user_id = $1 AND kind = 'workorder' ORDER BY id`,
    [userId],
  );
const mailsTo = (userId: number) =>
  w.s.db.query<{ payload: Record<string, unknown>; address: string }>(
    `SELECT payload, address FROM notification_outbox WHERE user_id = $1 AND kind = 'workorder' ORDER BY id`,
    [userId],
  );

describe('a work order from an alarm through its whole life', () => {
  let order: WorkOrderDetail;

  it('takes plant and device from the alarm', async () => {
    order = await createOrder(w, w.tokens.dealer, {
      alarmId: w.alarm,
      type: 'faultRepair',
      priority: 'high',
      dueDate: '2099-12-31',
    });
    expect(order).toMatchObject({
      state: 'open',
      plant: { id: w.plant, name: 'wol_Plant' },
      device: { id: w.device },
      alarm: { id: w.alarm, code: 'grid.voltageHigh' },
      creator: { id: w.ids.dealer },
      assignee: null,
      overdue: false,
    });
    expect(order.events.map((e) => e.kind)).toEqual(['created']);
  });

  it('assigns, tells the assignee in-app and by e-mail in the same change, and records it', async () => {
    const res = await assign(w, w.tokens.dealer, order.id, w.ids.tech);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'assigned', assignee: { id: w.ids.tech } });
    const messages = (await messagesOf(w.ids.tech)).rows;
    expect(messages).toEqual([
      {
        event: 'assigned',
        params: { workOrderId: order.id, title: order.title, state: 'assigned', by: 'wolDealer' },
        link: `/workOrders?open=${order.id}`,
      },
    ]);
    const mails = (await mailsTo(w.ids.tech)).rows;
    expect(mails).toEqual([
      {
        address: 'wolTech@example.com',
        payload: {
          workOrderId: order.id,
          title: order.title,
          event: 'assigned',
          by: 'wolDealer',
          plantName: 'wol_Plant',
          due: '2099-12-31',
        },
      },
    ]);
    const records = await w.s.db.query<{ action: string; object_id: string; ok: boolean; username: string }>(
      `SELECT action, object_id, ok, username FROM operation_records WHERE object_type = 'workOrder' ORDER BY id`,
    );
    expect(records.rows.map((r) => [r.action, r.object_id, r.ok, r.username])).toEqual([
      ['workOrder.create', String(order.id), true, 'wolDealer'],
      ['workOrder.assign', String(order.id), true, 'wolDealer'],
    ]);
  });

  it('refuses steps the state does not allow with 409 in the caller language', async () => {
    for (const action of ['resolve', 'close', 'reopen']) {
      const res = await step(w, w.tokens.tech, order.id, action, 'de');
      expect(res.status, action).toBe(409);
      expect(res.body.msg).toBe('Dieser Schritt ist im aktuellen Zustand des Arbeitsauftrags nicht möglich');
    }
  });

  it('lets only the assignee or their superiors start the work', async () => {
    const sibling = await step(w, w.tokens.tech2, order.id, 'start');
    expect(sibling.status).toBe(404); // tech2 cannot even see it: it is neither theirs nor below them
    const started = await step(w, w.tokens.tech, order.id, 'start');
    expect(started.status).toBe(200);
    expect(started.body.data.state).toBe('inProgress');
    // The creator (dealer) hears of the step taken by the assignee; the assignee does not hear of their own.
    expect((await messagesOf(w.ids.dealer)).rows.map((m) => [m.event, m.params.state])).toEqual([
      ['stateChanged', 'inProgress'],
    ]);
    expect((await messagesOf(w.ids.tech)).rows).toHaveLength(1);
  });

  it('takes comments from anyone who can see it and tells the others', async () => {
    const res = await api<WorkOrderDetail>(w.s.app, 'POST', `${WORK_ORDERS}/${order.id}/comments`, {
      token: w.tokens.tech,
      body: { text: 'Ordered a new isolator.\n<b>not html</b>' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.events.at(-1)).toMatchObject({
      kind: 'commented',
      actor: { id: w.ids.tech, name: 'wolTech' },
      comment: 'Ordered a new isolator.\n<b>not html</b>',
    });
    expect((await messagesOf(w.ids.dealer)).rows.at(-1)?.event).toBe('commented');
  });

  it('resolves, closes, reopens to the assignee, and keeps the full history', async () => {
    expect((await step(w, w.tokens.tech, order.id, 'resolve')).body.data.state).toBe('resolved');
    const closed = await step(w, w.tokens.dealer, order.id, 'close');
    expect(closed.body.data).toMatchObject({ state: 'closed' });
    expect(closed.body.data.closedAt).not.toBeNull();
    const reopened = await step(w, w.tokens.dealer, order.id, 'reopen');
    expect(reopened.body.data).toMatchObject({ state: 'assigned', assignee: { id: w.ids.tech }, closedAt: null });
    const history = reopened.body.data.events.map((e) => [e.kind, e.fromState, e.toState]);
    expect(history).toEqual([
      ['created', null, 'open'],
      ['assigned', 'open', 'assigned'],
      ['stateChanged', 'assigned', 'inProgress'],
      ['commented', null, null],
      ['stateChanged', 'inProgress', 'resolved'],
      ['stateChanged', 'resolved', 'closed'],
      ['stateChanged', 'closed', 'assigned'],
    ]);
  });

  it('re-assigns work under way: the new assignee starts again and is told', async () => {
    await step(w, w.tokens.tech, order.id, 'start');
    const res = await assign(w, w.tokens.dealer, order.id, w.ids.tech2);
    expect(res.body.data).toMatchObject({ state: 'assigned', assignee: { id: w.ids.tech2 } });
    expect((await messagesOf(w.ids.tech2)).rows.map((m) => m.event)).toEqual(['assigned']);
    expect((await mailsTo(w.ids.tech2)).rows).toHaveLength(1);
  });

  it('records edits with the fields that changed', async () => {
    const res = await api<WorkOrderDetail>(w.s.app, 'PUT', `${WORK_ORDERS}/${order.id}`, {
      token: w.tokens.dealer,
      body: {
        title: 'Replace both isolators',
        type: 'faultRepair',
        priority: 'urgent',
        description: order.description,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Replace both isolators', priority: 'urgent', dueDate: null });
    expect(res.body.data.events.at(-1)).toMatchObject({ kind: 'edited', fields: ['title', 'priority', 'dueDate'] });
  });
});

describe('the list', () => {
  beforeAll(async () => {
    await createOrder(w, w.tokens.tech, { title: 'Overdue wash', type: 'maintenance', dueDate: '2020-01-01' });
    const done = await createOrder(w, w.tokens.tech, {
      title: 'Done wash',
      dueDate: '2020-01-01',
      assigneeId: w.ids.tech,
    });
    await step(w, w.tokens.tech, done.id, 'start');
    await step(w, w.tokens.tech, done.id, 'resolve');
    await createOrder(w, w.tokens.stranger, { title: 'Elsewhere', type: 'installation' });
  });

  const list = async (token: string, query = '') => {
    const res = await api<WorkOrderPage>(w.s.app, 'GET', `${WORK_ORDERS}${query}`, { token });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };

  it('counts by state for the same filters, and pages', async () => {
    const all = await list(w.tokens.dealer);
    expect(all.total).toBe(3);
    expect(all.counts).toEqual({ open: 1, assigned: 1, inProgress: 0, resolved: 1, closed: 0 });
    const resolved = await list(w.tokens.dealer, '?state=resolved');
    expect(resolved.items.map((o) => o.title)).toEqual(['Done wash']);
    expect(resolved.counts).toEqual(all.counts);
    const paged = await list(w.tokens.dealer, '?page=2&pageSize=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('flags overdue work that is not done, and filters by it', async () => {
    const overdue = await list(w.tokens.dealer, '?overdue=true');
    expect(overdue.items.map((o) => [o.title, o.overdue])).toEqual([['Overdue wash', true]]);
    const done = (await list(w.tokens.dealer, '?state=resolved')).items[0]!;
    expect(done).toMatchObject({ dueDate: '2020-01-01', overdue: false });
  });

  it.each([
    ['?type=installation', []],
    ['?type=maintenance', ['Done wash', 'Overdue wash']],
    ['?priority=urgent', ['Replace both isolators']],
    ['?text=WASH', ['Done wash', 'Overdue wash']],
    ['?text=%25', []],
    ['?plantId=PLANT', ['Replace both isolators']],
    ['?assigneeId=TECH2', ['Replace both isolators']],
  ])('filters %s', async (query, titles) => {
    const q = query.replace('PLANT', String(w.plant)).replace('TECH2', String(w.ids.tech2));
    expect((await list(w.tokens.dealer, q)).items.map((o) => o.title)).toEqual(titles);
  });

  it('shows each user their subtree and what they are assigned, nothing else', async () => {
    expect((await list(w.tokens.stranger)).items.map((o) => o.title)).toEqual(['Elsewhere']);
    expect((await list(w.tokens.tech2)).items.map((o) => o.title)).toEqual(['Replace both isolators']);
    expect((await list(w.tokens.admin)).total).toBe(4);
    expect((await list(w.tokens.owner)).total).toBe(0);
  });

  it('refuses a hostile query in the caller language', async () => {
    const res = await api(w.s.app, 'GET', `${WORK_ORDERS}?state=nope&overdue=1`, {
      token: w.tokens.dealer,
      lang: 'cs',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
  });
});
