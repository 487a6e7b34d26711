import { describe, expect, it, test } from 'vitest';
import {
  TABLE_COLUMNS,
  TABLE_IDS,
  defaultHiddenColumns,
  hideableColumns,
  isDefaultChoice,
  isFrozenColumn,
  knownHiddenColumns,
  type TableId,
} from './table-preferences.js';
import { tableChoiceSchema } from './table-preferences-schemas.js';

const issue = (input: unknown) => {
  const result = tableChoiceSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the table catalogue', () => {
  it.each(TABLE_IDS)('%s: columns are unique and its frozen columns are among them', (table) => {
    const { columns, frozen } = TABLE_COLUMNS[table];
    expect(new Set(columns).size).toBe(columns.length);
    for (const column of frozen) expect(columns).toContain(column);
    expect(frozen.length).toBeGreaterThan(0);
  });

  it.each(TABLE_IDS)('%s: the columns it hides by default are hideable ones', (table) => {
    const hideable = hideableColumns(table);
    for (const column of defaultHiddenColumns(table)) expect(hideable).toContain(column);
  });

  it.each(TABLE_IDS)('%s: the schema knows it (every list can be chosen for)', (table) => {
    expect(tableChoiceSchema.safeParse({ table, hidden: [] }).success).toBe(true);
  });

  it('frozen columns are not hideable, every other column is', () => {
    expect(isFrozenColumn('plantList', 'name')).toBe(true);
    expect(isFrozenColumn('plantList', 'address')).toBe(false);
    expect(hideableColumns('plantList')).not.toContain('name');
    expect(hideableColumns('plantList')).not.toContain('actions');
    expect(hideableColumns('plantList')).toContain('specificYieldKwhPerKwp');
    expect(hideableColumns('deviceList')).toContain('pvPowerW');
  });
});

describe('tableChoiceSchema', () => {
  it('accepts hideable columns of the named list', () => {
    expect(tableChoiceSchema.parse({ table: 'plantList', hidden: ['address', 'ownerName'] })).toEqual({
      table: 'plantList',
      hidden: ['address', 'ownerName'],
    });
    expect(issue({ table: 'controlRecords', hidden: ['parameters'] })).toBeNull();
  });

  test.each<[string, unknown, string]>([
    ['an unknown list', { table: 'secretList', hidden: [] }, 'validation.invalidValue'],
    ['no list', { hidden: [] }, 'validation.invalidValue'],
    ['a list name that is not text', { table: 7, hidden: [] }, 'validation.invalidValue'],
    ['a column of another list', { table: 'roleList', hidden: ['ip'] }, 'validation.invalidValue'],
    ['an unknown column', { table: 'plantList', hidden: ['password_hash'] }, 'validation.invalidValue'],
    ['SQL in a column', { table: 'plantList', hidden: ["address'); DROP TABLE users;--"] }, 'validation.invalidValue'],
    ['markup in a column', { table: 'userList', hidden: ['<img src=x onerror=alert(1)>'] }, 'validation.invalidValue'],
    ['a frozen column', { table: 'plantList', hidden: ['name'] }, 'validation.invalidValue'],
    ['the frozen actions column', { table: 'userList', hidden: ['actions'] }, 'validation.invalidValue'],
    ['a repeated column', { table: 'plantList', hidden: ['address', 'address'] }, 'validation.invalidValue'],
    ['a column that is not text', { table: 'plantList', hidden: [{ $ne: null }] }, 'validation.invalidValue'],
    ['hidden not a list', { table: 'plantList', hidden: 'address' }, 'validation.invalidValue'],
    ['hidden missing', { table: 'plantList' }, 'validation.invalidValue'],
    ['an extra field', { table: 'plantList', hidden: [], userId: 1 }, 'Unrecognized key: "userId"'],
  ])('refuses %s', (_, input, message) => {
    expect(issue(input)).toBe(message);
  });

  it('refuses more entries than the list has columns', () => {
    const many = Array.from({ length: 40 }, () => 'address');
    expect(issue({ table: 'plantList', hidden: many })).toBe('validation.exceedsLimit');
  });
});

describe('knownHiddenColumns', () => {
  test.each<[TableId, string[], string[]]>([
    ['plantList', ['ownerName', 'address'], ['address', 'ownerName']],
    ['plantList', ['gone', 'address'], ['address']],
    ['plantList', ['name', 'type'], ['type']],
    ['roleList', [], []],
  ])('%s %j → %j', (table, stored, expected) => {
    expect(knownHiddenColumns(table, stored)).toEqual(expected);
  });
});

describe('isDefaultChoice', () => {
  test.each<[TableId, string[], boolean]>([
    ['plantList', defaultHiddenColumns('plantList'), true],
    ['plantList', [...defaultHiddenColumns('plantList')].reverse(), true],
    // Showing every column is a choice of its own where the list hides some by default.
    ['plantList', [], false],
    ['plantList', defaultHiddenColumns('plantList').slice(1), false],
    ['plantList', [...defaultHiddenColumns('plantList'), 'activeAlarms'], false],
    // A column that no longer exists changes nothing.
    ['plantList', [...defaultHiddenColumns('plantList'), 'gone'], true],
    ['alarmSearch', ['lastSeenAt', 'recoveredAt', 'duration'], true],
    ['roleList', [], true],
    ['roleList', ['description'], false],
  ])('%s %j → %s', (table, hidden, expected) => {
    expect(isDefaultChoice(table, hidden)).toBe(expected);
  });
});
