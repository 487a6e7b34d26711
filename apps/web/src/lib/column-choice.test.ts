import { describe, expect, it, test } from 'vitest';
import { defaultHiddenColumns, type TablePreferences } from '@voltfleet/domain/users';
import type { Column } from '@/lib/table-columns';
import { columnOptions, hiddenColumnsOf, toggleColumn, visibleColumns, withChoice } from './column-choice';

interface Row {
  name: string;
  address: string;
  ownerName: string;
}

const columns: Column<Row>[] = [
  { title: 'Plant name', dataIndex: 'name', fixed: 'left' },
  { title: 'Detailed address', dataIndex: 'address' },
  { title: 'x', label: 'Owner', dataIndex: 'ownerName' },
  { title: 'Actions', key: 'actions', fixed: 'right', render: () => null },
  // A column the catalogue does not know: always shown, never offered.
  { title: 'Debug', key: 'debug', render: () => null },
];
const keys = (list: Column<Row>[]) => list.map((c) => c.key ?? c.dataIndex);

describe('hiddenColumnsOf', () => {
  const stored: TablePreferences = [
    { table: 'plantList', hidden: ['ownerName', 'name', 'gone', 'address'] },
    { table: 'userList', hidden: ['email'] },
  ];
  it('reads the list’s own choice in column order, without frozen or unknown columns', () => {
    expect(hiddenColumnsOf('plantList', stored)).toEqual(['address', 'ownerName']);
    expect(hiddenColumnsOf('userList', stored)).toEqual(['email']);
  });
  it('is the list’s default without a choice or while it loads', () => {
    expect(hiddenColumnsOf('roleList', stored)).toEqual([]);
    expect(hiddenColumnsOf('deviceList', stored)).toEqual(defaultHiddenColumns('deviceList'));
    expect(hiddenColumnsOf('plantList', undefined)).toEqual(defaultHiddenColumns('plantList'));
    expect(defaultHiddenColumns('plantList')).toContain('address');
  });
  it('keeps a stored choice whole: a user who showed every column sees them all', () => {
    expect(hiddenColumnsOf('plantList', [{ table: 'plantList', hidden: [] }])).toEqual([]);
  });
});

describe('visibleColumns', () => {
  it('drops the hidden columns and keeps the rest in order', () => {
    expect(keys(visibleColumns(columns, ['address']))).toEqual(['name', 'ownerName', 'actions', 'debug']);
    expect(keys(visibleColumns(columns, []))).toEqual(['name', 'address', 'ownerName', 'actions', 'debug']);
  });
});

describe('columnOptions', () => {
  it('offers the catalogued columns by label or title, frozen ones marked', () => {
    expect(columnOptions('plantList', columns, ['ownerName'])).toEqual([
      { id: 'name', label: 'Plant name', frozen: true, shown: true },
      { id: 'address', label: 'Detailed address', frozen: false, shown: true },
      { id: 'ownerName', label: 'Owner', frozen: false, shown: false },
      { id: 'actions', label: 'Actions', frozen: true, shown: true },
    ]);
  });
});

describe('toggleColumn', () => {
  test.each<[string, string[], string, boolean, string[]]>([
    ['hides a column, kept in column order', ['ownerName'], 'address', false, ['address', 'ownerName']],
    ['shows it again', ['address', 'ownerName'], 'address', true, ['ownerName']],
    ['hiding twice changes nothing', ['address'], 'address', false, ['address']],
    ['a frozen column cannot be hidden', [], 'name', false, []],
    ['nor the frozen actions', ['address'], 'actions', false, ['address']],
    ['an unknown column changes nothing', [], 'password', false, []],
  ])('%s', (_, hidden, id, shown, expected) => {
    expect(toggleColumn('plantList', hidden, id, shown)).toEqual(expected);
  });
});

describe('withChoice', () => {
  const before: TablePreferences = [
    { table: 'plantList', hidden: ['address'] },
    { table: 'userList', hidden: ['email'] },
  ];
  it('replaces the list’s choice and keeps the others', () => {
    expect(withChoice(before, 'plantList', ['type'])).toEqual([
      { table: 'userList', hidden: ['email'] },
      { table: 'plantList', hidden: ['type'] },
    ]);
  });
  it('drops the list on reset (its default hidden columns)', () => {
    expect(withChoice(before, 'plantList', defaultHiddenColumns('plantList'))).toEqual([
      { table: 'userList', hidden: ['email'] },
    ]);
    expect(withChoice(undefined, 'roleList', [])).toEqual([]);
  });
  it('keeps "every column shown" of a list that hides some by default', () => {
    expect(withChoice(before, 'plantList', [])).toEqual([
      { table: 'userList', hidden: ['email'] },
      { table: 'plantList', hidden: [] },
    ]);
  });
});
