import type { Command, LiveMessage } from '@voltfleet/domain';

/** The issued commands after a live message: a status change of one of them replaces its status and reason. */
export function applyCommandStatus(commands: readonly Command[], message: LiveMessage): readonly Command[] {
  if (message.type !== 'commandStatus') return commands;
  const index = commands.findIndex((c) => c.id === message.commandId);
  const current = commands[index];
  if (!current || current.status === message.status) return commands;
  const next = [...commands];
  next[index] = { ...current, status: message.status, reason: message.reason };
  return next;
}
