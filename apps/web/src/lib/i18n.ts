import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import { issueMessages, type IssueLike, type Lang, type MessageKey } from '@voltfleet/domain/i18n';
import { CORE_TEXTS, MESSAGES, TEXT_NAMESPACES, type TextPart } from '@/locales/namespaces';
import { storeLang } from './lang';
import type { LanguageTexts } from './texts/language-texts';

type Messages = Record<string, unknown>;

// Each language's texts are a module of their own (lib/texts/<lang>.ts), which brings the core namespaces and the
// loaders of every other file: only the UI's language's map is downloaded (four maps in one module were 4 KB gzip of
// every first download), and the core arrives in the same round trip as before.
const languageLoaders: Record<Lang, () => Promise<{ default: LanguageTexts }>> = {
  zh: () => import('./texts/zh'),
  en: () => import('./texts/en'),
  cs: () => import('./texts/cs'),
  de: () => import('./texts/de'),
};
const languages = new Map<Lang, Promise<LanguageTexts>>();
function languageTexts(lang: Lang): Promise<LanguageTexts> {
  let texts = languages.get(lang);
  if (!texts) {
    texts = languageLoaders[lang]().then((module) => {
      for (const [ns, messages] of Object.entries(module.default.core)) {
        i18next.addResourceBundle(lang, ns, messages, true, true);
      }
      return module.default;
    });
    texts.catch(() => languages.delete(lang));
    languages.set(lang, texts);
  }
  return texts;
}

const namespaceOf = (path: string) => /\/(\w+)\.json$/.exec(path)?.[1] ?? '';
/** The domain's namespaces loaded so far, as i18next knows them (`messages/<namespace>`), which `message()` reads. */
const messageNamespaces = new Set<string>();

/** The i18next namespaces a text part loads, each with its loader, in a language. */
function filesOf(part: TextPart, texts: LanguageTexts): { ns: string; load: () => Promise<Messages> }[] {
  const domain = part === MESSAGES || part.startsWith(`${MESSAGES}/`);
  const files = Object.entries(domain ? texts.messages : texts.web).map(([path, load]) => ({
    ns: domain ? `${MESSAGES}/${namespaceOf(path)}` : namespaceOf(path),
    load,
  }));
  if (part === MESSAGES) return files;
  if ((CORE_TEXTS as readonly string[]).includes(part)) return []; // came with the language's module
  const file = files.find(({ ns }) => ns === part);
  if (!file) throw new Error(`no text file for namespace ${part}`);
  return [file];
}

const loading = new Map<string, Promise<void>>();
/** Text parts a route asked for: a language switch loads them in the new language before it switches. */
const wanted = new Set<TextPart>(CORE_TEXTS);

function loadPart(part: TextPart, lang: Lang): Promise<void> {
  const id = `${lang}/${part}`;
  let done = loading.get(id);
  if (!done) {
    done = languageTexts(lang).then(async (texts) => {
      const files = filesOf(part, texts);
      await Promise.all(
        files.map(async ({ ns, load }) => i18next.addResourceBundle(lang, ns, await load(), true, true)),
      );
      for (const { ns } of files) if (ns.startsWith(`${MESSAGES}/`)) messageNamespaces.add(ns);
    });
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

/** A loader that brings a module and the text parts it reads together (a route's, a drawer's). */
export const withTexts =
  <T>(parts: readonly TextPart[], load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadTexts(parts)]))[0];

/**
 * A message of the domain's catalogue (a refusal, a validation message, a success notice, an option's label) in the
 * UI's language, plural by a numeric `count`, `{{name}}` filled once (i18next's own rules, as the server's
 * `translate`). The route must have loaded the key's namespace; before that the key itself is returned.
 */
export function message(key: MessageKey, params: Record<string, string | number> = {}): string {
  return i18next.t(key, { ...params, ns: [...messageNamespaces], nsSeparator: false });
}

/**
 * A message of the domain's catalogue for code that may run before any route loaded it (a success notice, a rare
 * failure on the login page): loads the catalogue in the UI's language first.
 */
export async function loadMessage(key: MessageKey, params: Record<string, string | number> = {}): Promise<string> {
  await loadTexts([MESSAGES]);
  return message(key, params);
}

/** Whether the domain's catalogue has a key (a plural one by its base), as loaded in the UI's language. */
export function isMessageKey(key: string): key is MessageKey {
  const options = { ns: [...messageNamespaces], nsSeparator: false } as const;
  return i18next.exists(key, options) || i18next.exists(`${key}_other`, options);
}

/** Validation issues as `{ path, message }` pairs in the UI's language (the domain's rules, the catalogue's words). */
export function localiseIssues(issues: readonly IssueLike[]): { path: string; message: string }[] {
  return issueMessages(issues, isMessageKey).map(({ path, key, params }) => ({ path, message: message(key, params) }));
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
    ns: [...TEXT_NAMESPACES],
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
  // (Unit tests run this module in Node, without a document.)
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
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
