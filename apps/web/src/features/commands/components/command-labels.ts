import {
  TARIFF_PERIODS,
  commandKindName,
  formatTariffPeriods,
  tariffPeriodsOf,
  type Command,
  type CommandKind,
  type CommandStatus,
  type Lang,
} from '@voltfleet/domain';
import { currentLang } from '@/lib/i18n';

/** The kind's name in the user's language (domain catalogue). */
export const kindLabel = (kind: CommandKind) => commandKindName(kind, currentLang());

/**
 * The registers a command writes, for people: a tariff plan as its periods ("00:00–07:59 Valley 0.300 · …") in a
 * language, anything else as "key=value" pairs (stored numbers, shown as they are).
 */
export function parametersTextIn(c: Pick<Command, 'kind' | 'parameters'>, lang: Lang): string {
  const periods = c.kind === TARIFF_PERIODS ? tariffPeriodsOf(c.parameters) : null;
  if (periods) return formatTariffPeriods(periods, lang);
  return Object.entries(c.parameters)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
}

export const parametersText = (c: Pick<Command, 'kind' | 'parameters'>) => parametersTextIn(c, currentLang());

export const STATUS_TONES: Record<CommandStatus, 'success' | 'error' | 'default'> = {
  queued: 'default',
  sent: 'default',
  acknowledged: 'default',
  succeeded: 'success',
  failed: 'error',
  timed_out: 'error',
  expired: 'error',
};
