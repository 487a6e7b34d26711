import { useCallback } from 'react';
import type { Lang } from '@voltfleet/domain/i18n';
import { recordLanguageChoice } from './account-language';
import { changeLang, i18next } from './i18n';
import { notify } from './notice';
import { setSessionLang } from './session';

/**
 * Switches the UI language (strings, Ant Design), records it in this browser's persisted state and stores it as the
 * account's choice (or, on the login page, as the choice for the account about to sign in).
 */
export function useSwitchLang(): (lang: Lang) => Promise<void> {
  return useCallback(async (lang: Lang) => {
    try {
      await changeLang(lang);
      setSessionLang(lang);
    } catch {
      // The language's chunk did not arrive: the UI stays in the current language.
      notify('info', i18next.t('http.networkError'));
      return;
    }
    // A choice the server did not take has been told by the request (a notice); the UI keeps the language meanwhile.
    await recordLanguageChoice(lang).catch(() => undefined);
  }, []);
}
