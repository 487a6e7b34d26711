import type { Queryable } from '../../db/db.js';

export interface TablePreferenceRow {
  table_id: string;
  hidden_columns: string[];
}

/** The user's stored list choices. */
export async function tablePreferencesOf(db: Queryable, userId: number): Promise<TablePreferenceRow[]> {
  const { rows } = await db.query<TablePreferenceRow>(
    `SELECT table_id, hidden_columns FROM user_table_preferences WHERE user_id = $1 ORDER BY table_id`,
    [userId],
  );
  return rows;
}

/** Stores the user's hidden columns of one list, replacing an earlier choice. */
export async function saveTablePreference(
  db: Queryable,
  userId: number,
  tableId: string,
  hidden: readonly string[],
): Promise<void> {
  await db.query(
    `INSERT INTO user_table_preferences (user_id, table_id, hidden_columns) VALUES ($1, $2, $3::text[])
     ON CONFLICT (user_id, table_id) DO UPDATE SET hidden_columns = EXCLUDED.hidden_columns, updated_at = now()`,
    [userId, tableId, [...hidden]],
  );
}

/** Forgets the user's choice for one list, so it follows the list's default again. */
export async function deleteTablePreference(db: Queryable, userId: number, tableId: string): Promise<void> {
  await db.query(`DELETE FROM user_table_preferences WHERE user_id = $1 AND table_id = $2`, [userId, tableId]);
}
