import { commandKindName, type CommandKind, type CommandStatus } from '@voltfleet/domain';
import { currentLang } from '@/lib/i18n';

// A command's parameters for people: lib/command-text.ts (the control records and the operation records share it).

/** The kind's name in the user's language (domain catalogue). */
export const kindLabel = (kind: CommandKind) => commandKindName(kind, currentLang());

export const STATUS_TONES: Record<CommandStatus, 'success' | 'error' | 'default'> = {
  queued: 'default',
  sent: 'default',
  acknowledged: 'default',
  succeeded: 'success',
  failed: 'error',
  timed_out: 'error',
  expired: 'error',
};
