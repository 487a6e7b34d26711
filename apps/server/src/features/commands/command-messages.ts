import { FINAL_COMMAND_STATUSES, FIRMWARE_UPGRADE, type CommandStatusChange } from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import { postMessages } from '../messages/messages.service.js';
import { outcomeRecipients } from './lifecycle.repository.js';

/** Where a command message leads: the command page, where the sender issued it and sees its issued commands. */
export const COMMAND_MESSAGE_LINK = '/deviceCenter/commandIssue';

/**
 * Tells each sender that their command reached a final state (succeeded, failed, timed out, expired), in the
 * transaction that recorded it: the message exists exactly when the state does, and the sender's tabs hear it at
 * the commit. A firmware upgrade's carrying command is left out: the upgrade's own message (succeeded or failed,
 * decided by the version the device reports) says it.
 */
export async function postCommandOutcomes(tx: Queryable, changes: readonly CommandStatusChange[]): Promise<void> {
  const final = changes.filter((c) => FINAL_COMMAND_STATUSES.includes(c.status));
  if (final.length === 0) return;
  const byId = new Map(final.map((c) => [c.id, c]));
  const recipients = await outcomeRecipients(
    tx,
    final.map((c) => c.id),
  );
  await postMessages(
    tx,
    recipients
      .filter((r) => r.kind !== FIRMWARE_UPGRADE)
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
}
