import { describe, expect, it } from 'vitest';
import commandsCs from 'virtual:locale-commands/cs';
import commandsDe from 'virtual:locale-commands/de';
import commandsEn from 'virtual:locale-commands/en';
import commandsZh from 'virtual:locale-commands/zh';
import coreCs from 'virtual:locale-core/cs';
import coreDe from 'virtual:locale-core/de';
import coreEn from 'virtual:locale-core/en';
import coreZh from 'virtual:locale-core/zh';
import helpCs from 'virtual:locale-help/cs';
import helpDe from 'virtual:locale-help/de';
import helpEn from 'virtual:locale-help/en';
import helpZh from 'virtual:locale-help/zh';
import columnsCs from 'virtual:locale-columns/cs';
import columnsDe from 'virtual:locale-columns/de';
import columnsEn from 'virtual:locale-columns/en';
import columnsZh from 'virtual:locale-columns/zh';
import pagesCs from 'virtual:locale-pages/cs';
import pagesDe from 'virtual:locale-pages/de';
import pagesEn from 'virtual:locale-pages/en';
import pagesZh from 'virtual:locale-pages/zh';
import { COLUMN_SECTIONS, COMMAND_SECTIONS, CORE_SECTIONS, HELP_SECTIONS } from './core-sections';
import cs from './cs.json';
import de from './de.json';
import en from './en.json';
import zh from './zh.json';

// A language file's five parts (lib/i18n.ts, lib/column-messages.ts, lib/command-texts.ts): the first download's
// core sections, the help texts loaded with the help drawer, the column texts loaded with the lists, the command
// pages' texts loaded with them, and the shell's rest, which together are the whole file, each section once.
describe.each([
  ['zh', coreZh, helpZh, columnsZh, commandsZh, pagesZh, zh],
  ['en', coreEn, helpEn, columnsEn, commandsEn, pagesEn, en],
  ['cs', coreCs, helpCs, columnsCs, commandsCs, pagesCs, cs],
  ['de', coreDe, helpDe, columnsDe, commandsDe, pagesDe, de],
] as const)('the parts of %s', (_lang, core, help, columns, commands, pages, whole) => {
  it('are the core, help, column and command sections and the rest, together the whole file', () => {
    expect(Object.keys(core).sort()).toEqual([...CORE_SECTIONS].sort());
    expect(Object.keys(help).sort()).toEqual([...HELP_SECTIONS].sort());
    expect(Object.keys(columns).sort()).toEqual([...COLUMN_SECTIONS].sort());
    expect(Object.keys(commands).sort()).toEqual([...COMMAND_SECTIONS].sort());
    const apart = [...CORE_SECTIONS, ...HELP_SECTIONS, ...COLUMN_SECTIONS, ...COMMAND_SECTIONS] as readonly string[];
    expect(Object.keys(pages).some((section) => apart.includes(section))).toBe(false);
    expect({ ...core, ...help, ...columns, ...commands, ...pages }).toEqual(whole);
  });
});
