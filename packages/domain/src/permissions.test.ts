import { describe, expect, test } from 'vitest';
import {
  ALL_PERMISSION_CODES,
  MENU_GROUPS,
  MODULES,
  MODULE_CODES,
  buildPermissionTree,
  grantBeyond,
  grantFromTree,
  normaliseGrant,
  parentCode,
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

describe('permission table (R6.1)', () => {
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

  test('page codes are exactly the R6.1 sub-codes', () => {
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
    [
      'mixed',
      ['C', 'C/C', 'C/C:rule.add', 'C/A:alarm.export', 'C/A:alarm.ack', 'X:y', 'D/A'],
      ['C', 'C/C', 'C/C:rule.add'],
    ],
    ['alarm search functions', ['C/A:alarm.ack', 'C', 'C/A'], ['C', 'C/A', 'C/A:alarm.ack']],
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
    // E:notice.publish (upgrade notices) is a System Management function beside the role functions.
    expect(findNode(full, 'E').auths.map((a) => a.code)).toEqual([
      'E:role.add',
      'E:role.edit',
      'E:role.delete',
      'E:notice.publish',
    ]);
    // two pages share B/E: their auths are merged under one node
    expect(findNode(full, 'B/E').auths.map((a) => a.code)).toEqual([
      'B/E:command.issue',
      'B/E:command.batch',
      'B/E:firmware.upgrade',
      'B/E:firmware.manage',
      'B/E:debug.raw',
    ]);
    expect(findNode(full, 'D/E').auths.map((a) => a.code)).toEqual(['D/E:template.edit']);
    expect(findNode(full, 'C/A').auths.map((a) => a.code)).toEqual(['C/A:alarm.export', 'C/A:alarm.ack']);
    expect(findNode(full, 'C/B').auths).toEqual([]);
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
