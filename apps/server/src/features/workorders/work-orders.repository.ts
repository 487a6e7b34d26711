import type { WorkOrderEventKind, WorkOrderListQuery, WorkOrderState } from '@voltfleet/domain/workorders';
import type { Queryable, SqlParam } from '../../db/db.js';
import { deviceInScope, plantInScope } from '../../platform/scope.js';

/** Whose view a query takes: the caller's subtree pattern (users.path LIKE) and id. */
export interface Viewer {
  pattern: string;
  userId: number;
}

export interface WorkOrderRow {
  id: number;
  title: string;
  type: string;
  priority: string;
  description: string;
  state: WorkOrderState;
  plant_id: number | null;
  plant_name: string | null;
  device_id: number | null;
  device_sn: string | null;
  alarm_id: string | null;
  alarm_code: string | null;
  creator_id: number;
  creator_name: string;
  creator_path: string;
  assignee_id: number | null;
  assignee_name: string | null;
  assignee_path: string | null;
  due_date: string | null;
  overdue: boolean;
  image_count: number;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
}

const displayName = (u: string) => `coalesce(nullif(${u}.name, ''), ${u}.username)`;

// Overdue in the plant's time zone (UTC without a plant): the due day has passed there and the work is not done.
const SELECT = `SELECT w.id, w.title, w.type, w.priority, w.description, w.state,
    w.plant_id, p.name AS plant_name, w.device_id, d.sn AS device_sn, w.alarm_id::text AS alarm_id, a.code AS alarm_code,
    w.creator_id, ${displayName('c')} AS creator_name, c.path AS creator_path,
    w.assignee_id, ${displayName('u')} AS assignee_name, u.path AS assignee_path,
    to_char(w.due_date, 'YYYY-MM-DD') AS due_date,
    (w.due_date IS NOT NULL AND w.state NOT IN ('resolved', 'closed')
      AND w.due_date < (now() AT TIME ZONE coalesce(p.time_zone, 'UTC'))::date) AS overdue,
    (SELECT count(*)::int FROM work_order_images i WHERE i.work_order_id = w.id) AS image_count,
    w.created_at, w.updated_at, w.closed_at
  FROM work_orders w
  JOIN users c ON c.id = w.creator_id
  LEFT JOIN users u ON u.id = w.assignee_id
  LEFT JOIN plants p ON p.id = w.plant_id
  LEFT JOIN devices d ON d.id = w.device_id
  LEFT JOIN alarms a ON a.id = w.alarm_id`;

/** The visibility rule: the creator lies in the viewer's subtree, or the viewer is the assignee. */
const VISIBLE = `(c.path LIKE $1 OR w.assignee_id = $2)`;

