import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain/i18n';

const LOCALES: Record<Lang, { name: string; load?: () => Promise<unknown> }> = {
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  en: { name: 'en' },
  cs: { name: 'cs', load: () => import('dayjs/locale/cs') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
};

/**
 * Puts dayjs (month and day names, first day of the week of the date pickers) into a language and returns the dayjs
 * locale now active. Without the locale's chunk dayjs keeps its previous language rather than failing. Only
 * components that pick dates use this, so dayjs and its locales stay out of the other pages.
 */
export async function applyDayjsLocale(lang: Lang): Promise<string> {
  const { name, load } = LOCALES[lang] ?? LOCALES.en;
  await load?.().catch(() => undefined);
  dayjs.locale(name);
  return dayjs.locale();
}

/**
 * The active dayjs locale, following the UI language (a change re-renders once the new locale is set). A locale
 * already loaded is put in place at once, so a picker does not start in the previous one and draw itself anew (a new
 * picker, losing the focus) while the user reaches for it.
 */
export function useDayjsLocale(): string {
  const { i18n } = useTranslation();
  const [active, setActive] = useState(() => {
    const { name } = LOCALES[i18n.language as Lang] ?? LOCALES.en;
    return name in dayjs.Ls ? dayjs.locale(name) : dayjs.locale();
  });
  useEffect(() => {
    let current = true;
    void applyDayjsLocale(i18n.language as Lang).then((name) => current && setActive(name));
    return () => {
      current = false;
    };
  }, [i18n.language]);
  return active;
}
