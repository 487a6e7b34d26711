import {
  workOrderNextState,
  workOrderRefusal,
  type WorkOrderAction,
  type WorkOrderAssign,
  type WorkOrderCommentInput,
  type WorkOrderDetail,
  type WorkOrderTransitionInput,
} from '@voltfleet/domain/workorders';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, conflict } from '../../platform/errors.js';
import { insertEvents, setWorkOrderState, touchWorkOrder, type WorkOrderRow } from './work-orders.repository.js';
import { notifyWorkOrder } from './work-order-notices.js';
import { queueWorkOrderWebhook } from '../webhooks/index.js';
import { assigneeFor, toWorkOrder, visibleRow, workOrderDetail } from './work-orders.service.js';

/**
 * The step's next state by the domain's one rule (work-order-states.ts): 409 when the state does not allow it, 403
 * when the caller may not take it (start and resolve: only the assignee or their superiors; close: only the creator
 * or a superior of the assignee).
 */
function nextStateOrRefuse(row: WorkOrderRow, caller: Caller, action: WorkOrderAction) {
  const wo = toWorkOrder(row, caller);
  const situation = { state: wo.state, hasAssignee: wo.assignee !== null };
  const refusal = workOrderRefusal(situation, action, wo);
  if (refusal === 'state') throw conflict('workOrder.transitionNotAllowed');
  if (refusal === 'actor')
    throw new AppError('forbidden', action === 'close' ? 'workOrder.notCloser' : 'workOrder.notAssignee');
  return workOrderNextState(situation, action)!;
}

/** Runs one step on a locked work order in a transaction, then answers with the work order as it is now. */
async function step(
  db: Db,
  caller: Caller,
  id: number,
  change: (tx: Queryable, row: WorkOrderRow) => Promise<void>,
): Promise<WorkOrderDetail> {
  await db.transaction(async (tx) => change(tx, await visibleRow(tx, caller, id, true)));
  return workOrderDetail(db, caller, id);
}

/** Assigns (or re-assigns) to a user of the caller's subtree; they are told in-app and by e-mail. */
export function assignWorkOrder(db: Db, caller: Caller, id: number, input: WorkOrderAssign) {
  return step(db, caller, id, async (tx, row) => {
    const to = nextStateOrRefuse(row, caller, 'assign');
    const assignee = await assigneeFor(tx, caller, input.assigneeId);
    await setWorkOrderState(tx, id, to, assignee.id);
    await insertEvents(tx, id, [
      {
        kind: 'assigned',
        actorId: caller.id,
        fromState: row.state,
        toState: to,
        assigneeId: assignee.id,
        comment: input.comment || null,
      },
    ]);
    await notifyWorkOrder(tx, caller, await visibleRow(tx, caller, id), 'assigned');
    await queueWorkOrderWebhook(tx, id, 'assigned');
  });
}

/** Start, resolve, close or reopen; the assignee stays (a reopened order goes back to them). */
export function transitionWorkOrder(db: Db, caller: Caller, id: number, input: WorkOrderTransitionInput) {
  return step(db, caller, id, async (tx, row) => {
    const to = nextStateOrRefuse(row, caller, input.action);
    await setWorkOrderState(tx, id, to, row.assignee_id);
    await insertEvents(tx, id, [
      { kind: 'stateChanged', actorId: caller.id, fromState: row.state, toState: to, comment: input.comment || null },
    ]);
    await notifyWorkOrder(tx, caller, { ...row, state: to }, 'stateChanged');
    await queueWorkOrderWebhook(tx, id, 'stateChanged');
  });
}

/** A comment by anyone who can see the work order, in any state. */
export function commentWorkOrder(db: Db, caller: Caller, id: number, input: WorkOrderCommentInput) {
  return step(db, caller, id, async (tx, row) => {
    await insertEvents(tx, id, [{ kind: 'commented', actorId: caller.id, comment: input.text }]);
    await touchWorkOrder(tx, id);
    await notifyWorkOrder(tx, caller, row, 'commented');
    await queueWorkOrderWebhook(tx, id, 'commented');
  });
}
