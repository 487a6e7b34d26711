import { describe, expect, test } from 'vitest';
import { LANGUAGES } from './languages.js';
import { MENU_GROUP_NAMES, PAGE_NAMES, PERMISSION_NAMES, VIEW_NAMES, permissionName } from './permission-names.js';
import {
  ALL_PERMISSION_CODES,
  MENU_GROUPS,
  MODULES,
  MODULE_CODES,
  VIEWS,
  buildPermissionTree,
  canOpenPage,
  grantBeyond,
  grantFromTree,
  nodeGranted,
  normaliseGrant,
  parentCode,
  permittedRoutes,
} from './permissions.js';
import { permissionNodeSchema } from './permission-schemas.js';
import type { PermissionNode } from './permissions.js';

const nameOf = (code: string) => `name of ${code}`;

/** Every node and auth of a tree, depth first. */
function flatten(tree: readonly PermissionNode[]): { code: string; name: string; show: boolean; selected?: boolean }[] {
  return tree.flatMap((node) => [
    { code: node.code, name: node.name, show: node.show, selected: node.selected },
    ...node.auths.map((a) => ({ code: a.code, name: a.name, show: a.show, selected: a.selected })),
    ...flatten(node.subModules),
  ]);
}

function findNode(tree: readonly PermissionNode[], code: string): PermissionNode {
  for (const node of tree) {
    if (node.code === code) return node;
    const inner = node.subModules.find((n) => n.code === code);
    if (inner) return inner;
  }
  throw new Error(`no node ${code}`);
}

describe('permission table (SPEC §6)', () => {
  test('modules A plant, B device, C alarm, D user, E system', () => {
    expect(MODULE_CODES).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(MODULES.map((m) => m.path)).toEqual([
      'plantCenter',
      'deviceCenter',
      'alarmCenter',
      'userCenter',
      'systemManage',
    ]);
  });

  test('page codes are exactly the SPEC sub-codes', () => {
    const pageCodes = ALL_PERMISSION_CODES.filter((c) => /^[A-Z]\/[A-Z]$/.test(c));
    expect(pageCodes).toEqual(['A/A', 'A/D', 'B/A', 'B/D', 'B/E', 'C/A', 'C/B', 'C/C', 'D/A', 'D/C', 'D/D', 'D/E']);
  });

  test('codes are unique and every code but a module has a granted-able parent in the table', () => {
    expect(new Set(ALL_PERMISSION_CODES).size).toBe(ALL_PERMISSION_CODES.length);
    for (const code of ALL_PERMISSION_CODES) {
      const parent = parentCode(code);
      if (parent === undefined) expect(MODULE_CODES).toContain(code);
      else expect(ALL_PERMISSION_CODES.indexOf(parent)).toBeLessThan(ALL_PERMISSION_CODES.indexOf(code));
    }
  });

  test('function codes are owned by the page code, or the module for pages without one', () => {
    expect(ALL_PERMISSION_CODES).toContain('A:plant.add');
    expect(ALL_PERMISSION_CODES).toContain('A/D:tariff.edit');
    expect(ALL_PERMISSION_CODES).toContain('B/E:debug.raw');
    expect(ALL_PERMISSION_CODES).toContain('E:role.delete');
    expect(ALL_PERMISSION_CODES).not.toContain('A/A:plant.add');
  });

  test('every page belongs to a menu group', () => {
    for (const page of MODULES.flatMap((m) => m.pages)) expect(MENU_GROUPS).toContain(page.group);
  });
});

describe('parentCode', () => {
  test.each([
    ['A', undefined],
    ['A/A', 'A'],
    ['D/E', 'D'],
    ['A/D:tariff.edit', 'A/D'],
    ['A:plant.add', 'A'],
    ['E:role.add', 'E'],
  ])('%s → %s', (code, parent) => {
    expect(parentCode(code)).toBe(parent);
  });
});

