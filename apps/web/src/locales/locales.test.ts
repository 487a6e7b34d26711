import { describe, expect, it } from 'vitest';
import { LANGUAGES, LEVEL_KEYS, OPERATION_CATEGORIES } from '@voltfleet/domain';
import { HELP_TOPICS } from '@/app/shell/help-topics';
import cs from './cs.json';
import de from './de.json';
import en from './en.json';
import zh from './zh.json';

const locales: Record<(typeof LANGUAGES)[number], unknown> = { zh, en, cs, de };

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
const allKeys = [...new Set(LANGUAGES.flatMap((lang) => [...flat[lang].keys()]))].sort();
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(LANGUAGES)('locale %s', (lang) => {
  it('has every key of the other locales', () => {
    expect(allKeys.filter((key) => !flat[lang].has(key))).toEqual([]);
  });

  it('has no empty or non-text values', () => {
    const bad = [...flat[lang]].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('uses the same {{placeholders}} as English', () => {
    const differing = allKeys.filter(
      (key) => placeholders(flat[lang].get(key)).join() !== placeholders(flat.en.get(key)).join(),
    );
    expect(differing).toEqual([]);
  });
});

describe('keys used by the code', () => {
  const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

  it('exist for every literal t("…") call', () => {
    const used = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      if (file.endsWith('.test.ts')) continue;
      for (const match of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !flat.en.has(key))).toEqual([]);
  });

  it('exist for keys built from domain lists and help topics', () => {
    const built = [
      ...OPERATION_CATEGORIES.map((c) => `records.categories.${c}`),
      ...LEVEL_KEYS.map((l) => `users.levels.${l}`),
      ...HELP_TOPICS.flatMap((topic) => [`help.${topic}.title`, `help.${topic}.text`]),
    ];
    expect(built.filter((key) => !flat.en.has(key))).toEqual([]);
  });
});
