// The command lifecycle as one table of transitions: the server's writes and the page's progress read it.

/** A command's lifecycle: queued → sent → acknowledged → succeeded | failed | timed_out | expired. */
export const COMMAND_STATUSES = [
  'queued',
  'sent',
  'acknowledged',
  'succeeded',
  'failed',
  'timed_out',
  'expired',
] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
/**
 * The command lifecycle as one table: every status a command may move to from each status. The server's writes
 * (commands and firmware repositories) only move rows along it, and the page only shows moves along it.
 * - queued → sent when a link claims it; → expired when it was never delivered in time; a device may answer a
 *   command still marked queued (its delivery raced the claim), so the answers are allowed from queued too.
 * - sent → queued when the device turned out not to be there (unclaim: it never left); → timed_out without an answer.
 * - acknowledged → an outcome; a final acknowledgement (nothing more will come) stays acknowledged and finished.
 * - the outcomes are final.
 */
export const COMMAND_TRANSITIONS = {
  queued: ['sent', 'acknowledged', 'succeeded', 'failed', 'expired'],
  sent: ['queued', 'acknowledged', 'succeeded', 'failed', 'timed_out'],
  acknowledged: ['succeeded', 'failed', 'timed_out'],
  succeeded: [],
  failed: [],
  timed_out: [],
  expired: [],
} as const satisfies Record<CommandStatus, readonly CommandStatus[]>;

/** A command that moved to a new status (what the server tells the tabs and the firmware job). */
export interface CommandStatusChange {
  id: number;
  deviceId: number;
  status: CommandStatus;
  reason: string | null;
  /** The stored `finished_at` (ISO, UTC) once the command ended, else null: pages show this very value. */
  finishedAt: string | null;
}

/** Whether the lifecycle allows a command in `from` to move to `to`. */
export function canMoveCommand(from: CommandStatus, to: CommandStatus): boolean {
  return (COMMAND_TRANSITIONS[from] as readonly CommandStatus[]).includes(to);
}

/** The statuses a command may move to `to` from (for a write's `WHERE status = ANY(…)`). */
export function commandStatusesBefore(to: CommandStatus): CommandStatus[] {
  return COMMAND_STATUSES.filter((from) => canMoveCommand(from, to));
}

/** Statuses with nothing after them. */
export const FINAL_COMMAND_STATUSES: readonly CommandStatus[] = COMMAND_STATUSES.filter(
  (s) => COMMAND_TRANSITIONS[s].length === 0,
);
/** Statuses a command can still leave: the ones a device's answer or the sweep may change. */
export const OPEN_COMMAND_STATUSES: readonly CommandStatus[] = COMMAND_STATUSES.filter(
  (s) => COMMAND_TRANSITIONS[s].length > 0,
);

/**
 * How far along a status is: queued 0, sent 1, acknowledged 2, an outcome 3 (the order of COMMAND_STATUSES, outcomes
 * level). Every transition goes to a later stage except the unclaim (sent → queued), the one move back.
 */
export function commandStage(status: CommandStatus): number {
  return Math.min(COMMAND_STATUSES.indexOf(status), 3);
}

/** Whether `to` can follow `from` through any number of moves of the table. */
export function commandCanReach(from: CommandStatus, to: CommandStatus): boolean {
  const seen = new Set<CommandStatus>([from]);
  const queue: CommandStatus[] = [from];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const next of COMMAND_TRANSITIONS[current] as readonly CommandStatus[]) {
      if (next === to) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return false;
}

/**
 * Whether a status heard about a command should replace the one shown. A page hears statuses out of order and may
 * miss some (a live outcome before the issue answer's "queued"; a "sent" lost while its socket was down), so it takes
 * any status the table can lead to that is further along; moving back (an unclaim) is transient and never shown.
 */
export function commandMovesForward(current: CommandStatus, next: CommandStatus): boolean {
  return commandStage(next) > commandStage(current) && commandCanReach(current, next);
}
