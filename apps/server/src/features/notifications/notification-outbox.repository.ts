import type { SmsBudgetNoticePayload, WebhookDisabledNoticePayload } from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';

/** What a work-order mail says (rendered in the receiver's language when it is sent). */
export interface WorkOrderMailPayload {
  workOrderId: number;
  title: string;
  event: 'assigned';
  /** The name of the user who assigned it. */
  by: string;
  plantName: string | null;
  /** The due date (YYYY-MM-DD), or null. */
  due: string | null;
}

/**
 * Queues an e-mail to each account, inside the transaction that decided it (the outbox; the delivery job sends it
 * later, in the account's language). An account without an e-mail address gets none (its in-app message stays).
 */
export async function enqueueAccountMails(
  tx: Queryable,
  mails: readonly (
    | { userId: number; kind: 'workorder'; payload: WorkOrderMailPayload }
    | { userId: number; kind: 'smsBudget'; payload: SmsBudgetNoticePayload }
    | { userId: number; kind: 'webhookDisabled'; payload: WebhookDisabledNoticePayload }
  )[],
): Promise<void> {
  if (mails.length === 0) return;
  await tx.query(
    `INSERT INTO notification_outbox (message_id, kind, channel, user_id, address, language, payload)
     SELECT gen_random_uuid(), m.kind, 'email', u.id, u.email, u.language, m.payload::jsonb
       FROM unnest($1::int[], $2::text[], $3::text[]) AS m(user_id, kind, payload)
       JOIN users u ON u.id = m.user_id
      WHERE u.email <> ''`,
    [mails.map((m) => m.userId), mails.map((m) => m.kind), mails.map((m) => JSON.stringify(m.payload))],
  );
}

/**
 * Queues a push of a work-order assignment to every browser each account subscribed (issue 41 point 3), in the
 * transaction that assigned it; an account without subscriptions gets none.
 */
export async function enqueueAccountPushes(
  tx: Queryable,
  pushes: readonly { userId: number; kind: 'workorder'; payload: WorkOrderMailPayload }[],
): Promise<void> {
  if (pushes.length === 0) return;
  await tx.query(
    `INSERT INTO notification_outbox (message_id, kind, channel, user_id, address, language, payload)
     SELECT gen_random_uuid(), m.kind, 'push', u.id, 'push:' || ps.id, u.language, m.payload::jsonb
       FROM unnest($1::int[], $2::text[], $3::text[]) AS m(user_id, kind, payload)
       JOIN users u ON u.id = m.user_id
       JOIN push_subscriptions ps ON ps.user_id = u.id
      ORDER BY m.user_id, ps.id`,
    [pushes.map((m) => m.userId), pushes.map((m) => m.kind), pushes.map((m) => JSON.stringify(m.payload))],
  );
}
