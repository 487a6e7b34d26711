import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Lang } from '@voltfleet/domain/i18n';
import { HELP_TOPICS } from '@/app/shell/help-topics';
import { TEXTS } from '@/test/texts';
import { TEXT_NAMESPACES } from './namespaces';

const locales: Record<(typeof LANGUAGES)[number], unknown> = TEXTS;

/** Flattens nested messages to "a.b.c" → value. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, `${prefix}${key}.`)) out.set(k, v);
    }
  } else {
    out.set(prefix.slice(0, -1), value);
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(locales[lang])])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, unknown>
>;
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Plurals are i18next's: a message about a number of things is stored as `key_one`, `key_few`, `key_many`,
 * `key_other` (the Intl.PluralRules categories of the language) and `t('key', { count })` picks the form. The forms
 * each language needs, written out so that a review sees them; the first test checks them against Intl.
 */
const PLURAL_FORMS: Record<Lang, string[]> = {
  zh: ['other'],
  en: ['one', 'other'],
  cs: ['few', 'many', 'one', 'other'],
  de: ['one', 'other'],
};
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The key the code asks for: "a.b_few" → "a.b"; a key without a plural suffix is its own base. */
const baseOf = (key: string) => key.replace(PLURAL_SUFFIX, '');
const baseKeys = (lang: Lang) => [...new Set([...flat[lang].keys()].map(baseOf))].sort();
/** Base keys that are plural in some language (they then have to be plural in all). */
const pluralBases = new Set(
  LANGUAGES.flatMap((lang) => [...flat[lang].keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(baseOf)),
);
const formsOf = (lang: Lang, base: string) =>
  [...flat[lang].keys()]
    .filter((key) => PLURAL_SUFFIX.test(key) && baseOf(key) === base)
    .map((key) => key.slice(base.length + 1))
    .sort();
/** English's text for a key of any language: the same key, or for a plural form English's "other" form. */
const englishOf = (key: string) =>
  flat.en.get(key) ?? flat.en.get(PLURAL_SUFFIX.test(key) ? `${baseOf(key)}_other` : key);
const allBaseKeys = [...new Set(LANGUAGES.flatMap(baseKeys))].sort();

describe('plural forms', () => {
  it.each(LANGUAGES)('%s needs the forms Intl.PluralRules has for it', (lang) => {
    expect([...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort()).toEqual(PLURAL_FORMS[lang]);
  });

  it('exist: the counted messages are plural', () => {
    expect(pluralBases.size).toBeGreaterThanOrEqual(10);
    expect([...pluralBases]).toEqual(expect.arrayContaining(['plantList.deleteWithDevices', 'commands.selected']));
  });

  it.each(LANGUAGES)('%s gives every plural key exactly the forms the language needs', (lang) => {
    const wrong = [...pluralBases]
      .map((base) => ({ base, forms: formsOf(lang, base) }))
      .filter(({ forms }) => forms.join() !== PLURAL_FORMS[lang].join());
    expect(wrong).toEqual([]);
  });

  it.each(LANGUAGES)('%s counts only in plural keys ({{count}} chooses the form)', (lang) => {
    const plain = [...flat[lang]]
      .filter(([key, text]) => !PLURAL_SUFFIX.test(key) && placeholders(text).includes('count'))
      .map(([key]) => key);
    expect(plain).toEqual([]);
  });

  it('every language has the same set of base keys', () => {
    for (const lang of LANGUAGES) expect(baseKeys(lang), lang).toEqual(allBaseKeys);
  });

  // Through i18next itself, as the app runs it: the count picks the form, and the number is in the text.
  it.each([
    ['en', 'plantList.deleteWithDevices', 1, '1 device is installed'],
    ['en', 'plantList.deleteWithDevices', 2, '2 devices are installed'],
    ['de', 'plantList.deleteWithDevices', 1, 'ist 1 Gerät installiert'],
    ['de', 'plantList.deleteWithDevices', 3, 'sind 3 Geräte installiert'],
    ['cs', 'deviceStorage.importAccepted', 1, 'Naskladněn 1 řádek'],
    ['cs', 'deviceStorage.importAccepted', 3, 'Naskladněny 3 řádky'],
    ['cs', 'deviceStorage.importAccepted', 5, 'Naskladněno 5 řádků'],
    ['cs', 'deviceStorage.importAccepted', 1.5, 'Naskladněno 1.5 řádku'],
    ['zh', 'plantList.deleteWithDevices', 1, '该电站有 1 台设备'],
    ['en', 'common.total', 0, 'Total: 0'],
  ] as const)('%s %s with %d reads "%s"', async (lang, key, count, expected) => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: lang,
      fallbackLng: false,
      // As lib/i18n.ts runs it: a key's first part is its namespace.
      resources: { [lang]: TEXTS[lang] },
      ns: [...TEXT_NAMESPACES],
      nsSeparator: '.',
      interpolation: { escapeValue: false },
    });
    expect(i18n.t(key, { count })).toContain(expected);
  });
});

describe.each(LANGUAGES)('locale %s', (lang) => {
  it('has a file for each namespace (namespaces.ts), and no other', () => {
    expect(Object.keys(TEXTS[lang]).sort()).toEqual([...TEXT_NAMESPACES].sort());
  });

  it('has no empty or non-text values', () => {
    const bad = [...flat[lang]].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('uses the same {{placeholders}} as English', () => {
    const differing = [...flat[lang].keys()].filter(
      (key) => placeholders(flat[lang].get(key)).join() !== placeholders(englishOf(key)).join(),
    );
    expect(differing).toEqual([]);
  });
});

describe('keys used by the code', () => {
  const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

  /** Every literal t('key', …) call of the app with the text of its arguments. */
  function literalCalls(): { key: string; args: string }[] {
    const calls: { key: string; args: string }[] = [];
    for (const [file, text] of Object.entries(sources)) {
      if (file.endsWith('.test.ts')) continue;
      for (const match of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        // The arguments run to the parenthesis that closes the call.
        let depth = 1;
        let end = (match.index ?? 0) + match[0].length;
        while (end < text.length && depth > 0) {
          if (text[end] === '(') depth += 1;
          else if (text[end] === ')') depth -= 1;
          end += 1;
        }
        calls.push({ key: match[1] ?? '', args: text.slice((match.index ?? 0) + match[0].length, end) });
      }
    }
    return calls;
  }

  it('exist for every literal t("…") call', () => {
    const used = new Set(literalCalls().map((c) => c.key));
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !flat.en.has(key) && !pluralBases.has(key))).toEqual([]);
  });

  it('give a plural key its count', () => {
    const missing = literalCalls()
      .filter((c) => pluralBases.has(c.key) && !/\bcount\b/.test(c.args))
      .map((c) => c.key);
    expect(missing).toEqual([]);
  });

  it('exist for keys built from domain lists and help topics', () => {
    const built = [...HELP_TOPICS.flatMap((topic) => [`help.${topic}.title`, `help.${topic}.text`])];
    expect(built.filter((key) => !flat.en.has(key))).toEqual([]);
  });
});