describe('normaliseGrant (drops unknown codes and orphans)', () => {
  test.each([
    ['empty', [], []],
    ['one module', ['A'], ['A']],
    ['module and page', ['A', 'A/A'], ['A', 'A/A']],
    ['page without its module', ['A/A'], []],
    ['function without its page', ['A', 'A/D:tariff.edit'], ['A']],
    ['function without page and module', ['A/D:tariff.edit'], []],
    ['page and function without the module', ['A/D', 'A/D:tariff.edit'], []],
    ['module function', ['A', 'A:plant.add'], ['A', 'A:plant.add']],
    ['module function without its module', ['A:plant.add'], []],
    ['unknown module', ['Z'], []],
    ['unknown page', ['A', 'A/B'], ['A']],
    ['unknown function', ['A', 'A/A', 'A/A:plant.add'], ['A', 'A/A']],
    ['function of a page granted under another module', ['B', 'A/D', 'A/D:tariff.edit'], ['B']],
    ['case matters', ['a', 'A/a'], []],
    ['duplicates', ['E', 'E', 'E:role.add', 'E:role.add'], ['E', 'E:role.add']],
    [
      'table order, not input order',
      ['B/E:debug.raw', 'B/E', 'A/A', 'B', 'A'],
      ['A', 'A/A', 'B', 'B/E', 'B/E:debug.raw'],
    ],
    ['mixed', ['C', 'C/C', 'C/C:rule.add', 'C/A:alarm.export', 'X:y', 'D/A'], ['C', 'C/C', 'C/C:rule.add']],
  ])('%s', (_label, input, output) => {
    expect(normaliseGrant(input)).toEqual(output);
  });

  test('the full grant is kept whole', () => {
    expect(normaliseGrant(ALL_PERMISSION_CODES)).toEqual(ALL_PERMISSION_CODES);
    expect(normaliseGrant([...ALL_PERMISSION_CODES].reverse())).toEqual(ALL_PERMISSION_CODES);
  });

  test('accepts any iterable', () => {
    expect(normaliseGrant(new Set(['D', 'D/E', 'D/E:template.edit']))).toEqual(['D', 'D/E', 'D/E:template.edit']);
  });
});

describe('grantBeyond (what a user may not grant)', () => {
  test.each([
    ['nothing requested', ['A', 'A/A'], [], []],
    ['a subset', ['A', 'A/A', 'A:plant.add'], ['A', 'A:plant.add'], []],
    ['the same', ['B', 'B/E'], ['B', 'B/E'], []],
    ['one more module', ['A', 'A/A'], ['A', 'A/A', 'B'], ['B']],
    ['a function not held', ['E'], ['E', 'E:role.delete'], ['E:role.delete']],
    ['holding nothing', [], ['A', 'A/A'], ['A', 'A/A']],
    ['unknown codes count as beyond', ['A'], ['A', 'Z'], ['Z']],
  ])('%s', (_label, held, requested, beyond) => {
    expect(grantBeyond(held, requested)).toEqual(beyond);
  });
});

