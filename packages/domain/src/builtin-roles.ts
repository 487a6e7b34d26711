import type { Lang } from './languages.js';

/** The four built-in roles of R1.1/R6.6, by their `builtin_key`: operator, dealer, engineering, personal. */
export const BUILTIN_ROLE_KEYS = ['operator', 'dealer', 'engineering', 'personal'] as const;
export type BuiltinRoleKey = (typeof BUILTIN_ROLE_KEYS)[number];

interface BuiltinRoleText {
  name: Record<Lang, string>;
  description: Record<Lang, string>;
}

/**
 * Names and descriptions of the built-in roles in every language. The one owner of these words: the seed stores the
 * English ones, and the role API answers in the caller's language from here, so the database never needs a row per
 * language and a built-in role cannot be renamed (it is read-only).
 */
export const BUILTIN_ROLE_TEXTS: Record<BuiltinRoleKey, BuiltinRoleText> = {
  operator: {
    name: { zh: '平台运营商', en: 'Platform operator', cs: 'Provozovatel platformy', de: 'Plattformbetreiber' },
    description: {
      zh: '运营整个平台：拥有全部权限',
      en: 'Runs the platform: every permission',
      cs: 'Provozuje platformu: všechna oprávnění',
      de: 'Betreibt die Plattform: alle Berechtigungen',
    },
  },
  dealer: {
    name: { zh: '经销商', en: 'Dealer', cs: 'Prodejce', de: 'Händler' },
    description: {
      zh: '经销商或分销商账号：管理安装商、业主及其电站',
      en: 'Dealer or distributor account: manages installers, owners and their plants',
      cs: 'Účet prodejce nebo distributora: spravuje instalační firmy, majitele a jejich elektrárny',
      de: 'Händler- oder Distributorkonto: verwaltet Installateure, Eigentümer und deren Anlagen',
    },
  },
  engineering: {
    name: { zh: '工程商', en: 'Engineering', cs: 'Instalační firma', de: 'Installateur' },
    description: {
      zh: '安装商（工程商）账号：建设并调试电站',
      en: 'Installer (engineering) account: builds and commissions plants',
      cs: 'Účet instalační firmy: staví elektrárny a uvádí je do provozu',
      de: 'Installateurkonto: baut Anlagen und nimmt sie in Betrieb',
    },
  },
  personal: {
    name: { zh: '个人用户', en: 'Personal', cs: 'Soukromý uživatel', de: 'Privatkunde' },
    description: {
      zh: '业主（个人）账号：查看自己的电站',
      en: 'Owner (personal) account: watches their own plants',
      cs: 'Účet majitele (soukromý): sleduje své vlastní elektrárny',
      de: 'Eigentümerkonto (privat): beobachtet die eigenen Anlagen',
    },
  },
};

export function isBuiltinRoleKey(key: string | null | undefined): key is BuiltinRoleKey {
  return (BUILTIN_ROLE_KEYS as readonly (string | null | undefined)[]).includes(key);
}

/**
 * The name and description of a built-in role in a language, or null for a custom role or a key this version does not
 * know (then the stored words are shown as they are).
 */
export function builtinRoleText(
  key: string | null | undefined,
  lang: Lang,
): { name: string; description: string } | null {
  if (!isBuiltinRoleKey(key)) return null;
  const text = BUILTIN_ROLE_TEXTS[key];
  return { name: text.name[lang], description: text.description[lang] };
}
