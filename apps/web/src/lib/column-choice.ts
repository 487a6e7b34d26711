import {
  TABLE_COLUMNS,
  defaultHiddenColumns,
  isDefaultChoice,
  isFrozenColumn,
  knownHiddenColumns,
  type TableId,
  type TablePreferences,
} from '@voltfleet/domain/users';
import { columnKey, type Column } from '@/lib/table-columns';

/** A column as the chooser offers it. */
export interface ColumnOption {
  id: string;
  label: string;
  /** A frozen key column: always shown, its box ticked and disabled. */
  frozen: boolean;
  shown: boolean;
}

const isKnown = (table: TableId, id: string) => (TABLE_COLUMNS[table].columns as readonly string[]).includes(id);

/**
 * The columns hidden in a list: the user's stored choice (the whole set they hid), else the list's default (also while
 * their choices are unknown).
 */
export function hiddenColumnsOf(table: TableId, preferences: TablePreferences | undefined): string[] {
  const stored = preferences?.find((p) => p.table === table);
  return stored ? knownHiddenColumns(table, stored.hidden) : defaultHiddenColumns(table);
}

/** The columns to render: every column but the hidden ones (a frozen or uncatalogued column is always kept). */
export function visibleColumns<T>(columns: readonly Column<T>[], hidden: readonly string[]): Column<T>[] {
  return columns.filter((column) => !hidden.includes(columnKey(column)));
}

/** The chooser's list: the list's catalogued columns as the table renders them, named by label or plain title. */
export function columnOptions<T>(
  table: TableId,
  columns: readonly Column<T>[],
  hidden: readonly string[],
): ColumnOption[] {
  return columns
    .map((column) => ({ column, id: columnKey(column) }))
    .filter(({ id }) => isKnown(table, id))
    .map(({ column, id }) => ({
      id,
      label: column.label ?? (typeof column.title === 'string' ? column.title : id),
      frozen: isFrozenColumn(table, id),
      shown: !hidden.includes(id),
    }));
}

/** The hidden columns after showing or hiding one; a frozen or unknown column changes nothing. */
export function toggleColumn(table: TableId, hidden: readonly string[], id: string, shown: boolean): string[] {
  if (!isKnown(table, id) || isFrozenColumn(table, id)) return [...hidden];
  const next = shown ? hidden.filter((c) => c !== id) : [...hidden, id];
  return knownHiddenColumns(table, next);
}

/** The preferences after storing one list's choice (optimistically, before the server answers). */
export function withChoice(
  preferences: TablePreferences | undefined,
  table: TableId,
  hidden: string[],
): TablePreferences {
  const others = (preferences ?? []).filter((p) => p.table !== table);
  return isDefaultChoice(table, hidden) ? others : [...others, { table, hidden }];
}
