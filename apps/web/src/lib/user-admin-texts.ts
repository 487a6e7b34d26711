import { lazyTexts } from './lazy-texts';

// The USER_ADMIN_SECTIONS of a language file (locales/core-sections.ts), for the user list and the personal centre.
const texts = lazyTexts({
  zh: () => import('virtual:locale-users/zh'),
  en: () => import('virtual:locale-users/en'),
  cs: () => import('virtual:locale-users/cs'),
  de: () => import('virtual:locale-users/de'),
});

/** Loads the user administration texts in a language (once per language; the UI's by default). */
export const loadUserAdminTexts = texts.load;

/** Whether the user administration texts are there in the UI's language; loads them, also after a switch. */
export const useUserAdminTexts = texts.useTexts;