/** A work order the viewer may see; `lock` holds it for the rest of the transaction (one step at a time). */
export async function findWorkOrder(
  db: Queryable,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<WorkOrderRow | undefined> {
  const { rows } = await db.query<WorkOrderRow>(
    `${SELECT} WHERE w.id = $3 AND ${VISIBLE}${lock ? ' FOR UPDATE OF w' : ''}`,
    [viewer.pattern, viewer.userId, id],
  );
  return rows[0];
}

/** The list's filters as SQL on the joined row, from parameter $3 on; `withState` false for the counts. */
function filters(q: WorkOrderListQuery, withState: boolean): { where: string; params: SqlParam[] } {
  const parts: string[] = [VISIBLE];
  const params: SqlParam[] = [];
  const add = (sql: (n: string) => string, value: SqlParam) => {
    params.push(value);
    parts.push(sql(`$${params.length + 2}`));
  };
  if (withState && q.state) add((n) => `w.state = ${n}`, q.state);
  if (q.type) add((n) => `w.type = ${n}`, q.type);
  if (q.priority) add((n) => `w.priority = ${n}`, q.priority);
  if (q.assigneeId) add((n) => `w.assignee_id = ${n}`, q.assigneeId);
  if (q.plantId) add((n) => `w.plant_id = ${n}`, q.plantId);
  if (q.text) {
    const like = `%${q.text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    add((n) => `(w.title ILIKE ${n} OR w.description ILIKE ${n})`, like);
  }
  if (q.overdue) {
    const overdue = `(w.due_date IS NOT NULL AND w.state NOT IN ('resolved', 'closed')
      AND w.due_date < (now() AT TIME ZONE coalesce(p.time_zone, 'UTC'))::date)`;
    parts.push(q.overdue === 'true' ? overdue : `NOT ${overdue}`);
  }
  return { where: parts.join(' AND '), params };
}

/** One page of the work orders the viewer may see, newest first, with the total and the counts by state. */
export async function listWorkOrders(db: Queryable, viewer: Viewer, q: WorkOrderListQuery) {
  const base = [viewer.pattern, viewer.userId];
  const page = filters(q, true);
  const { rows } = await db.query<WorkOrderRow>(
    `${SELECT} WHERE ${page.where} ORDER BY w.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    [...base, ...page.params],
  );
  const all = filters(q, false);
  const counted = await db.query<{ state: WorkOrderState; n: number }>(
    `SELECT w.state, count(*)::int AS n FROM work_orders w JOIN users c ON c.id = w.creator_id
       LEFT JOIN plants p ON p.id = w.plant_id WHERE ${all.where} GROUP BY w.state`,
    [...base, ...all.params],
  );
  const counts = { open: 0, assigned: 0, inProgress: 0, resolved: 0, closed: 0 };
  for (const r of counted.rows) counts[r.state] = r.n;
  const total = q.state ? counts[q.state] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { rows, total, counts };
}

export interface WorkOrderFields {
  title: string;
  type: string;
  priority: string;
  description: string;
  dueDate: string | null;
}

export async function insertWorkOrder(
  db: Queryable,
  o: WorkOrderFields & { creatorId: number; plantId: number | null; deviceId: number | null; alarmId: number | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO work_orders (creator_id, plant_id, device_id, alarm_id, title, type, priority, description, due_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date) RETURNING id`,
    [o.creatorId, o.plantId, o.deviceId, o.alarmId, o.title, o.type, o.priority, o.description, o.dueDate],
  );
  return rows[0]!.id;
}

export async function updateWorkOrderFields(db: Queryable, id: number, f: WorkOrderFields): Promise<void> {
  await db.query(
    `UPDATE work_orders SET title = $2, type = $3, priority = $4, description = $5, due_date = $6::date,
       updated_at = now() WHERE id = $1`,
    [id, f.title, f.type, f.priority, f.description, f.dueDate],
  );
}

/** Sets state and assignee together; closing stamps closed_at, every other state clears it. */
export async function setWorkOrderState(
  db: Queryable,
  id: number,
  state: WorkOrderState,
  assigneeId: number | null,
): Promise<void> {
  await db.query(
    `UPDATE work_orders SET state = $2, assignee_id = $3, updated_at = now(),
       closed_at = CASE WHEN $2 = 'closed' THEN now() END WHERE id = $1`,
    [id, state, assigneeId],
  );
}

export async function touchWorkOrder(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE work_orders SET updated_at = now() WHERE id = $1`, [id]);
}

export interface NewEvent {
  kind: WorkOrderEventKind;
  actorId: number;
  fromState?: WorkOrderState | null;
  toState?: WorkOrderState | null;
  assigneeId?: number | null;
  comment?: string | null;
  imageId?: number | null;
  fields?: readonly string[];
}

export async function insertEvents(db: Queryable, workOrderId: number, events: readonly NewEvent[]): Promise<void> {
  for (const e of events)
    await db.query(
      `INSERT INTO work_order_events (work_order_id, kind, actor_id, from_state, to_state, assignee_id, comment,
         image_id, fields) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[])`,
      [
        workOrderId,
        e.kind,
        e.actorId,
        e.fromState ?? null,
        e.toState ?? null,
        e.assigneeId ?? null,
        e.comment ?? null,
        e.imageId ?? null,
        e.fields ?? [],
      ],
    );
}

export interface EventRow {
  id: string;
  kind: WorkOrderEventKind;
  at: Date;
  actor_id: number | null;
  actor_name: string | null;
  from_state: WorkOrderState | null;
  to_state: WorkOrderState | null;
  assignee_id: number | null;
  assignee_name: string | null;
  comment: string | null;
  fields: string[];
}

export async function listEvents(db: Queryable, workOrderId: number): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT e.id::text AS id, e.kind, e.at, e.actor_id, ${displayName('ac')} AS actor_name, e.from_state, e.to_state,
            e.assignee_id, ${displayName('asg')} AS assignee_name, e.comment, e.fields
       FROM work_order_events e
       LEFT JOIN users ac ON ac.id = e.actor_id
       LEFT JOIN users asg ON asg.id = e.assignee_id
      WHERE e.work_order_id = $1 ORDER BY e.id`,
    [workOrderId],
  );
  return rows;
}

/** A user's display name and path (the actor of a notice, an assignee candidate). */
export async function findUser(
  db: Queryable,
  id: number,
): Promise<{ id: number; name: string; path: string } | undefined> {
  const { rows } = await db.query<{ id: number; name: string; path: string }>(
    `SELECT id, ${displayName('u')} AS name, path FROM users u WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** A user the viewer may assign: enabled and in the viewer's subtree (the viewer included). */
export async function assignableUser(db: Queryable, viewer: Viewer, id: number) {
  const { rows } = await db.query<{ id: number; name: string; path: string }>(
    `SELECT id, ${displayName('u')} AS name, path FROM users u WHERE id = $2 AND path LIKE $1 AND enabled`,
    [viewer.pattern, id],
  );
  return rows[0];
}

export async function plantInView(db: Queryable, viewer: Viewer, id: number) {
  const { rows } = await db.query<{ id: number }>(
    `SELECT p.id FROM plants p WHERE p.id = $3 AND ${plantInScope('p', 1, 2)}`,
    [viewer.pattern, viewer.userId, id],
  );
  return rows[0];
}

export async function deviceInView(db: Queryable, viewer: Viewer, id: number) {
  const { rows } = await db.query<{ id: number; plant_id: number | null }>(
    `SELECT d.id, d.plant_id FROM devices d WHERE d.id = $3 AND ${deviceInScope('d', 1, 2)}`,
    [viewer.pattern, viewer.userId, id],
  );
  return rows[0];
}

/** An alarm in view (its device is in scope, as the Alarm Center decides) with its device and plant. */
export async function alarmInView(db: Queryable, viewer: Viewer, id: number) {
  const { rows } = await db.query<{ device_id: number; plant_id: number | null }>(
    `SELECT a.device_id, a.plant_id FROM alarms a JOIN devices d ON d.id = a.device_id
      WHERE a.id = $3 AND ${deviceInScope('d', 1, 2)}`,
    [viewer.pattern, viewer.userId, id],
  );
  return rows[0];
}

/** The form's choices: plants in scope and the enabled users of the subtree, by name. */
export async function optionsInView(db: Queryable, viewer: Viewer) {
  const plants = await db.query<{ id: number; name: string }>(
    `SELECT p.id, p.name FROM plants p WHERE ${plantInScope('p', 1, 2)} ORDER BY p.name, p.id LIMIT 2000`,
    [viewer.pattern, viewer.userId],
  );
  const users = await db.query<{ id: number; username: string; name: string }>(
    `SELECT id, username, ${displayName('u')} AS name FROM users u WHERE path LIKE $1 AND enabled
      ORDER BY username LIMIT 2000`,
    [viewer.pattern],
  );
  return { plants: plants.rows, users: users.rows };
}

/**
 * Work orders a deleted user created are the deleting user's from now on: the rows would otherwise go with the user
 * (creator_id cascades), and a job on a plant that is now the deleting user's must not vanish with its history.
 */
export async function handOverWorkOrders(db: Queryable, fromId: number, toId: number): Promise<void> {
  await db.query(`UPDATE work_orders SET creator_id = $2 WHERE creator_id = $1`, [fromId, toId]);
}
