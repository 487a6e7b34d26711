import { ALARM_CATALOGUE, type AlarmEntry } from '@voltfleet/domain/alarms';
import { type Lang } from '@voltfleet/domain/i18n';

/** The searchable text of an entry in one language: code, name, cause and handling. */
const searchText = (entry: AlarmEntry, lang: Lang) =>
  [entry.code, entry.name[lang], entry.cause[lang], entry.handling[lang]].join('\n').toLocaleLowerCase(lang);

/** Catalogue entries whose code or texts in `lang` contain every word of `query`; all of them for a blank query. */
export function matchingFaults(query: string, lang: Lang): readonly AlarmEntry[] {
  const words = query.toLocaleLowerCase(lang).split(/\s+/).filter(Boolean);
  if (words.length === 0) return ALARM_CATALOGUE;
  return ALARM_CATALOGUE.filter((entry) => {
    const text = searchText(entry, lang);
    return words.every((word) => text.includes(word));
  });
}
