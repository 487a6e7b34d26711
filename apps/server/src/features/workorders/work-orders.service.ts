import {
  mayEditWorkOrder,
  type WorkOrder,
  type WorkOrderDetail,
  type WorkOrderEdit,
  type WorkOrderInput,
  type WorkOrderListQuery,
  type WorkOrderOptions,
  type WorkOrderPage,
  type WorkOrderPriority,
  type WorkOrderType,
} from '@voltfleet/domain/workorders';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { belowCaller, inSubtree, subtreePattern } from '../../platform/scope.js';
import { listImages } from './work-order-images.repository.js';
import {
  alarmInView,
  assignableUser,
  deviceInView,
  findWorkOrder,
  insertEvents,
  insertWorkOrder,
  listEvents,
  listWorkOrders,
  optionsInView,
  plantInView,
  setWorkOrderState,
  updateWorkOrderFields,
  type Viewer,
  type WorkOrderRow,
} from './work-orders.repository.js';
import { notifyWorkOrder } from './work-order-notices.js';
import { queueWorkOrderWebhook } from '../webhooks/index.js';

/** Another branch's work order answers exactly like a missing one. */
export const workOrderNotFound = () => new AppError('not_found', 'workOrder.notFound');

export const viewerOf = (caller: Caller): Viewer => ({ pattern: subtreePattern(caller), userId: caller.id });

