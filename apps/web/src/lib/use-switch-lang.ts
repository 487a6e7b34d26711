import { useCallback } from 'react';
import type { Lang } from '@voltfleet/domain';
import { changeLang, i18next } from './i18n';
import { notify } from './notice';
import { setSessionLang } from './session';

/** Switches the UI language (strings, Ant Design) and records it in the choice and the persisted state. */
export function useSwitchLang(): (lang: Lang) => Promise<void> {
  return useCallback(async (lang: Lang) => {
    try {
      await changeLang(lang);
      setSessionLang(lang);
    } catch {
      // The language's chunk did not arrive: the UI stays in the current language.
      notify('info', i18next.t('http.networkError'));
    }
  }, []);
}
