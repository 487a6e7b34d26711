import { describe, expect, test } from 'vitest';
import { LANGUAGES, type Lang } from '../languages.js';
import { CATALOGUE, NAMESPACES, flattenTexts } from './catalogue.js';
import { PLACEHOLDER } from './interpolate.js';

// The catalogue's shape, checked once for every namespace: the same keys in zh, en, cs and de, the plural forms each
// language needs, the same placeholders, and no key in two namespaces (the code names a message by its key alone).

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();

/** A namespace in one language: each message's base key with its texts by plural form ('' for a plain text). */
function messages(lang: Lang, ns: (typeof NAMESPACES)[number]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [key, text] of flattenTexts(CATALOGUE[lang][ns])) {
    const [, base = key, form = ''] = PLURAL.exec(key) ?? [];
    out.set(base, (out.get(base) ?? new Map<string, string>()).set(form, text));
  }
  return out;
}

/** Chinese texts that are only codes, the same in every language's script (the AC-coupling source "PV1+PV2"). */
const CODES_IN_ZH = new Set(['option.acCouplingPvSources.0']);

const cases = NAMESPACES.flatMap((ns) => LANGUAGES.map((lang) => [ns, lang] as const));

describe('the message catalogue', () => {
  test.each(cases)('%s in %s has the English keys, plural forms and placeholders', (ns, lang) => {
    const english = messages('en', ns);
    const texts = messages(lang, ns);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
    for (const [key, forms] of texts) {
      const englishForms = english.get(key) ?? new Map<string, string>();
      // a counted message has exactly the forms this language's plural rules select; a plain one has none
      const expected = englishForms.has('') ? [''] : categories;
      expect([...forms.keys()].sort(), `${ns}:${key} forms`).toEqual(expected);
      const all = (m: Map<string, string>) => placeholders([...m.values()].join(' '));
      expect(all(forms), `${ns}:${key} placeholders`).toEqual(all(englishForms));
      for (const text of forms.values()) {
        expect(text.trim(), `${ns}:${key}`).not.toBe('');
        expect(text, `${ns}:${key} has no stray whitespace`).toBe(text.trim());
        // the Chinese texts are written in Chinese, the others are not copies of them
        if (lang === 'zh' && !CODES_IN_ZH.has(key)) expect(text, `${ns}:${key}`).toMatch(/[\u4e00-\u9fff]/);
        else expect(text, `${ns}:${key}`).not.toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  test('no key is in two namespaces', () => {
    const owner = new Map<string, string>();
    for (const ns of NAMESPACES)
      for (const key of messages('en', ns).keys()) {
        expect(owner.get(key), `${key} in ${ns}`).toBeUndefined();
        owner.set(key, ns);
      }
    expect(owner.size).toBeGreaterThan(200);
  });

  test('the plural check would catch a missing Czech form', () => {
    // guards the test above: Czech needs one, few, many and other, English one and other, Chinese only other
    expect([...new Intl.PluralRules('cs').resolvedOptions().pluralCategories].sort()).toEqual([
      'few',
      'many',
      'one',
      'other',
    ]);
    expect([...new Intl.PluralRules('zh').resolvedOptions().pluralCategories]).toEqual(['other']);
  });
});