describe('buildPermissionTree', () => {
  const full = buildPermissionTree(ALL_PERMISSION_CODES, nameOf);

  test('one node per module, sub-modules per page code, auths under their owner', () => {
    expect(full.map((n) => n.code)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(full.map((n) => n.subModules.map((s) => s.code))).toEqual([
      ['A/A', 'A/D'],
      ['B/A', 'B/D', 'B/E'],
      ['C/A', 'C/B', 'C/C'],
      ['D/A', 'D/C', 'D/D', 'D/E'],
      [],
    ]);
    expect(findNode(full, 'A').auths.map((a) => a.code)).toEqual(['A:plant.add', 'A:plant.edit', 'A:plant.delete']);
    expect(findNode(full, 'E').auths.map((a) => a.code)).toEqual(['E:role.add', 'E:role.edit', 'E:role.delete']);
    // two pages share B/E: their auths are merged under one node
    expect(findNode(full, 'B/E').auths.map((a) => a.code)).toEqual([
      'B/E:command.issue',
      'B/E:command.batch',
      'B/E:firmware.upgrade',
      'B/E:firmware.manage',
      'B/E:debug.raw',
    ]);
    expect(findNode(full, 'D/E').auths.map((a) => a.code)).toEqual(['D/E:template.edit']);
  });

  test('holds every code exactly once, named by nameOf', () => {
    const nodes = flatten(full);
    expect(nodes.map((n) => n.code).sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    for (const node of nodes) expect(node.name).toBe(nameOf(node.code));
  });

  test('flags follow the grant', () => {
    const tree = buildPermissionTree(['A', 'A/D', 'A/D:script.edit'], nameOf);
    const flags = Object.fromEntries(flatten(tree).map((n) => [n.code, [n.show, n.selected]]));
    expect(flags['A']).toEqual([true, true]);
    expect(flags['A/D']).toEqual([true, true]);
    expect(flags['A/D:script.edit']).toEqual([true, true]);
    expect(flags['A/A']).toEqual([false, false]);
    expect(flags['A/D:tariff.edit']).toEqual([false, false]);
    expect(flags['B']).toEqual([false, false]);
  });

  test('matches permissionNodeSchema', () => {
    for (const node of full) expect(permissionNodeSchema.safeParse(node).success).toBe(true);
  });
});

describe('grantFromTree round trip', () => {
  const grants: [string, string[]][] = [
    ['empty', []],
    ['full', [...ALL_PERMISSION_CODES]],
    ['one module', ['C']],
    ['module with module functions', ['A', 'A:plant.add', 'A:plant.delete']],
    ['pages and functions', ['A', 'A/A', 'A/D', 'A/D:tariff.edit', 'B', 'B/E', 'B/E:debug.raw']],
    ['system only', ['E', 'E:role.add', 'E:role.edit', 'E:role.delete']],
    ['orphans are dropped', ['A/A', 'B', 'B/A:device.export', 'D', 'D/E', 'D/E:template.edit']],
    ['unknown codes are dropped', ['A', 'nope', 'A/Z', 'A:plant.fly']],
  ];

  test.each(grants)('%s', (_label, grant) => {
    expect(grantFromTree(buildPermissionTree(grant, nameOf))).toEqual(normaliseGrant(grant));
  });

  test('every single-code-with-ancestors grant survives', () => {
    for (const code of ALL_PERMISSION_CODES) {
      const chain: string[] = [];
      for (let c: string | undefined = code; c !== undefined; c = parentCode(c)) chain.unshift(c);
      expect(grantFromTree(buildPermissionTree(chain, nameOf))).toEqual(chain);
    }
  });
});

describe('"a selected flag overrides show"', () => {
  test.each([
    [{ show: true }, true],
    [{ show: false }, false],
    [{ show: true, selected: undefined }, true],
    [{ show: true, selected: true }, true],
    [{ show: false, selected: false }, false],
    [{ show: true, selected: false }, false],
    [{ show: false, selected: true }, true],
  ])('nodeGranted(%j) → %s', (node, granted) => {
    expect(nodeGranted(node)).toBe(granted);
  });

  function tree(): PermissionNode[] {
    return buildPermissionTree(['A', 'A/A', 'A/D', 'A:plant.add', 'A/D:tariff.edit'], nameOf);
  }

  test('a page node with show:true selected:false is not granted', () => {
    const t = tree();
    const page = findNode(t, 'A/D');
    page.show = true;
    page.selected = false;
    // its function goes with it: an orphan is dropped
    expect(grantFromTree(t)).toEqual(['A', 'A/A', 'A:plant.add']);
  });

  test('a page node with show:false selected:true is granted', () => {
    const t = tree();
    const page = findNode(t, 'B/E');
    const module = findNode(t, 'B');
    module.show = false;
    module.selected = true;
    page.show = false;
    page.selected = true;
    expect(grantFromTree(t)).toEqual(['A', 'A/A', 'A:plant.add', 'A/D', 'A/D:tariff.edit', 'B', 'B/E']);
  });

  test('a module node with show:true selected:false takes its pages and functions away', () => {
    const t = tree();
    const module = findNode(t, 'A');
    module.show = true;
    module.selected = false;
    expect(grantFromTree(t)).toEqual([]);
  });

  test('auths: show:true selected:false is not granted, show:false selected:true is', () => {
    const t = tree();
    const add = findNode(t, 'A').auths.find((a) => a.code === 'A:plant.add');
    const del = findNode(t, 'A').auths.find((a) => a.code === 'A:plant.delete');
    if (!add || !del) throw new Error('auths missing');
    add.show = true;
    add.selected = false;
    del.show = false;
    del.selected = true;
    expect(grantFromTree(t)).toEqual(['A', 'A/A', 'A:plant.delete', 'A/D', 'A/D:tariff.edit']);
  });

  test('without selected, show decides', () => {
    const t = tree();
    const node = findNode(t, 'C');
    node.show = true;
    delete node.selected;
    const page = findNode(t, 'C/B');
    page.show = true;
    delete page.selected;
    expect(grantFromTree(t)).toEqual(['A', 'A/A', 'A:plant.add', 'A/D', 'A/D:tariff.edit', 'C', 'C/B']);
  });
});

describe('permittedRoutes / canOpenPage', () => {
  const routes = (grant: string[]) => permittedRoutes(new Set(grant)).map((r) => r.fullPath);

  test.each([
    ['nothing', [], []],
    ['module A only: the plant list needs no own code', ['A'], ['/plantCenter/plantList']],
    ['module A with statistics', ['A', 'A/A'], ['/plantCenter/plantStatistics', '/plantCenter/plantList']],
    [
      'all of A',
      ['A', 'A/A', 'A/D'],
      ['/plantCenter/plantStatistics', '/plantCenter/plantList', '/plantCenter/plantConfig'],
    ],
    ['a page code without its module', ['A/A', 'B/A'], []],
    ['module B only: no page without own code', ['B'], []],
    ['B/E opens both pages sharing it', ['B', 'B/E'], ['/deviceCenter/commandIssue', '/deviceCenter/onlineDebug']],
    ['D/E opens both report pages', ['D', 'D/E'], ['/userCenter/myTemplate', '/userCenter/dataSelect']],
    ['module E: the role list needs no own code', ['E'], ['/systemManage/roleList']],
    [
      'a mixed grant in menu order',
      ['E', 'C/B', 'C', 'A', 'D/C'],
      ['/plantCenter/plantList', '/alarmCenter/alarmOverView', '/systemManage/roleList'],
    ],
    ['function codes alone open nothing', ['A/A:x', 'B/E:debug.raw'], []],
  ])('%s', (_label, grant, paths) => {
    expect(routes(grant)).toEqual(paths);
  });

  test('the full grant opens every page in table order', () => {
    expect(routes([...ALL_PERMISSION_CODES])).toEqual([
      '/plantCenter/plantStatistics',
      '/plantCenter/plantList',
      '/plantCenter/plantConfig',
      '/deviceCenter/deviceList',
      '/deviceCenter/deviceStorage',
      '/deviceCenter/commandIssue',
      '/deviceCenter/onlineDebug',
      '/alarmCenter/alarmSearch',
      '/alarmCenter/alarmOverView',
      '/alarmCenter/alarmRules',
      '/userCenter/userList',
      '/userCenter/contralRecord',
      '/userCenter/operateRecord',
      '/userCenter/myTemplate',
      '/userCenter/dataSelect',
      '/systemManage/roleList',
    ]);
  });

  test('routes carry their module and page', () => {
    const [route] = permittedRoutes(new Set(['E']));
    expect(route?.module.code).toBe('E');
    expect(route?.page).toMatchObject({ path: 'roleList', group: 'roleManagement' });
  });

  test.each(
    MODULES.flatMap((module) => module.pages.map((page) => [`${module.code} ${page.path}`, module, page] as const)),
  )('canOpenPage for %s', (_label, module, page) => {
    const own = page.code === undefined ? [module.code] : [module.code, page.code];
    expect(canOpenPage(new Set(own), module, page)).toBe(true);
    expect(canOpenPage(new Set(page.code === undefined ? [] : [page.code]), module, page)).toBe(false);
    if (page.code !== undefined) expect(canOpenPage(new Set([module.code]), module, page)).toBe(false);
  });
});

describe('display names in all four languages', () => {
  const langsOf = (names: Record<string, Record<string, string>>, key: string) =>
    LANGUAGES.map((lang) => [lang, names[key]?.[lang]] as const);

  test.each(ALL_PERMISSION_CODES.map((code) => [code]))('PERMISSION_NAMES has %s', (code) => {
    for (const [lang, name] of langsOf(PERMISSION_NAMES, code)) {
      expect(name, `${code} in ${lang}`).toBeTypeOf('string');
      expect(name?.trim(), `${code} in ${lang}`).not.toBe('');
      expect(permissionName(code, lang)).toBe(name);
    }
  });

  const pagePaths = MODULES.flatMap((m) => m.pages.map((p) => p.path));
  test.each(pagePaths.map((path) => [path]))('PAGE_NAMES has %s', (path) => {
    for (const [lang, name] of langsOf(PAGE_NAMES, path)) {
      expect(name, `${path} in ${lang}`).toBeTypeOf('string');
      expect(name?.trim(), `${path} in ${lang}`).not.toBe('');
    }
  });

  test.each(MENU_GROUPS.map((group) => [group]))('MENU_GROUP_NAMES has %s', (group) => {
    for (const [lang, name] of langsOf(MENU_GROUP_NAMES, group)) {
      expect(name, `${group} in ${lang}`).toBeTypeOf('string');
      expect(name?.trim(), `${group} in ${lang}`).not.toBe('');
    }
  });

  test.each(VIEWS.map((view) => [view]))('VIEW_NAMES has %s', (view) => {
    for (const [lang, name] of langsOf(VIEW_NAMES, view)) {
      expect(name, `${view} in ${lang}`).toBeTypeOf('string');
      expect(name?.trim(), `${view} in ${lang}`).not.toBe('');
    }
  });

  test('no stale names for codes, pages, groups or views that do not exist', () => {
    expect(Object.keys(PERMISSION_NAMES).sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    expect(Object.keys(PAGE_NAMES).sort()).toEqual([...pagePaths].sort());
    expect(Object.keys(MENU_GROUP_NAMES).sort()).toEqual([...MENU_GROUPS].sort());
    expect(Object.keys(VIEW_NAMES).sort()).toEqual([...VIEWS].sort());
  });

  test('every name entry has exactly the four languages', () => {
    for (const names of [PERMISSION_NAMES, PAGE_NAMES, MENU_GROUP_NAMES, VIEW_NAMES]) {
      for (const entry of Object.values(names)) expect(Object.keys(entry).sort()).toEqual([...LANGUAGES].sort());
    }
  });

  test('permissionName falls back to the code', () => {
    expect(permissionName('Z/Z', 'de')).toBe('Z/Z');
    expect(permissionName('A', 'zh')).toBe('电站中心');
    expect(permissionName('A', 'cs')).toBe('Centrum elektráren');
  });
});
