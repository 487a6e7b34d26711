import {
  TABLE_IDS,
  isDefaultChoice,
  knownHiddenColumns,
  type TableChoice,
  type TableId,
  type TablePreferences,
} from '@voltfleet/domain/users';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { deleteTablePreference, saveTablePreference, tablePreferencesOf } from './preferences.repository.js';

const isTableId = (id: string): id is TableId => (TABLE_IDS as readonly string[]).includes(id);

/**
 * The caller's own list choices, each the whole set of hidden columns reduced to the columns its list still has (a
 * list or column that was removed since is dropped), lists at their default left out. A choice stored before a list
 * hid columns by default stays as it was: its user keeps seeing the columns they kept. Only ever the caller's: there is
 * no way to name another user.
 */
export async function tablePreferences(db: Queryable, caller: Caller): Promise<TablePreferences> {
  return (await tablePreferencesOf(db, caller.id))
    .filter((row) => isTableId(row.table_id))
    .map((row) => ({
      table: row.table_id as TableId,
      hidden: knownHiddenColumns(row.table_id as TableId, row.hidden_columns),
    }))
    .filter((choice) => !isDefaultChoice(choice.table, choice.hidden));
}

/**
 * Stores the caller's choice for one list (validated by the domain schema). The list's default is stored as no row:
 * "reset to default" then also follows later changes of the default. Nothing hidden is a row of its own where the
 * list hides columns by default (the user chose to see them all).
 */
export async function chooseTableColumns(
  db: Queryable,
  caller: Caller,
  choice: TableChoice,
): Promise<TablePreferences> {
  const hidden = knownHiddenColumns(choice.table, choice.hidden);
  if (isDefaultChoice(choice.table, hidden)) await deleteTablePreference(db, caller.id, choice.table);
  else await saveTablePreference(db, caller.id, choice.table, hidden);
  return tablePreferences(db, caller);
}
