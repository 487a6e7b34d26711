import { workOrderLink } from '@voltfleet/domain/workorders';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { postMessages } from '../messages/index.js';
import { enqueueAccountMails, enqueueAccountPushes } from '../notifications/index.js';
import { findUser, type WorkOrderRow } from './work-orders.repository.js';

export type WorkOrderNoticeEvent = 'assigned' | 'stateChanged' | 'commented';

/**
 * Tells the people a work order concerns, inside the transaction that changed it (the messages feature announces
 * them to open tabs at commit; the outbox job sends the e-mail). An assignment reaches the assignee in-app, by
 * e-mail and by push; a state change or comment reaches the assignee and the creator in-app. The actor is never told of their
 * own step. `row` is the work order as it is after the change.
 */
export async function notifyWorkOrder(
  tx: Queryable,
  caller: Caller,
  row: WorkOrderRow,
  event: WorkOrderNoticeEvent,
): Promise<void> {
  const receivers = event === 'assigned' ? [row.assignee_id] : [...new Set([row.assignee_id, row.creator_id])];
  const userIds = receivers.filter((id): id is number => id !== null && id !== caller.id);
  if (userIds.length === 0) return;
  const by = (await findUser(tx, caller.id))?.name ?? caller.username;
  await postMessages(
    tx,
    userIds.map((userId) => ({
      userId,
      kind: 'workorder' as const,
      event,
      params: { workOrderId: row.id, title: row.title, state: row.state, by },
      link: workOrderLink(row.id),
    })),
  );
  if (event !== 'assigned') return;
  const notices = userIds.map((userId) => ({
    userId,
    kind: 'workorder' as const,
    payload: {
      workOrderId: row.id,
      title: row.title,
      event: 'assigned' as const,
      by,
      plantName: row.plant_name,
      due: row.due_date,
    },
  }));
  // By e-mail, and by push to every browser the assignee subscribed (both through the outbox).
  await enqueueAccountMails(tx, notices);
  await enqueueAccountPushes(tx, notices);
}
