import type { Lang } from '@voltfleet/domain/i18n';
import { i18next, loadTexts } from '@/lib/i18n';
import { MESSAGES } from '@/locales/namespaces';

const files = import.meta.glob<Record<string, unknown>>('/src/locales/*/*.json', { import: 'default', eager: true });

/**
 * Every text of the web in every language, as one tree per language whose first level is the namespace
 * (`TEXTS.en.plantList.title`): for tests that compare what a page shows with its files. The app never loads this
 * (each route loads its namespaces, lib/i18n.ts).
 */
export const TEXTS = {} as Record<Lang, Record<string, Record<string, unknown>>>;
for (const [path, texts] of Object.entries(files)) {
  const [, lang, ns] = /\/([a-z]{2})\/(\w+)\.json$/.exec(path) ?? [];
  if (lang && ns) (TEXTS[lang as Lang] ??= {})[ns] = texts;
}

/**
 * The UI in a language with the domain's catalogue loaded (every `messages/<namespace>`), as a route that declares
 * them has it: for tests of code that reads message() without rendering (labels, the OSIM tables' names).
 */
export async function messagesIn(lang: Lang): Promise<void> {
  if (!i18next.isInitialized) await i18next.init({ lng: lang, fallbackLng: false, resources: {} });
  await loadTexts([MESSAGES], lang);
  await i18next.changeLanguage(lang);
}
