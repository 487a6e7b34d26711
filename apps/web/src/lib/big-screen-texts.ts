import { lazyTexts } from './lazy-texts';

// The BIG_SCREEN_SECTIONS of a language file (locales/core-sections.ts), for the big screens and the kiosk links.
const texts = lazyTexts({
  zh: () => import('virtual:locale-bigscreen/zh'),
  en: () => import('virtual:locale-bigscreen/en'),
  cs: () => import('virtual:locale-bigscreen/cs'),
  de: () => import('virtual:locale-bigscreen/de'),
});

/** Loads the big screens' texts in a language (once per language; the UI's by default). */
export const loadBigScreenTexts = texts.load;

/** Whether the big screens' texts are there in the UI's language; loads them, also after a language switch. */
export const useBigScreenTexts = texts.useTexts;
