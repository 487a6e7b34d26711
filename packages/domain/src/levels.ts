import type { Lang } from './languages.js';

// Apart from users.ts so that level names come without the user schemas (and zod).

/** Account levels: lower numbers sit higher in the hierarchy. */
export const USER_LEVELS = [0, 1, 2, 3] as const;
export type UserLevel = (typeof USER_LEVELS)[number];
/** 0 platform operator, 1 dealer, 2 engineering (installer), 3 personal (owner). */
export const LEVEL_KEYS = ['operator', 'dealer', 'engineering', 'personal'] as const;

/** The levels' names in every language: the one table the pages and the user export read. */
export const LEVEL_NAMES: Readonly<Record<(typeof LEVEL_KEYS)[number], Readonly<Record<Lang, string>>>> = {
  operator: { zh: '运营商', en: 'Operator', cs: 'Provozovatel', de: 'Betreiber' },
  dealer: { zh: '经销商', en: 'Dealer', cs: 'Prodejce', de: 'Händler' },
  engineering: { zh: '工程商', en: 'Engineering', cs: 'Instalační firma', de: 'Installateur' },
  personal: { zh: '个人用户', en: 'Personal', cs: 'Soukromý uživatel', de: 'Privatkunde' },
};

/** A level's name in `lang`, or its number when it is not one of ours. */
export function levelName(level: number, lang: Lang): string {
  const key = LEVEL_KEYS[level];
  return key ? LEVEL_NAMES[key][lang] : String(level);
}
