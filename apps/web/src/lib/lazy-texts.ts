import { useEffect, useState } from 'react';
import type { Lang } from '@voltfleet/domain/i18n';
import { currentLang, i18next, loadOnSwitch } from './i18n';

type Loaders = Record<Lang, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * Texts of a language file's lazily loaded sections (locales/core-sections.ts): `load` adds them to i18next once per
 * language, `useTexts` says whether they are there in the UI's language and loads them, also after a language switch.
 */
export function lazyTexts(loaders: Loaders) {
  const loaded = new Set<Lang>();

  async function load(lang: Lang = currentLang()): Promise<void> {
    if (loaded.has(lang)) return;
    // Once wanted, a language switch brings them first (lib/i18n.ts): the open page keeps its words and its state.
    loadOnSwitch(load);
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
