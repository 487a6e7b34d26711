import { useCallback } from 'react';
import type { Lang } from '@voltfleet/domain';
import { changeLang } from './i18n';
import { queryClient } from './query-client';
import { setSessionLang } from './session';

/** Switches the language everywhere and refetches server data, whose names and messages are localised. */
export function useSwitchLang(): (lang: Lang) => Promise<void> {
  return useCallback(async (lang: Lang) => {
    await changeLang(lang);
    setSessionLang(lang);
    await queryClient.invalidateQueries();
  }, []);
}
