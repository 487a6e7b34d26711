import type { WorkOrderDetail, WorkOrderDraft } from '@voltfleet/domain/workorders';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makePlant,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

/**
 * A small world for the work-order tests:
 *
 *   admin ─┬─ dealer ─┬─ tech (engineering) ── owner (personal)     plant "WO_Plant" (owner), device + alarm on it
 *          │          └─ tech2 (engineering)
 *          └─ stranger (dealer)                                      plant "WO_Foreign" (stranger), device + alarm
 */
export interface WorkOrderWorld {
  s: TestServer;
  ids: Record<'admin' | 'dealer' | 'tech' | 'tech2' | 'owner' | 'stranger', number>;
  tokens: Record<'admin' | 'dealer' | 'tech' | 'tech2' | 'owner' | 'stranger', string>;
  plant: number;
  device: number;
  alarm: number;
  foreignPlant: number;
  foreignDevice: number;
  foreignAlarm: number;
}

async function deviceWithAlarm(s: TestServer, sn: string, ownerId: number, plantId: number) {
  const device = (
    await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
       VALUES ($1, 'inverter', '10K', $2, $3, now()) RETURNING id`,
      [sn, ownerId, plantId],
    )
  ).rows[0]!.id;
  const alarm = (
    await s.db.query<{ id: string }>(
      `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at, last_seen_at)
       VALUES ($1, $2, 'grid.voltageHigh', 'grid', 'major', 1, 'active', now(), now()) RETURNING id`,
      [device, plantId],
    )
  ).rows[0]!.id;
  return { device, alarm: Number(alarm) };
}

export async function workOrderWorld(prefix: string): Promise<WorkOrderWorld> {
  const s = await startTestServer();
  const admin = await adminId(s.db);
  const dealerRole = await builtinRoleId(s.db, 'dealer');
  const engineering = await builtinRoleId(s.db, 'engineering');
  const personal = await builtinRoleId(s.db, 'personal');
  const dealer = (await makeUser(s.db, { username: `${prefix}Dealer`, roleId: dealerRole, superiorId: admin })).id;
  const tech = (await makeUser(s.db, { username: `${prefix}Tech`, roleId: engineering, superiorId: dealer })).id;
  const tech2 = (await makeUser(s.db, { username: `${prefix}Tech2`, roleId: engineering, superiorId: dealer })).id;
  const owner = (await makeUser(s.db, { username: `${prefix}Owner`, roleId: personal, superiorId: tech, level: 3 })).id;
  const stranger = (await makeUser(s.db, { username: `${prefix}Stranger`, roleId: dealerRole, superiorId: admin })).id;
  // The outbox writes mail only to accounts with an address.
  await s.db.query(`UPDATE users SET email = username || '@example.com' WHERE id = ANY($1::int[])`, [
    [dealer, tech, tech2, owner, stranger],
  ]);
  const plant = await makePlant(s.db, `${prefix}_Plant`, owner);
  const foreignPlant = await makePlant(s.db, `${prefix}_Foreign`, stranger);
  const own = await deviceWithAlarm(s, `${prefix.toUpperCase()}0001`, owner, plant);
  const foreign = await deviceWithAlarm(s, `${prefix.toUpperCase()}0002`, stranger, foreignPlant);
  const login = (name: string) => loginToken(s.app, name, 'Passw0rd-1');
  const tokens = {
    admin: await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD),
    dealer: await login(`${prefix}Dealer`),
    tech: await login(`${prefix}Tech`),
    tech2: await login(`${prefix}Tech2`),
    owner: await login(`${prefix}Owner`),
    stranger: await login(`${prefix}Stranger`),
  };
  return {
    s,
    ids: { admin, dealer, tech, tech2, owner, stranger },
    tokens,
    plant,
    device: own.device,
    alarm: own.alarm,
    foreignPlant,
    foreignDevice: foreign.device,
    foreignAlarm: foreign.alarm,
  };
}

export const WORK_ORDERS = '/api/work-orders';

/** A valid by-hand work order with these fields laid over it. */
export const draft = (over: Partial<WorkOrderDraft> = {}): WorkOrderDraft => ({
  title: 'Replace the DC isolator',
  type: 'maintenance',
  priority: 'normal',
  description: 'Isolator on string 2 is warm.',
  ...over,
});

/** Creates a work order and expects success. */
export async function createOrder(w: WorkOrderWorld, token: string, over: Partial<WorkOrderDraft> = {}) {
  const res = await api<WorkOrderDetail>(w.s.app, 'POST', WORK_ORDERS, { token, body: draft(over) });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

/** One step (start, resolve, close, reopen) as `token`. */
export const step = (w: WorkOrderWorld, token: string, id: number, action: string, lang = 'en') =>
  api<WorkOrderDetail>(w.s.app, 'POST', `${WORK_ORDERS}/${id}/transition`, { token, body: { action }, lang });

export const assign = (w: WorkOrderWorld, token: string, id: number, assigneeId: number) =>
  api<WorkOrderDetail>(w.s.app, 'POST', `${WORK_ORDERS}/${id}/assign`, { token, body: { assigneeId } });
