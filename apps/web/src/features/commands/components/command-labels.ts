import { commandKindName, type Command, type CommandKind, type CommandStatus } from '@voltfleet/domain';
import { currentLang } from '@/lib/i18n';

/** The kind's name in the user's language (domain catalogue). */
export const kindLabel = (kind: CommandKind) => commandKindName(kind, currentLang());

/** The registers a command writes, as "key=value" pairs (stored numbers, shown as they are). */
export const parametersText = (c: Pick<Command, 'parameters'>) =>
  Object.entries(c.parameters)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');

export const STATUS_TONES: Record<CommandStatus, 'success' | 'error' | 'default'> = {
  queued: 'default',
  sent: 'default',
  acknowledged: 'default',
  succeeded: 'success',
  failed: 'error',
  timed_out: 'error',
  expired: 'error',
};
