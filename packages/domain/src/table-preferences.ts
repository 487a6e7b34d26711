import { DEVICE_LIVE_KEYS } from './device-live-keys.js';

/**
 * The lists whose columns a user may choose, each with its columns in display order, its frozen key columns (the
 * first and last columns that stay in view while the list scrolls sideways; they identify the row or act on it, so
 * they cannot be hidden) and the columns it hides until the user shows them (`defaultHidden`: the main lists show
 * what an installer needs first, within a 1440-pixel window, and offer the rest in the column chooser). A column id
 * is the list's own column key (components/data-table.tsx `key` or `dataIndex`).
 */
export const TABLE_COLUMNS = {
  deviceList: {
    columns: [
      'sn',
      'model',
      'plantName',
      'runningStatus',
      'activeAlarms',
      'activated',
      'importedAt',
      ...DEVICE_LIVE_KEYS,
      'updated',
    ],
    frozen: ['sn'],
    defaultHidden: ['model', 'activated', 'importedAt', 'loadPowerW', 'gridPowerW', 'batPowerW', 'batSocPct'],
  },
  plantList: {
    columns: [
      'name',
      'type',
      'powerKw',
      'capacityKwh',
      'pvPowerW',
      'pvEnergyTodayKwh',
      'specificYieldKwhPerKwp',
      'performanceRatio30d',
      'status',
      'activeAlarms',
      'deviceCount',
      'address',
      'ownerName',
      'constructionDate',
      'refreshedAt',
      'actions',
    ],
    frozen: ['name', 'actions'],
    // The device count gave its place to the 30-day PR (issue 42): both do not fit a 1440-pixel window in German.
    defaultHidden: [
      'type',
      'powerKw',
      'capacityKwh',
      'specificYieldKwhPerKwp',
      'deviceCount',
      'address',
      'ownerName',
      'constructionDate',
      'refreshedAt',
    ],
  },
  alarmSearch: {
    columns: [
      'sn',
      'severity',
      'name',
      'plantName',
      'raisedAt',
      'lastSeenAt',
      'recoveredAt',
      'duration',
      'state',
      'ack',
    ],
    frozen: ['sn'],
    defaultHidden: ['lastSeenAt', 'recoveredAt', 'duration'],
  },
  roleList: {
    columns: ['name', 'description', 'creatorName', 'createdAt', 'updatedAt', 'userCount', 'actions'],
    frozen: ['name', 'actions'],
    defaultHidden: [],
  },
  userList: {
    columns: [
      'username',
      'name',
      'roleName',
      'level',
      'superiorName',
      'phone',
      'email',
      'company',
      'enabled',
      'createdAt',
      'actions',
    ],
    frozen: ['username', 'actions'],
    defaultHidden: [],
  },
  operationRecords: {
    columns: ['createdAt', 'username', 'ip', 'action', 'category', 'object', 'params', 'ok', 'details'],
    frozen: ['createdAt'],
    defaultHidden: [],
  },
  controlRecords: {
    columns: ['kind', 'parameters', 'username', 'ip', 'deviceSn', 'category', 'status', 'createdAt', 'finishedAt'],
    frozen: ['kind'],
    defaultHidden: [],
  },
} as const satisfies Record<
  string,
  { columns: readonly string[]; frozen: readonly string[]; defaultHidden: readonly string[] }
>;

export type TableId = keyof typeof TABLE_COLUMNS;
export const TABLE_IDS = Object.keys(TABLE_COLUMNS) as TableId[];
/** A column id of one list, e.g. TableColumn<'plantList'> = 'name' | 'type' | … */
export type TableColumn<T extends TableId> = (typeof TABLE_COLUMNS)[T]['columns'][number];

/** Whether a column of the list is a frozen key column (always shown). */
export function isFrozenColumn(table: TableId, column: string): boolean {
  return (TABLE_COLUMNS[table].frozen as readonly string[]).includes(column);
}

/** The columns of a list a user may hide (every column but the frozen ones), in display order. */
export function hideableColumns(table: TableId): string[] {
  return TABLE_COLUMNS[table].columns.filter((c) => !isFrozenColumn(table, c));
}

/** The columns a list hides until the user shows them, in display order. */
export function defaultHiddenColumns(table: TableId): string[] {
  return [...TABLE_COLUMNS[table].defaultHidden];
}

/**
 * Whether these hidden columns are the list's default (the same set, in any order): such a choice is stored as none,
 * so that a later change of the default reaches the user.
 */
export function isDefaultChoice(table: TableId, hidden: readonly string[]): boolean {
  const defaults = defaultHiddenColumns(table);
  const chosen = knownHiddenColumns(table, hidden);
  return chosen.length === defaults.length && defaults.every((c) => chosen.includes(c));
}

/**
 * The stored hidden columns of a list that still exist and may be hidden, in display order: a column renamed, removed
 * or frozen since the choice was made is dropped rather than breaking the list.
 */
export function knownHiddenColumns(table: TableId, stored: readonly string[]): string[] {
  return hideableColumns(table).filter((c) => stored.includes(c));
}
