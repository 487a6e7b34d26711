import {
  FINAL_COMMAND_STATUSES,
  commandMovesForward,
  type Command,
  type CommandStatus,
} from '@voltfleet/domain/commands';
import { type LiveMessage } from '@voltfleet/domain/device-list';

export const isFinalStatus = (status: CommandStatus): boolean => FINAL_COMMAND_STATUSES.includes(status);

/**
 * Whether `next` replaces `current`: the lifecycle only moves forward, so a "sent" that arrives after the outcome
 * (or the "queued" of an answer that was on its way while the outcome came live) never puts a command back.
 */
export const movesForward = commandMovesForward;

/** What a status message says of a command: its status, the failure reason and the stored finishing time. */
type KnownStatus = Pick<Command, 'status' | 'reason' | 'finishedAt'>;

/**
 * The issued commands after a live message: a status change of one of them replaces its status, reason and finishing
 * time (the stored `finished_at` the message carries, so the row shows the control records' time).
 */
export function applyCommandStatus(commands: readonly Command[], message: LiveMessage): readonly Command[] {
  if (message.type !== 'commandStatus') return commands;
  const index = commands.findIndex((c) => c.id === message.commandId);
  const current = commands[index];
  if (!current || !movesForward(current.status, message.status)) return commands;
  const next = [...commands];
  next[index] = { ...current, status: message.status, reason: message.reason, finishedAt: message.finishedAt };
  return next;
}

/**
 * The latest status heard live for each command, also for commands the page does not list yet. A fast device
 * answers before the issue request's answer reaches the page: its "sent" and "succeeded" come over the live socket
 * first, and without this memory the page would show the command queued for ever.
 */
export class CommandStatusMemory {
  private readonly known = new Map<number, KnownStatus>();

  constructor(private readonly limit = 2000) {}

  hear(message: LiveMessage): void {
    if (message.type !== 'commandStatus') return;
    const before = this.known.get(message.commandId);
    if (before && !movesForward(before.status, message.status)) return;
    this.known.delete(message.commandId);
    this.known.set(message.commandId, {
      status: message.status,
      reason: message.reason,
      finishedAt: message.finishedAt,
    });
    // The oldest entries go first (a Map iterates in insertion order).
    for (const id of this.known.keys()) {
      if (this.known.size <= this.limit) break;
      this.known.delete(id);
    }
  }

  /** `commands` with any later status heard before they were known. */
  settle(commands: readonly Command[]): Command[] {
    return commands.map((c) => {
      const heard = this.known.get(c.id);
      return heard && movesForward(c.status, heard.status) ? { ...c, ...heard } : c;
    });
  }
}

/** The list after an issue answer: the new commands first (with what was already heard of them), then the rest. */
export function withIssued(
  list: readonly Command[],
  commands: readonly Command[],
  memory: CommandStatusMemory,
): readonly Command[] {
  const ids = new Set(commands.map((c) => c.id));
  return [...memory.settle(commands), ...list.filter((c) => !ids.has(c.id))];
}

/** The list after fresh copies of some commands were fetched: a fetched status replaces only an earlier one. */
export function withFetched(list: readonly Command[], fetched: readonly Command[]): readonly Command[] {
  const byId = new Map(fetched.map((c) => [c.id, c]));
  let changed = false;
  const next = list.map((c) => {
    const fresh = byId.get(c.id);
    if (!fresh || !movesForward(c.status, fresh.status)) return c;
    changed = true;
    return { ...c, status: fresh.status, reason: fresh.reason, finishedAt: fresh.finishedAt };
  });
  return changed ? next : list;
}
