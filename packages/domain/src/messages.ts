import { CATALOGUE, NAMESPACES, flattenTexts, type MessageKey, type Translate } from './i18n/catalogue.js';
import { interpolate } from './i18n/interpolate.js';
import type { Lang } from './languages.js';
import { issueMessages, type IssueLike } from './i18n/issues.js';

export type { MessageKey } from './i18n/catalogue.js';
export { issueMessages, type IssueLike, type IssueMessage } from './i18n/issues.js';

/**
 * The catalogue's texts per language as dotted keys. Keys are unique across namespaces (catalogue.test.ts), so the
 * code names a message by its key alone, as zod schemas do with their messages.
 */
const textsOf = (lang: Lang): ReadonlyMap<string, string> => {
  const texts = new Map<string, string>();
  for (const ns of NAMESPACES) flattenTexts(CATALOGUE[lang][ns], '', texts);
  return texts;
};
const TEXTS: Record<Lang, ReadonlyMap<string, string>> = {
  zh: textsOf('zh'),
  en: textsOf('en'),
  cs: textsOf('cs'),
  de: textsOf('de'),
};

// Not built from LANGUAGES: importing its value here put languages.ts in a chunk of its own beside the login page's
// (the catalogue loads lazily in the web, and a module two chunks share is split out).
const PLURAL_RULES: Record<Lang, Intl.PluralRules> = {
  zh: new Intl.PluralRules('zh'),
  en: new Intl.PluralRules('en'),
  cs: new Intl.PluralRules('cs'),
  de: new Intl.PluralRules('de'),
};

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every message key (plural forms named once, by their base). */
export const MESSAGE_KEYS: readonly MessageKey[] = [
  ...new Set([...TEXTS.en.keys()].map((key) => key.replace(PLURAL_SUFFIX, ''))),
] as MessageKey[];

export function isMessageKey(key: string): key is MessageKey {
  return TEXTS.en.has(key) || TEXTS.en.has(`${key}_other`);
}

/**
 * Returns the message for a key in a language with `{{name}}` placeholders filled; a numeric `count` picks the plural
 * form the language uses (i18next's `key_one`, `key_few`, …). An unknown key comes back as it is.
 */
export function translate(key: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const texts = TEXTS[lang];
  const count = params.count;
  const plural =
    typeof count === 'number'
      ? (texts.get(`${key}_${PLURAL_RULES[lang].select(count)}`) ?? texts.get(`${key}_other`))
      : undefined;
  return interpolate(plural ?? texts.get(key) ?? texts.get(`${key}_other`) ?? key, params);
}

/** A text named by its key, with its placeholders' values (the OSIM tables' names and codec errors), in a language. */
export interface KeyedText {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export function translateText(text: KeyedText, lang: Lang): string {
  return translate(text.key, lang, { ...text.params });
}

/** A key's text in a language, or `fallback` when there is none (a code the tables do not name shows itself). */
export function translateOr(key: MessageKey | null | undefined, lang: Lang, fallback: string): string {
  return key ? translate(key, lang) : fallback;
}

/** `translate` bound to a language: what the domain's sentence builders take (recordHeadline, reportIndexName…). */
export function translator(lang: Lang): Translate {
  return (key, params) => translate(key, lang, params);
}

/** Turns validation issues into `{ path, message }` pairs in a language. */
export function localiseIssues(issues: readonly IssueLike[], lang: Lang): { path: string; message: string }[] {
  return issueMessages(issues, isMessageKey).map(({ path, key, params }) => ({
    path,
    message: translate(key, lang, params),
  }));
}
