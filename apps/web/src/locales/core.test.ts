import { describe, expect, it } from 'vitest';
import coreCs from 'virtual:locale-core/cs';
import coreDe from 'virtual:locale-core/de';
import coreEn from 'virtual:locale-core/en';
import coreZh from 'virtual:locale-core/zh';
import pagesCs from 'virtual:locale-pages/cs';
import pagesDe from 'virtual:locale-pages/de';
import pagesEn from 'virtual:locale-pages/en';
import pagesZh from 'virtual:locale-pages/zh';
import { CORE_SECTIONS } from './core-sections';
import cs from './cs.json';
import de from './de.json';
import en from './en.json';
import zh from './zh.json';

// A language file's two parts (lib/i18n.ts): the first download's core sections and the shell's rest, which
// together are the whole file, each section once.
describe.each([
  ['zh', coreZh, pagesZh, zh],
  ['en', coreEn, pagesEn, en],
  ['cs', coreCs, pagesCs, cs],
  ['de', coreDe, pagesDe, de],
] as const)('the parts of %s', (_lang, core, pages, whole) => {
  it('are the core sections and the rest, together the whole file', () => {
    expect(Object.keys(core).sort()).toEqual([...CORE_SECTIONS].sort());
    for (const section of CORE_SECTIONS) expect(core[section]).toBeDefined();
    expect(Object.keys(pages).some((section) => (CORE_SECTIONS as readonly string[]).includes(section))).toBe(false);
    expect({ ...core, ...pages }).toEqual(whole);
  });
});
