import { lazyTexts } from './lazy-texts';

// The FLOW_SECTIONS of a language file (locales/core-sections.ts): the energy-flow graph's words, for the plant
// detail and the big screens, kept out of the shell's download (bench/web-size).
const texts = lazyTexts({
  zh: () => import('virtual:locale-flow/zh'),
  en: () => import('virtual:locale-flow/en'),
  cs: () => import('virtual:locale-flow/cs'),
  de: () => import('virtual:locale-flow/de'),
});

/** Loads the energy-flow graph's texts in a language (once per language; the UI's by default). */
export const loadEnergyFlowTexts = texts.load;

/** Whether the energy-flow graph's texts are there in the UI's language; loads them, also after a language switch. */
export const useEnergyFlowTexts = texts.useTexts;
