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
import usersCs from 'virtual:locale-users/cs';
import usersDe from 'virtual:locale-users/de';
import usersEn from 'virtual:locale-users/en';
import usersZh from 'virtual:locale-users/zh';
import pagesCs from 'virtual:locale-pages/cs';
import pagesDe from 'virtual:locale-pages/de';
import pagesEn from 'virtual:locale-pages/en';
import pagesZh from 'virtual:locale-pages/zh';
import registerCs from 'virtual:locale-register/cs';
import registerDe from 'virtual:locale-register/de';
import registerEn from 'virtual:locale-register/en';
import registerZh from 'virtual:locale-register/zh';
import flowCs from 'virtual:locale-flow/cs';
import flowDe from 'virtual:locale-flow/de';
import flowEn from 'virtual:locale-flow/en';
import flowZh from 'virtual:locale-flow/zh';
import bigCs from 'virtual:locale-bigscreen/cs';
import bigDe from 'virtual:locale-bigscreen/de';
import bigEn from 'virtual:locale-bigscreen/en';
import bigZh from 'virtual:locale-bigscreen/zh';
import {
  BIG_SCREEN_SECTIONS,
  COLUMN_SECTIONS,
  COMMAND_SECTIONS,
  CORE_SECTIONS,
  FLOW_SECTIONS,
  HELP_SECTIONS,
  REGISTER_SECTIONS,
  USER_ADMIN_SECTIONS,
} from './core-sections';
import cs from './cs.json';
import de from './de.json';
import en from './en.json';
import zh from './zh.json';

// A language file's nine parts (lib/i18n.ts, lib/column-messages.ts, lib/command-texts.ts, lib/user-admin-texts.ts,
// lib/register-texts.ts, lib/energy-flow-texts.ts, lib/big-screen-texts.ts): the first download's core sections, the
// help texts loaded with the help drawer, the column texts loaded with the lists, the command pages', the user
// administration, the register pages', the energy-flow graph's and the big screens' texts loaded with them, and the
// shell's rest, which together are the whole file, each section once.
describe.each([
  ['zh', coreZh, helpZh, columnsZh, commandsZh, usersZh, registerZh, flowZh, bigZh, pagesZh, zh],
  ['en', coreEn, helpEn, columnsEn, commandsEn, usersEn, registerEn, flowEn, bigEn, pagesEn, en],
  ['cs', coreCs, helpCs, columnsCs, commandsCs, usersCs, registerCs, flowCs, bigCs, pagesCs, cs],
  ['de', coreDe, helpDe, columnsDe, commandsDe, usersDe, registerDe, flowDe, bigDe, pagesDe, de],
] as const)('the parts of %s', (_lang, core, help, columns, commands, users, register, flow, big, pages, whole) => {
  it('are the core, help, column, command, user, register, flow and big-screen sections and the rest, together the whole file', () => {
    expect(Object.keys(core).sort()).toEqual([...CORE_SECTIONS].sort());
    expect(Object.keys(help).sort()).toEqual([...HELP_SECTIONS].sort());
    expect(Object.keys(columns).sort()).toEqual([...COLUMN_SECTIONS].sort());
    expect(Object.keys(commands).sort()).toEqual([...COMMAND_SECTIONS].sort());
    expect(Object.keys(users).sort()).toEqual([...USER_ADMIN_SECTIONS].sort());
    expect(Object.keys(register).sort()).toEqual([...REGISTER_SECTIONS].sort());
    expect(Object.keys(flow).sort()).toEqual([...FLOW_SECTIONS].sort());
    expect(Object.keys(big).sort()).toEqual([...BIG_SCREEN_SECTIONS].sort());
    const apart = [
      ...CORE_SECTIONS,
      ...HELP_SECTIONS,
      ...COLUMN_SECTIONS,
      ...COMMAND_SECTIONS,
      ...USER_ADMIN_SECTIONS,
      ...REGISTER_SECTIONS,
      ...FLOW_SECTIONS,
      ...BIG_SCREEN_SECTIONS,
    ] as readonly string[];
    expect(Object.keys(pages).some((section) => apart.includes(section))).toBe(false);
    expect({ ...core, ...help, ...columns, ...commands, ...users, ...register, ...flow, ...big, ...pages }).toEqual(
      whole,
    );
  });
});
