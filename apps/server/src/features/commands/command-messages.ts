import { FINAL_COMMAND_STATUSES, FIRMWARE_UPGRADE, type CommandStatusChange } from '@voltfleet/domain/commands';
import type { Queryable } from '../../db/db.js';
import { postMessages } from '../messages/index.js';
import { queueCommandWebhooks } from '../webhooks/index.js';
import { claimSettledBatches, outcomeRecipients, type SettledBatch } from './lifecycle.repository.js';

/** Where a command message leads: the command page, where the sender issued it and sees its issued commands. */
export const COMMAND_MESSAGE_LINK = '/deviceCenter/commandIssue';

/**
 * Where a batch's message leads: the control records of exactly that batch. Its commands were inserted by one
 * statement and share their issue time to the microsecond; the filter's times are milliseconds, so the window is the
 * milliseconds around it (no other request of the same sender and kind falls in them: each is its own statement).
 */
export function batchRecordsLink(batch: Pick<SettledBatch, 'userId' | 'kind' | 'createdAt'>): string {
  const at = batch.createdAt.getTime();
  const q = new URLSearchParams({
    userId: String(batch.userId),
    kind: batch.kind,
    from: new Date(at - 1).toISOString(),
    to: new Date(at + 1).toISOString(),
  });
  return `/userCenter/contralRecord?${q.toString()}`;
}

/**
 * Tells each sender that their command reached a final state (succeeded, failed, timed out, expired), in the
 * transaction that recorded it: the message exists exactly when the state does, and the sender's tabs hear it at
 * the commit. A firmware upgrade's carrying command is left out: the upgrade's own message (succeeded or failed,
 * decided by the version the device reports) says it. A command of a batch (one request to several devices) is left
 * out too: its sender hears of the batch once, when its last command settles (postBatchSummaries).
 */
export async function postCommandOutcomes(tx: Queryable, changes: readonly CommandStatusChange[]): Promise<void> {
  const final = changes.filter((c) => FINAL_COMMAND_STATUSES.includes(c.status));
  if (final.length === 0) return;
  // The owners' webhooks hear of every final state (batches and upgrades' commands too), in this same transaction.
  await queueCommandWebhooks(tx, final);
  const byId = new Map(final.map((c) => [c.id, c]));
  const recipients = await outcomeRecipients(
    tx,
    final.map((c) => c.id),
  );
  await postMessages(
    tx,
    recipients
      .filter((r) => r.kind !== FIRMWARE_UPGRADE && !r.batch)
      .map((r) => {
        const change = byId.get(r.id)!;
        return {
          userId: r.userId,
          kind: 'command' as const,
          event: change.status,
          params: { commandId: r.id, deviceSn: r.sn, commandKind: r.kind, state: change.status, reason: change.reason },
          link: COMMAND_MESSAGE_LINK,
        };
      }),
  );
  if (recipients.some((r) => r.batch)) await postBatchSummaries(tx);
}

/**
 * One message per settled batch to its sender: "Work mode to 10 devices: 9 succeeded, 1 failed", leading to the
 * batch's control records. Called where a batch's last command settles and by every sweep round (the one that catches
 * a batch whose last two commands settled in two transactions at once); a batch is claimed once, so told once.
 */
export async function postBatchSummaries(tx: Queryable): Promise<void> {
  const batches = await claimSettledBatches(tx);
  await postMessages(
    tx,
    batches.map((b) => ({
      userId: b.userId,
      kind: 'command' as const,
      event: 'batch',
      params: {
        commandKind: b.kind,
        total: b.total,
        succeeded: b.succeeded,
        failed: b.failed,
        timedOut: b.timedOut,
        expired: b.expired,
      },
      link: batchRecordsLink(b),
    })),
  );
}
