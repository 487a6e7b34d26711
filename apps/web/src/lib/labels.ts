import type { AlarmEntry } from '@voltfleet/domain/alarms';
import type { MessageKey } from '@voltfleet/domain/i18n';
import { message } from './i18n';

// The domain keeps only the catalogue keys of its labels (decision 0031); these read them in the UI's language.

/** A label in the UI's language, or undefined when there is no key (the caller shows the code). */
export const labelOf = (key: MessageKey | null | undefined): string | undefined => (key ? message(key) : undefined);

/** An option's (or a field's) label, or undefined for no option. */
export const optionLabel = (item: { label: MessageKey } | undefined): string | undefined =>
  item ? message(item.label) : undefined;

/** An alarm's name, cause or handling (an unknown code's number filled in), or undefined for no entry. */
export const alarmText = (
  entry: AlarmEntry | undefined,
  part: 'name' | 'cause' | 'handling' = 'name',
): string | undefined => (entry ? message(entry[part], entry.params) : undefined);
