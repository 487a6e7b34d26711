import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain/i18n';
import { i18next, loadOnSwitch } from './i18n';

type Messages = Record<string, unknown>;

// Only the lists with a column chooser read these texts (locales/core-sections.ts, COLUMN_SECTIONS): they come with
// the first such list rather than with the shell, whose download is at its budget (bench/web-size).
const loaders: Record<Lang, () => Promise<Messages>> = {
  zh: async () => (await import('virtual:locale-columns/zh')).default,
  en: async () => (await import('virtual:locale-columns/en')).default,
  cs: async () => (await import('virtual:locale-columns/cs')).default,
  de: async () => (await import('virtual:locale-columns/de')).default,
};

const loading = new Map<Lang, Promise<void>>();

/** Loads the column texts of a language into i18next (once per language). */
export function loadColumnMessages(lang: Lang): Promise<void> {
  let done = loading.get(lang);
  if (!done) {
    // A later language switch loads them before it switches (lib/i18n.ts), so an open list never suspends for them.
    loadOnSwitch(loadColumnMessages);
    const promise = loaders[lang]().then((messages) => {
      i18next.addResourceBundle(lang, 'translation', messages, true, true);
      // Marked as React's `use` marks a promise it has seen: a list rendered later reads the texts at once.
      Object.assign(promise, { status: 'fulfilled', value: undefined });
    });
    loading.set(lang, (done = promise));
  }
  return done;
}

/**
 * Suspends the calling list until the column texts of the UI language are loaded (again after a language switch):
 * the route's loading state shows meanwhile, never a raw message key.
 */
export function useColumnMessages(): void {
  const { i18n } = useTranslation();
  use(loadColumnMessages(i18n.language as Lang));
}
