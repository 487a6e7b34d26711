import { COMMAND_CATEGORY_NAMES, COMMAND_STATUS_NAMES } from '@voltfleet/domain/records';
import {
  commandKindName,
  type CommandCategory,
  type CommandKind,
  type CommandStatus,
} from '@voltfleet/domain/commands';
import { message } from '@/lib/i18n';

// A command's parameters for people: lib/command-text.ts (the control records and the operation records share it).

/** The kind's name in the user's language (domain catalogue). */
export const kindLabel = (kind: CommandKind) => message(commandKindName(kind));

/** A status's and a category's names in the user's language (domain tables the control records export shares). */
export const statusLabel = (status: CommandStatus) => message(COMMAND_STATUS_NAMES[status]);
export const categoryLabel = (category: CommandCategory) => message(COMMAND_CATEGORY_NAMES[category]);

export const STATUS_TONES: Record<CommandStatus, 'success' | 'error' | 'default'> = {
  queued: 'default',
  sent: 'default',
  acknowledged: 'default',
  succeeded: 'success',
  failed: 'error',
  timed_out: 'error',
  expired: 'error',
};
