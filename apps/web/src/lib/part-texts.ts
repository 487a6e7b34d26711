import { useEffect, useState } from 'react';
import type { Lang } from '@voltfleet/domain';
import { currentLang, i18next } from './i18n';

type PartLoaders = Record<Lang, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * Loading of one part of the language files (locales/core-sections.ts) that only some pages read: `load` adds the
 * part in a language once, `useTexts` says whether it is there in the UI's language and loads it, also after a
 * language switch.
 */
export function partTexts(loaders: PartLoaders) {
  const loaded = new Set<Lang>();

  async function load(lang: Lang = currentLang()): Promise<void> {
    if (loaded.has(lang)) return;
    i18next.addResourceBundle(lang, 'translation', (await loaders[lang]()).default, true, true);
    loaded.add(lang);
  }

  function useTexts(): boolean {
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
      if (!loaded.has(lang)) void load(lang).then(() => current && setLoads((n) => n + 1));
      return () => {
        current = false;
      };
    }, [lang]);
    return loaded.has(lang);
  }

  return { load, useTexts };
}
