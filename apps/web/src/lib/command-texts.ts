import { useEffect, useState } from 'react';
import type { Lang } from '@voltfleet/domain';
import { currentLang, i18next } from './i18n';

// The COMMAND_SECTIONS of a language file (locales/core-sections.ts), for the pages that pick devices to command.
const loaders: Record<Lang, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('virtual:locale-commands/zh'),
  en: () => import('virtual:locale-commands/en'),
  cs: () => import('virtual:locale-commands/cs'),
  de: () => import('virtual:locale-commands/de'),
};
const loaded = new Set<Lang>();

/** Loads the command pages' texts in `lang` (once per language). */
export async function loadCommandTexts(lang: Lang = currentLang()): Promise<void> {
  if (loaded.has(lang)) return;
  i18next.addResourceBundle(lang, 'translation', (await loaders[lang]()).default, true, true);
  loaded.add(lang);
}

/** Whether the command pages' texts are there in the UI's language; loads them, also after a language switch. */
export function useCommandTexts(): boolean {
  const [lang, setLang] = useState(currentLang);
  // Bumped when a load finishes, so the page renders again with the texts.
  const [, setLoads] = useState(0);
  useEffect(() => {
    const switched = (next: string) => setLang(next as Lang);
    i18next.on('languageChanged', switched);
    return () => i18next.off('languageChanged', switched);
  }, []);
  useEffect(() => {
    let current = true;
    if (!loaded.has(lang)) void loadCommandTexts(lang).then(() => current && setLoads((n) => n + 1));
    return () => {
      current = false;
    };
  }, [lang]);
  return loaded.has(lang);
}
