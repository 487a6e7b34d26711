import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import type { Lang } from '@voltfleet/domain/i18n';
import { storeLang } from './lang';

type Messages = Record<string, unknown>;
interface LocalePack {
  messages: Messages;
  antd: Locale;
}

// Each language is its own chunks, and only the active language's arrive. The login page and the app frame need a few
// sections (CORE_SECTIONS in locales/core-sections.ts, built by vite.config.ts), the shell every page's: so the first
// download carries the core with the Ant Design locale, and the other sections follow when the shell loads
// (loadAllMessages; vite.config.ts splits each file in the two). Without the split every page's texts, which grow with each feature, came with /login and its
// 250 KB budget (bench/web-size). (Date pickers bring their dayjs locale themselves: lib/dayjs-locale.ts.)
const loaders: Record<Lang, () => Promise<LocalePack>> = {
  zh: async () => {
    const [messages, antd] = await Promise.all([import('virtual:locale-core/zh'), import('antd/es/locale/zh_CN')]);
    return { messages: messages.default, antd: antd.default };
  },
  en: async () => {
    const [messages, antd] = await Promise.all([import('virtual:locale-core/en'), import('antd/es/locale/en_US')]);
    return { messages: messages.default, antd: antd.default };
  },
  cs: async () => {
    const [messages, antd] = await Promise.all([import('virtual:locale-core/cs'), import('antd/es/locale/cs_CZ')]);
    return { messages: messages.default, antd: antd.default };
  },
  de: async () => {
    const [messages, antd] = await Promise.all([import('virtual:locale-core/de'), import('antd/es/locale/de_DE')]);
    return { messages: messages.default, antd: antd.default };
  },
};

const pageLoaders: Record<Lang, () => Promise<Messages>> = {
  zh: async () => (await import('virtual:locale-pages/zh')).default,
  en: async () => (await import('virtual:locale-pages/en')).default,
  cs: async () => (await import('virtual:locale-pages/cs')).default,
  de: async () => (await import('virtual:locale-pages/de')).default,
};

const helpLoaders: Record<Lang, () => Promise<Messages>> = {
  zh: async () => (await import('virtual:locale-help/zh')).default,
  en: async () => (await import('virtual:locale-help/en')).default,
  cs: async () => (await import('virtual:locale-help/cs')).default,
  de: async () => (await import('virtual:locale-help/de')).default,
};

/** Whether the shell asked for every page's texts: a later language switch then loads them too. */
let pagesWanted = false;
const pagesLoaded = new Set<Lang>();
/** Likewise for the help texts, once help was opened. */
let helpWanted = false;
const helpLoaded = new Set<Lang>();

async function loadPages(lang: Lang): Promise<void> {
  if (pagesLoaded.has(lang)) return;
  i18next.addResourceBundle(lang, 'translation', await pageLoaders[lang](), true, true);
  pagesLoaded.add(lang);
}

async function loadHelp(lang: Lang): Promise<void> {
  if (helpLoaded.has(lang)) return;
  i18next.addResourceBundle(lang, 'translation', await helpLoaders[lang](), true, true);
  helpLoaded.add(lang);
}

/** Loads the help texts in the current language (and in any language switched to later); help awaits it. */
export async function loadHelpMessages(): Promise<void> {
  helpWanted = true;
  await loadHelp(currentLang());
}

/** Loads every page's texts in the current language (and in any language switched to later); the shell awaits it. */
export async function loadAllMessages(): Promise<void> {
  pagesWanted = true;
  await loadPages(currentLang());
}

/** A loader for code that reads every page's texts (the shell, the pages outside it): code and texts load together. */
export const withAllMessages =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadAllMessages()]))[0];

const loaded = new Map<Lang, LocalePack>();

async function loadPack(lang: Lang): Promise<LocalePack> {
  const cached = loaded.get(lang);
  if (cached) return cached;
  const pack = await loaders[lang]();
  i18next.addResourceBundle(lang, 'translation', pack.messages, true, true);
  loaded.set(lang, pack);
  return pack;
}

/**
 * Loads the first language and starts i18next; call once before the first render.
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
    resources: {},
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

/**
 * Loaders of lazily loaded text parts a page has asked for (lib/lazy-texts.ts, lib/column-messages.ts): a language
 * switch loads them in the new language before it switches, so an open page never loses its words, and never has to
 * unmount (and lose what the user did on it) while they arrive.
 */
const wantedParts = new Set<(lang: Lang) => Promise<void>>();

/** Makes every later language switch load a text part first (once registered, for the rest of the session). */
export function loadOnSwitch(load: (lang: Lang) => Promise<void>): void {
  wantedParts.add(load);
}

async function switchTo(lang: Lang): Promise<void> {
  await Promise.all([
    loadPack(lang),
    pagesWanted ? loadPages(lang) : undefined,
    helpWanted ? loadHelp(lang) : undefined,
    ...[...wantedParts].map((load) => load(lang)),
  ]);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

/** The language the UI is in now. */
export function currentLang(): Lang {
  return (i18next.language as Lang | undefined) ?? 'en';
}

/** The Ant Design locale of a loaded language. */
export function antdLocale(lang: Lang): Locale | undefined {
  return loaded.get(lang)?.antd;
}

export { i18next };
