import { lazyTexts } from './lazy-texts';

// The REGISTER_SECTIONS of a language file (locales/core-sections.ts): the words of registration and password reset
// (the public pages and the user list's reset button),
// kept out of the login page's and the shell's downloads.
const registerTexts = lazyTexts({
  zh: () => import('virtual:locale-register/zh'),
  en: () => import('virtual:locale-register/en'),
  cs: () => import('virtual:locale-register/cs'),
  de: () => import('virtual:locale-register/de'),
});

/** Loads the register pages' texts in the UI's language (the routes await it before the page shows). */
export const loadRegisterTexts = registerTexts.load;

/** Whether the register pages' texts are there in the UI's language; loads them after a language switch too. */
export const useRegisterTexts = registerTexts.useTexts;
