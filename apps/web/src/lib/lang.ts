import { defaultLang, type Lang } from '@voltfleet/domain/i18n';
import { storage } from './storage';

/** localStorage key of the user's explicit language choice. */
export const LANG_KEY = 'voltfleet.lang';

/** The language to start in: a stored choice wins, else zh for a zh-CN browser, else en (R1.4). */
export function initialLang(
  stored: string | null = storage.get(LANG_KEY),
  browser = globalThis.navigator?.language,
): Lang {
  return defaultLang(stored, browser);
}

export function storeLang(lang: Lang): void {
  storage.set(LANG_KEY, lang);
}

/** Display names of the languages, each in its own language (the switch shows them untranslated). */
export const LANG_LABELS: Record<Lang, string> = { zh: '简体中文', en: 'English', cs: 'Čeština', de: 'Deutsch' };
