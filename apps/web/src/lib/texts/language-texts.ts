import type { CORE_TEXTS } from '@/locales/namespaces';

type Messages = Record<string, unknown>;

/** One language's texts as lib/i18n.ts loads them: the core at once, every other file by its loader. */
export interface LanguageTexts {
  core: Record<(typeof CORE_TEXTS)[number], Messages>;
  /** The web's other namespaces, by file path (`…/<lang>/<namespace>.json`). */
  web: Record<string, () => Promise<Messages>>;
  /** The domain's catalogue, by file path. */
  messages: Record<string, () => Promise<Messages>>;
}
