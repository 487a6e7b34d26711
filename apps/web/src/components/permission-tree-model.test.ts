import { describe, expect, it } from 'vitest';
import { buildPermissionTree } from '@voltfleet/domain/permissions';
import { grantableCodes, toTreeItems, toggleCode } from './permission-tree-model';

const held = ['D', 'D/A', 'D/A:user.add', 'D/A:user.edit', 'D/A:user.delete', 'D/D', 'E', 'E:role.add', 'E:role.edit'];
// The whole table, with show/selected flags saying what is held.
const items = toTreeItems(buildPermissionTree(held, (code) => `name of ${code}`));

describe('toTreeItems', () => {
  it('nests pages and functions under modules, with names', () => {
    expect(items.map((i) => [i.key, i.children.map((c) => c.key)])).toEqual([
      ['D', ['D/A', 'D/D']],
      ['E', ['E:role.add', 'E:role.edit']],
    ]);
    expect(items[0]?.children[0]?.children.map((c) => c.key)).toEqual([
      'D/A:user.add',
      'D/A:user.edit',
      'D/A:user.delete',
    ]);
    expect(items[0]?.title).toBe('name of D');
  });
});

describe('toggleCode', () => {
  it('checking a function also checks its page and module', () => {
    expect(toggleCode(items, [], 'D/A:user.edit', true)).toEqual(['D', 'D/A', 'D/A:user.edit']);
  });

  it('checking a module checks everything below it', () => {
    expect(toggleCode(items, [], 'E', true)).toEqual(['E', 'E:role.add', 'E:role.edit']);
  });

  it('unchecking a page removes its functions but keeps the module', () => {
    const all = toggleCode(items, [], 'D', true);
    expect(toggleCode(items, all, 'D/A', false)).toEqual(['D', 'D/D']);
  });

  it('leaves a page without functions possible (read-only)', () => {
    let codes = toggleCode(items, [], 'D/A', true);
    for (const fn of ['D/A:user.add', 'D/A:user.edit', 'D/A:user.delete']) codes = toggleCode(items, codes, fn, false);
    expect(codes).toEqual(['D', 'D/A']);
  });

  it('ignores codes the tree does not offer', () => {
    expect(toggleCode(items, ['D'], 'A', true)).toEqual(['D']);
    expect(grantableCodes(items, ['A', 'D', 'E:role.delete', 'E'])).toEqual(['D', 'E']);
  });
});
