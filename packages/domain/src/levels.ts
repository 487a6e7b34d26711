import type { MessageKey } from './i18n/catalogue.js';

// Apart from users.ts so that level names come without the user schemas (and zod).

/** Account levels: lower numbers sit higher in the hierarchy. */
export const USER_LEVELS = [0, 1, 2, 3] as const;
export type UserLevel = (typeof USER_LEVELS)[number];
/** 0 platform operator, 1 dealer, 2 engineering (installer), 3 personal (owner). */
export const LEVEL_KEYS = ['operator', 'dealer', 'engineering', 'personal'] as const;

/** The levels' names as catalogue keys (the `roles` namespace): the one table the pages and the user export read. */
export const LEVEL_NAMES = {
  operator: 'level.operator',
  dealer: 'level.dealer',
  engineering: 'level.engineering',
  personal: 'level.personal',
} as const satisfies Readonly<Record<(typeof LEVEL_KEYS)[number], MessageKey>>;

/** The catalogue key of a level's name, or undefined when it is not one of ours (show its number). */
export function levelName(level: number): MessageKey | undefined {
  const key = LEVEL_KEYS[level];
  return key ? LEVEL_NAMES[key] : undefined;
}
