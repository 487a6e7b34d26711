import type { MessageKey } from './i18n/catalogue.js';
import { LEVEL_KEYS } from './levels.js';

// Apart from levels.ts so that a module needing only the levels (registration, the login's checks) names no texts.

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