/** The API shape of a row, as this caller sees it. */
export function toWorkOrder(row: WorkOrderRow, caller: Caller): WorkOrder {
  return {
    id: row.id,
    title: row.title,
    type: row.type as WorkOrderType,
    priority: row.priority as WorkOrderPriority,
    description: row.description,
    state: row.state,
    plant: row.plant_id === null ? null : { id: row.plant_id, name: row.plant_name ?? '' },
    device: row.device_id === null ? null : { id: row.device_id, sn: row.device_sn ?? '' },
    alarm: row.alarm_id === null ? null : { id: Number(row.alarm_id), code: row.alarm_code ?? '' },
    creator: { id: row.creator_id, name: row.creator_name },
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? '' },
    dueDate: row.due_date,
    overdue: row.overdue,
    // The assignee's own path starts with the caller's when the caller is the assignee or above them.
    actsForAssignee: row.assignee_path !== null && inSubtree(caller, row.assignee_path),
    isCreator: row.creator_id === caller.id,
    aboveAssignee: row.assignee_path !== null && belowCaller(caller, row.assignee_path),
    actsForCreator: inSubtree(caller, row.creator_path),
    imageCount: row.image_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

/** The row of a work order the caller may see (locked for the transaction when asked), or 404. */
export async function visibleRow(db: Queryable, caller: Caller, id: number, lock = false): Promise<WorkOrderRow> {
  const row = await findWorkOrder(db, viewerOf(caller), id, lock);
  if (!row) throw workOrderNotFound();
  return row;
}

export async function workOrderPage(db: Db, caller: Caller, q: WorkOrderListQuery): Promise<WorkOrderPage> {
  const { rows, total, counts } = await listWorkOrders(db, viewerOf(caller), q);
  return { items: rows.map((r) => toWorkOrder(r, caller)), total, page: q.page, pageSize: q.pageSize, counts };
}

export async function workOrderDetail(db: Queryable, caller: Caller, id: number): Promise<WorkOrderDetail> {
  const row = await visibleRow(db, caller, id);
  const [images, events] = [await listImages(db, id), await listEvents(db, id)];
  return {
    ...toWorkOrder(row, caller),
    images: images.map((i) => ({
      id: i.id,
      contentType: i.content_type,
      bytes: i.bytes,
      width: i.width,
      height: i.height,
      createdAt: i.created_at.toISOString(),
    })),
    events: events.map((e) => ({
      id: Number(e.id),
      kind: e.kind,
      at: e.at.toISOString(),
      actor: e.actor_id === null ? null : { id: e.actor_id, name: e.actor_name ?? '' },
      fromState: e.from_state,
      toState: e.to_state,
      assignee: e.assignee_id === null ? null : { id: e.assignee_id, name: e.assignee_name ?? '' },
      comment: e.comment,
      fields: e.fields,
    })),
  };
}

export const workOrderOptions = (db: Db, caller: Caller): Promise<WorkOrderOptions> =>
  optionsInView(db, viewerOf(caller));

/**
 * What a new work order is about, all in the caller's scope. From an alarm, plant and device are the alarm's (the
 * ones sent must agree); a device alone brings its plant. Anything missing or outside scope is refused the same way.
 */
async function references(db: Queryable, viewer: Viewer, input: WorkOrderInput) {
  let { plantId, deviceId } = input;
  if (input.alarmId !== null) {
    const alarm = await alarmInView(db, viewer, input.alarmId);
    if (!alarm) throw invalid('alarmId', 'workOrder.alarmOutOfScope');
    if ((deviceId !== null && deviceId !== alarm.device_id) || (plantId !== null && plantId !== alarm.plant_id))
      throw invalid('deviceId', 'workOrder.mismatch');
    deviceId = alarm.device_id;
    plantId = alarm.plant_id;
  }
  if (deviceId !== null) {
    const device = await deviceInView(db, viewer, deviceId);
    if (!device) throw invalid('deviceId', 'workOrder.deviceOutOfScope');
    if (input.alarmId === null && plantId !== null && device.plant_id !== plantId)
      throw invalid('deviceId', 'workOrder.mismatch');
    plantId ??= device.plant_id;
  }
  // A plant the alarm or device brings along is checked like a chosen one: the order must not show an unseen plant.
  if (plantId !== null && !(await plantInView(db, viewer, plantId)))
    throw invalid('plantId', 'workOrder.plantOutOfScope');
  return { plantId, deviceId, alarmId: input.alarmId };
}

/** The assignee the caller names: enabled and in the caller's subtree (the caller included), or 400. */
export async function assigneeFor(db: Queryable, caller: Caller, id: number) {
  const user = await assignableUser(db, viewerOf(caller), id);
  if (!user) throw invalid('assigneeId', 'workOrder.assigneeOutOfScope');
  return user;
}

/** Creates a work order owned by the caller; with an assignee it starts assigned and they are told. */
export async function createWorkOrder(db: Db, caller: Caller, input: WorkOrderInput): Promise<WorkOrderDetail> {
  const viewer = viewerOf(caller);
  const refs = await references(db, viewer, input);
  const assignee = input.assigneeId === null ? null : await assigneeFor(db, caller, input.assigneeId);
  const id = await db.transaction(async (tx) => {
    const orderId = await insertWorkOrder(tx, { ...input, ...refs, creatorId: caller.id });
    await insertEvents(tx, orderId, [{ kind: 'created', actorId: caller.id, toState: 'open' }]);
    if (assignee) {
      await setWorkOrderState(tx, orderId, 'assigned', assignee.id);
      await insertEvents(tx, orderId, [
        { kind: 'assigned', actorId: caller.id, fromState: 'open', toState: 'assigned', assigneeId: assignee.id },
      ]);
      await notifyWorkOrder(tx, caller, await visibleRow(tx, caller, orderId), 'assigned');
    }
    await queueWorkOrderWebhook(tx, orderId, 'created');
    return orderId;
  });
  return workOrderDetail(db, caller, id);
}

const EDITABLE = ['title', 'type', 'priority', 'description', 'dueDate'] as const;

/**
 * Replaces the words, type, priority and due day; the history names the fields that changed. The text is the
 * creator's: only they and their superiors change it (403 otherwise, changing nothing), not the assignee.
 */
export async function editWorkOrder(
  db: Db,
  caller: Caller,
  id: number,
  input: WorkOrderEdit,
): Promise<WorkOrderDetail> {
  await db.transaction(async (tx) => {
    const row = await visibleRow(tx, caller, id, true);
    if (!mayEditWorkOrder(toWorkOrder(row, caller))) throw new AppError('forbidden', 'workOrder.notCreator');
    const before: WorkOrderEdit = {
      title: row.title,
      type: row.type as WorkOrderType,
      priority: row.priority as WorkOrderPriority,
      description: row.description,
      dueDate: row.due_date,
    };
    const changed = EDITABLE.filter((f) => before[f] !== input[f]);
    if (changed.length === 0) return;
    await updateWorkOrderFields(tx, id, input);
    await insertEvents(tx, id, [{ kind: 'edited', actorId: caller.id, fields: changed }]);
    await queueWorkOrderWebhook(tx, id, 'edited');
  });
  return workOrderDetail(db, caller, id);
}
