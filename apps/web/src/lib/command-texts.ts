import { lazyTexts } from './lazy-texts';

// The COMMAND_SECTIONS of a language file (locales/core-sections.ts), for the pages that pick devices to command.
const texts = lazyTexts({
  zh: () => import('virtual:locale-commands/zh'),
  en: () => import('virtual:locale-commands/en'),
  cs: () => import('virtual:locale-commands/cs'),
  de: () => import('virtual:locale-commands/de'),
});

/** Loads the command pages' texts in a language (once per language; the UI's by default). */
export const loadCommandTexts = texts.load;

/** Whether the command pages' texts are there in the UI's language; loads them, also after a language switch. */
export const useCommandTexts = texts.useTexts;
