import type { MessageKey, Translate } from './i18n/catalogue.js';

/** The four built-in roles of R1.1/R6.6, by their `builtin_key`: operator, dealer, engineering, personal. */
export const BUILTIN_ROLE_KEYS = ['operator', 'dealer', 'engineering', 'personal'] as const;
export type BuiltinRoleKey = (typeof BUILTIN_ROLE_KEYS)[number];

/**
 * Names and descriptions of the built-in roles, as catalogue keys (`builtinRole.<key>.name` and `.description` in the
 * `roles` namespace). The one owner of these words: the seed stores the English ones, and the role API answers in the
 * caller's language from the catalogue, so the database never needs a row per language and a built-in role cannot be
 * renamed (it is read-only).
 */
export const BUILTIN_ROLE_TEXTS = {
  operator: { name: 'builtinRole.operator.name', description: 'builtinRole.operator.description' },
  dealer: { name: 'builtinRole.dealer.name', description: 'builtinRole.dealer.description' },
  engineering: { name: 'builtinRole.engineering.name', description: 'builtinRole.engineering.description' },
  personal: { name: 'builtinRole.personal.name', description: 'builtinRole.personal.description' },
} as const satisfies Record<BuiltinRoleKey, { name: MessageKey; description: MessageKey }>;

export function isBuiltinRoleKey(key: string | null | undefined): key is BuiltinRoleKey {
  return (BUILTIN_ROLE_KEYS as readonly (string | null | undefined)[]).includes(key);
}

/**
 * The name and description of a built-in role, read with `t` in the caller's language, or null for a custom role or a key this version does not
 * know (then the stored words are shown as they are).
 */
export function builtinRoleText(
  key: string | null | undefined,
  t: Translate,
): { name: string; description: string } | null {
  if (!isBuiltinRoleKey(key)) return null;
  const text = BUILTIN_ROLE_TEXTS[key];
  return { name: t(text.name), description: t(text.description) };
}
