import { defaultHiddenColumns, isDefaultChoice, type TableId } from '@voltfleet/domain/users';
import { columnOptions, hiddenColumnsOf, toggleColumn, visibleColumns } from '@/lib/column-choice';
import { useSaveTableChoice, useTablePreferences } from '@/lib/table-preferences';
import { ColumnChooser } from './column-chooser';
import type { Column } from '@/lib/table-columns';

/**
 * A list's columns as the signed-in user chose them, and the chooser that changes the choice (stored on the server,
 * so it follows the user to another browser). `ready` is false until the choice is known, so a list does not show
 * every column first and then drop some.
 */
export function useColumnChoice<T>(table: TableId, columns: readonly Column<T>[]) {
  const preferences = useTablePreferences();
  const save = useSaveTableChoice();
  const hidden = hiddenColumnsOf(table, preferences.data);
  const toolbar = (
    <ColumnChooser
      testId={`columns-${table}`}
      options={columnOptions(table, columns, hidden)}
      isDefault={isDefaultChoice(table, hidden)}
      onToggle={(id, shown) => save.mutate({ table, hidden: toggleColumn(table, hidden, id, shown) })}
      onReset={() => save.mutate({ table, hidden: defaultHiddenColumns(table) })}
    />
  );
  return { columns: visibleColumns(columns, hidden), toolbar, ready: !preferences.isPending };
}
