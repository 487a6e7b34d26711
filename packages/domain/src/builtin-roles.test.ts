import { describe, expect, it } from 'vitest';
import { BUILTIN_ROLE_KEYS, BUILTIN_ROLE_TEXTS, builtinRoleText, isBuiltinRoleKey } from './builtin-roles.js';
import { LANGUAGES } from './languages.js';
import { LEVEL_KEYS } from './levels.js';
import { translate, translator } from './messages.js';

describe('built-in role texts', () => {
  it('name the four built-in roles, one per account level', () => {
    expect([...BUILTIN_ROLE_KEYS]).toEqual([...LEVEL_KEYS]);
  });

  it.each(LANGUAGES)('give every role a distinct name and a description in %s', (lang) => {
    const names = BUILTIN_ROLE_KEYS.map((key) => translate(BUILTIN_ROLE_TEXTS[key].name, lang));
    expect(new Set(names).size).toBe(BUILTIN_ROLE_KEYS.length);
    for (const key of BUILTIN_ROLE_KEYS) {
      const { name, description } = builtinRoleText(key, translator(lang)) ?? {};
      expect(name, `${key} name`).not.toMatch(/^builtinRole\.|^$/);
      expect(description, `${key} description`).not.toMatch(/^builtinRole\.|^$/);
    }
  });

  it.each([
    ['dealer', 'zh', '经销商'],
    ['operator', 'en', 'Platform operator'],
    ['engineering', 'cs', 'Instalační firma'],
    ['personal', 'de', 'Privatkunde'],
  ] as const)('%s in %s is %s', (key, lang, name) => {
    expect(builtinRoleText(key, translator(lang))?.name).toBe(name);
  });

  it.each([null, undefined, '', 'custom', 'toString', 'Dealer'])('%j is no built-in role', (key) => {
    expect(isBuiltinRoleKey(key)).toBe(false);
    expect(builtinRoleText(key, translator('en'))).toBeNull();
  });
});
