import { ALARM_CATALOGUE, type AlarmEntry } from '@voltfleet/domain/alarms';
import { type Lang, type Translate } from '@voltfleet/domain/i18n';

/** The searchable text of an entry in one language: code, name, cause and handling, read with `t`. */
const searchText = (entry: AlarmEntry, lang: Lang, t: Translate) =>
  [entry.code, ...(['name', 'cause', 'handling'] as const).map((part) => t(entry[part], entry.params))]
    .join('\n')
    .toLocaleLowerCase(lang);

/**
 * Catalogue entries whose code or texts in `lang` (read with `t`, the UI's `message`) contain every word of `query`;
 * all of them for a blank query.
 */
export function matchingFaults(query: string, lang: Lang, t: Translate): readonly AlarmEntry[] {
  const words = query.toLocaleLowerCase(lang).split(/\s+/).filter(Boolean);
  if (words.length === 0) return ALARM_CATALOGUE;
  return ALARM_CATALOGUE.filter((entry) => {
    const text = searchText(entry, lang, t);
    return words.every((word) => text.includes(word));
  });
}
