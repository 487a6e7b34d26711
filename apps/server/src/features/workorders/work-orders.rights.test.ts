import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderDraft } from '@voltfleet/domain/workorders';
import { api } from '../../test/harness.js';
import {
  WORK_ORDERS,
  createOrder,
  draft,
  step,
  workOrderWorld,
  type WorkOrderWorld,
} from './work-orders.test-support.js';

// Issue 38: the one who does the work neither rewrites the order nor signs it off.
//   admin ─┬─ dealer ─┬─ tech ── owner
//          │          └─ tech2
//          └─ stranger
let w: WorkOrderWorld;
beforeAll(async () => {
  w = await workOrderWorld('wor');
});
afterAll(() => w.s.close());

const read = async (id: number, token = w.tokens.admin) =>
  (await api<WorkOrderDetail>(w.s.app, 'GET', `${WORK_ORDERS}/${id}`, { token })).body.data;

const edit = (token: string, id: number, over: Partial<WorkOrderDraft>, lang = 'en') =>
  api<WorkOrderDetail>(w.s.app, 'PUT', `${WORK_ORDERS}/${id}`, { token, lang, body: draft(over) });

/** A work order created by `creator` for `assigneeId`, already resolved by `resolver`. */
async function resolvedOrder(creator: string, assigneeId: number, resolver: string) {
  const order = await createOrder(w, creator, { assigneeId });
  expect((await step(w, resolver, order.id, 'start')).status).toBe(200);
  expect((await step(w, resolver, order.id, 'resolve')).status).toBe(200);
  return order;
}

describe('the text of a work order', () => {
  it('is not the assignee’s to edit: a localised 403, and nothing changes', async () => {
    const order = await createOrder(w, w.tokens.dealer, { assigneeId: w.ids.tech });
    const before = await read(order.id);
    const res = await edit(w.tokens.tech, order.id, { title: 'Nothing to do here', priority: 'low' }, 'de');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(res.body.msg).toBe('Nur der Ersteller des Arbeitsauftrags oder seine Vorgesetzten können ihn bearbeiten');
    expect(await read(order.id)).toEqual(before);
    // The detail tells the page so: the assignee is offered no edit.
    expect((await read(order.id, w.tokens.tech)).actsForCreator).toBe(false);
  });

  it('is the creator’s and their superiors’ to edit', async () => {
    const order = await createOrder(w, w.tokens.tech, { assigneeId: w.ids.owner });
    expect(order.actsForCreator).toBe(true);
    const byCreator = await edit(w.tokens.tech, order.id, { title: 'Checked by the creator' });
    expect(byCreator.status, byCreator.body.msg).toBe(200);
    const byDealer = await edit(w.tokens.dealer, order.id, { title: 'Checked by the dealer' });
    expect(byDealer.status, byDealer.body.msg).toBe(200);
    const byAdmin = await edit(w.tokens.admin, order.id, { title: 'Checked by the admin' });
    expect(byAdmin.status, byAdmin.body.msg).toBe(200);
    const after = await read(order.id);
    expect(after.title).toBe('Checked by the admin');
    expect(after.events.filter((e) => e.kind === 'edited').map((e) => e.actor?.id)).toEqual([
      w.ids.tech,
      w.ids.dealer,
      w.ids.admin,
    ]);
    // The assignee (below the creator) is still refused.
    expect((await edit(w.tokens.owner, order.id, { title: 'Mine now' })).status).toBe(403);
    expect((await read(order.id)).title).toBe('Checked by the admin');
  });
});

describe('closing a resolved work order', () => {
  it('is not the assignee’s alone: a localised 403, and the order stays resolved', async () => {
    const order = await resolvedOrder(w.tokens.dealer, w.ids.tech, w.tokens.tech);
    const before = await read(order.id);
    const res = await step(w, w.tokens.tech, order.id, 'close', 'zh');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(res.body.msg).toBe('只有工单创建人或处理人的上级可以关闭工单');
    expect(await read(order.id)).toEqual(before);
    expect(before).toMatchObject({ state: 'resolved', closedAt: null });
  });

  it('names the state first: closing before the work is resolved is a 409', async () => {
    const order = await createOrder(w, w.tokens.dealer, { assigneeId: w.ids.tech });
    expect((await step(w, w.tokens.tech, order.id, 'start')).status).toBe(200);
    expect((await step(w, w.tokens.tech, order.id, 'close')).status).toBe(409);
    expect((await step(w, w.tokens.dealer, order.id, 'close')).status).toBe(409);
    expect((await read(order.id)).state).toBe('inProgress');
  });

  it('is the creator’s', async () => {
    const order = await resolvedOrder(w.tokens.dealer, w.ids.tech, w.tokens.tech);
    const res = await step(w, w.tokens.dealer, order.id, 'close');
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.state).toBe('closed');
  });

  it('is a superior’s of the assignee, who did not create it', async () => {
    const order = await resolvedOrder(w.tokens.tech, w.ids.owner, w.tokens.owner);
    expect((await step(w, w.tokens.owner, order.id, 'close')).status).toBe(403);
    const res = await step(w, w.tokens.dealer, order.id, 'close');
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'closed', creator: { id: w.ids.tech } });
  });

  it('is the creator’s who assigned themselves', async () => {
    const order = await resolvedOrder(w.tokens.owner, w.ids.owner, w.tokens.owner);
    const res = await step(w, w.tokens.owner, order.id, 'close');
    expect(res.status, res.body.msg).toBe(200);
  });
});
