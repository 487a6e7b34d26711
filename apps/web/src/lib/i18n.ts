import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import type { Lang, MessageKey } from '@voltfleet/domain/i18n';
import { CORE_TEXTS, MESSAGES, TEXT_NAMESPACES, type TextPart } from '@/locales/namespaces';
import { storeLang } from './lang';

type Messages = Record<string, unknown>;
type Files = Record<string, () => Promise<Messages>>;

// One chunk per namespace and language (decision 0032): a route downloads the namespaces it names, in the UI's
// language only. The web's own files, and the domain's message catalogue (decision 0031), whose files the bundler
// reads from the domain package's sources (a glob takes a path, not a package export).
const WEB_FILES: Files = import.meta.glob<Messages>('../locales/*/*.json', { import: 'default' });
const DOMAIN_FILES: Files = import.meta.glob<Messages>('../../../../packages/domain/src/i18n/locales/*/*.json', {
  import: 'default',
});

const fileOf = (path: string) => /\/([a-z]{2})\/(\w+)\.json$/.exec(path);
const namespacesIn = (files: Files) => [
  ...new Set(Object.keys(files).flatMap((path) => (fileOf(path)?.[1] === 'en' ? [fileOf(path)?.[2] ?? ''] : []))),
];
/** The domain's namespaces as i18next knows them: `messages/<namespace>`, read only through `message()`. */
const MESSAGE_NAMESPACES = namespacesIn(DOMAIN_FILES).map((ns) => `${MESSAGES}/${ns}`);

function loaderOf(files: Files, lang: Lang, ns: string): () => Promise<Messages> {
  const entry = Object.entries(files).find(([path]) => fileOf(path)?.[1] === lang && fileOf(path)?.[2] === ns);
  if (!entry) throw new Error(`no text file ${lang}/${ns}`);
  return entry[1];
}

/** The i18next namespaces a text part loads, each with its loader, in a language. */
function filesOf(part: TextPart, lang: Lang): { ns: string; load: () => Promise<Messages> }[] {
  if (part !== MESSAGES) return [{ ns: part, load: loaderOf(WEB_FILES, lang, part) }];
  return MESSAGE_NAMESPACES.map((ns) => ({ ns, load: loaderOf(DOMAIN_FILES, lang, ns.slice(MESSAGES.length + 1)) }));
}

const loading = new Map<string, Promise<void>>();
/** Text parts a route asked for: a language switch loads them in the new language before it switches. */
const wanted = new Set<TextPart>(CORE_TEXTS);

function loadPart(part: TextPart, lang: Lang): Promise<void> {
  const id = `${lang}/${part}`;
  let done = loading.get(id);
  if (!done) {
    done = Promise.all(
      filesOf(part, lang).map(async ({ ns, load }) => i18next.addResourceBundle(lang, ns, await load(), true, true)),
    ).then(() => undefined);
    // A failed download may be retried by the next route that asks.
    done.catch(() => loading.delete(id));
    loading.set(id, done);
  }
  return done;
}

/**
 * Loads text parts in the UI's language (and, from now on, in any language switched to): a route's loader awaits
 * them beside its code, so a page renders with its words and never shows a key.
 */
export async function loadTexts(parts: readonly TextPart[], lang: Lang = currentLang()): Promise<void> {
  for (const part of parts) wanted.add(part);
  await Promise.all(parts.map((part) => loadPart(part, lang)));
}

/** Whether a text part is loaded in a language (a component that may render before its route loaded it). */
export const textsLoaded = (part: TextPart, lang: Lang = currentLang()): boolean =>
  loading.has(`${lang}/${part}`) && filesOf(part, lang).every(({ ns }) => i18next.hasResourceBundle(lang, ns));

/** A loader that brings a module and the text parts it reads together (a route's, a drawer's). */
export const withTexts =
  <T>(parts: readonly TextPart[], load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadTexts(parts)]))[0];

/**
 * A message of the domain's catalogue (a refusal, a validation message, a success notice, an option's label) in the
 * UI's language, plural by a numeric `count`, `{{name}}` filled once (i18next's own rules, as the server's
 * `translate`). The route must have loaded `MESSAGES`; before that the key itself is returned.
 */
export function message(key: MessageKey, params: Record<string, string | number> = {}): string {
  return i18next.t(key, { ...params, ns: MESSAGE_NAMESPACES, nsSeparator: false });
}

const antdLoaders: Record<Lang, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  cs: () => import('antd/es/locale/cs_CZ'),
  de: () => import('antd/es/locale/de_DE'),
};
const antdLocales = new Map<Lang, Locale>();

async function loadAntd(lang: Lang): Promise<void> {
  if (!antdLocales.has(lang)) antdLocales.set(lang, (await antdLoaders[lang]()).default);
}

/**
 * Loads the first language and starts i18next; call once before the first render.
 *
 * A key names its namespace first: `t('plantList.add')` reads `add` of the `plantList` namespace, because the
 * namespace separator is the key separator and i18next takes a key's first part as its namespace when it is one of
 * `ns` (so the code names a text by one dotted key, and the files are per namespace).
 *
 * Plurals are i18next's own (its v4 JSON format): a message about a number of things is stored once per plural
 * category of the language, `key_one`, `key_few`, `key_many`, `key_other` (cs needs all four, en and de one and
 * other, zh other), and `t(key, { count })` picks the form with Intl.PluralRules. A `{{count}}` in a plain key is
 * the "1 devices" bug: locales.test.ts refuses it and checks every language has the forms it needs.
 */
export async function initI18n(lang: Lang): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    // Given (empty), so i18next treats every namespace as bundled: the loaders here add them before they are read.
    resources: {},
    ns: [...TEXT_NAMESPACES, ...MESSAGE_NAMESPACES],
    defaultNS: false,
    nsSeparator: '.',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await switchTo(lang);
}

/** Switches the UI and Ant Design to a language and remembers the choice. */
export async function changeLang(lang: Lang): Promise<void> {
  await switchTo(lang);
  storeLang(lang);
}

// Every part asked for so far comes in the new language before the switch: an open page never loses its words, and
// never has to unmount (and lose what the user did on it) while they arrive.
async function switchTo(lang: Lang): Promise<void> {
  await Promise.all([loadAntd(lang), ...[...wanted].map((part) => loadPart(part, lang))]);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

/** The language the UI is in now. */
export function currentLang(): Lang {
  return (i18next.language as Lang | undefined) ?? 'en';
}

/** The Ant Design locale of a loaded language. */
export function antdLocale(lang: Lang): Locale | undefined {
  return antdLocales.get(lang);
}

export { i18next };
