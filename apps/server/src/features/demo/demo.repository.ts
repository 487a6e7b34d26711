import type { Queryable } from '../../db/db.js';

/** Whether a device with this serial number exists (the demo fleet was seeded before). */
export async function deviceExists(db: Queryable, sn: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM devices WHERE sn = $1`, [sn]);
  return rows.length > 0;
}

/** A user's id and place in the tree (path and customer code), which users created below them inherit. */
export async function userPlace(
  db: Queryable,
  username: string,
): Promise<{ id: number; path: string; code: string } | undefined> {
  const { rows } = await db.query<{ id: number; path: string; code: string }>(
    `SELECT id, path, code FROM users WHERE username = $1`,
    [username],
  );
  return rows[0];
}

/** The built-in roles' ids by key (admin, dealer, installer, personal). */
export async function builtinRoleIds(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; builtin_key: string }>(
    `SELECT id, builtin_key FROM roles WHERE builtin_key IS NOT NULL`,
  );
  return new Map(rows.map((r) => [r.builtin_key, r.id]));
}
