// Which routes a grant opens, the "selected overrides show" rule, and the permission names in four languages.
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from './languages.js';
import { translate, type MessageKey } from './messages.js';
import {
  FUNCTION_NAMES,
  MENU_GROUP_NAMES,
  MODULE_NAMES,
  PAGE_NAMES,
  PERMISSION_NAMES,
  VIEW_NAMES,
  moduleName,
  permissionName,
} from './permission-names.js';
import {
  ALL_PERMISSION_CODES,
  MENU_GROUPS,
  MODULES,
  VIEWS,
  buildPermissionTree,
  canOpenPage,
  grantFromTree,
  nodeGranted,
  permittedRoutes,
} from './permissions.js';
import type { PermissionNode } from './permissions.js';

const nameOf = (code: string) => `name of ${code}`;

function findNode(tree: readonly PermissionNode[], code: string): PermissionNode {
  for (const node of tree) {
    if (node.code === code) return node;
    const inner = node.subModules.find((n) => n.code === code);
    if (inner) return inner;
  }
  throw new Error(`no node ${code}`);
}

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
    [
      'module A only: the plant list and performance need no own code',
      ['A'],
      ['/plantCenter/plantList', '/plantCenter/plantPerformance'],
    ],
    [
      'module A with statistics',
      ['A', 'A/A'],
      ['/plantCenter/plantStatistics', '/plantCenter/plantList', '/plantCenter/plantPerformance'],
    ],
    [
      'all of A',
      ['A', 'A/A', 'A/D'],
      [
        '/plantCenter/plantStatistics',
        '/plantCenter/plantList',
        '/plantCenter/plantConfig',
        '/plantCenter/plantPerformance',
      ],
    ],
    ['a page code without its module', ['A/A', 'B/A'], []],
    ['module B only: no page without own code', ['B'], []],
    ['B/E opens both pages sharing it', ['B', 'B/E'], ['/deviceCenter/commandIssue', '/deviceCenter/onlineDebug']],
    ['D/E opens both report pages', ['D', 'D/E'], ['/userCenter/myTemplate', '/userCenter/dataSelect']],
    ['module E: the role list needs no own code', ['E'], ['/systemManage/roleList']],
    [
      'a mixed grant in menu order',
      ['E', 'C/B', 'C', 'A', 'D/C'],
      [
        '/plantCenter/plantList',
        '/plantCenter/plantPerformance',
        '/alarmCenter/alarmOverView',
        '/systemManage/roleList',
      ],
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
      '/plantCenter/plantPerformance',
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
  const langsOf = (names: Readonly<Record<string, MessageKey>>, key: string) =>
    LANGUAGES.map((lang) => [lang, names[key] ? translate(names[key], lang) : undefined] as const);
  const named = (name: string | undefined, where: string) => {
    expect(name, where).toBeTypeOf('string');
    expect(name?.trim(), where).not.toBe('');
    // translate answers a key it does not know with the key itself
    expect(name, where).not.toMatch(/^permission\./);
  };

  test.each(ALL_PERMISSION_CODES.map((code) => [code]))('PERMISSION_NAMES has %s', (code) => {
    for (const [lang, name] of langsOf(PERMISSION_NAMES, code)) {
      named(name, `${code} in ${lang}`);
      expect(permissionName(code)).toBe(PERMISSION_NAMES[code]);
    }
  });

  const pagePaths = MODULES.flatMap((m) => m.pages.map((p) => p.path));
  test.each(pagePaths.map((path) => [path]))('PAGE_NAMES has %s', (path) => {
    for (const [lang, name] of langsOf(PAGE_NAMES, path)) named(name, `${path} in ${lang}`);
  });

  test.each(MENU_GROUPS.map((group) => [group]))('MENU_GROUP_NAMES has %s', (group) => {
    for (const [lang, name] of langsOf(MENU_GROUP_NAMES, group)) named(name, `${group} in ${lang}`);
  });

  test.each(VIEWS.map((view) => [view]))('VIEW_NAMES has %s', (view) => {
    for (const [lang, name] of langsOf(VIEW_NAMES, view)) named(name, `${view} in ${lang}`);
  });

  test('no stale names for codes, pages, groups or views that do not exist', () => {
    expect(Object.keys(PERMISSION_NAMES).sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    expect(Object.keys(PAGE_NAMES).sort()).toEqual([...pagePaths].sort());
    expect(Object.keys(MENU_GROUP_NAMES).sort()).toEqual([...MENU_GROUPS].sort());
    expect(Object.keys(VIEW_NAMES).sort()).toEqual([...VIEWS].sort());
  });

  test('the menu names are the modules and pages; the function permissions have their own table', () => {
    expect(Object.keys(MODULE_NAMES).every((code) => !code.includes(':'))).toBe(true);
    expect(Object.keys(FUNCTION_NAMES).every((code) => code.includes(':'))).toBe(true);
    for (const code of Object.keys(MODULE_NAMES)) expect(moduleName(code)).toBe(permissionName(code));
    expect(moduleName('A:plant.add')).toBeUndefined();
  });

  test.each([
    ['A', 'zh', '电站中心'],
    ['A', 'cs', 'Centrum elektráren'],
    ['A/D:tariff.edit', 'en', 'Edit tariffs'],
    ['Z/Z', 'de', null],
  ] as const)('%s reads in %s as %s', (code, lang, text) => {
    const key = permissionName(code);
    expect(key ? translate(key, lang) : null).toBe(text);
  });

  test('an unnamed code has no key (the page shows the code)', () => {
    expect(permissionName('Z/Z')).toBeUndefined();
  });
});
