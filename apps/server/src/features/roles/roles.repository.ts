import type { Role } from '@voltfleet/domain/users';
import type { Queryable } from '../../db/db.js';

export interface RoleRow {
  id: number;
  name: string;
  description: string;
  builtin_key: string | null;
  creator_id: number | null;
  creator_name: string | null;
  creator_path: string | null;
  permissions: string[];
  views: string[];
  created_at: Date;
  updated_at: Date;
  user_count: number;
}

const SELECT_ROLE = `
  SELECT r.id, r.name, r.description, r.builtin_key, r.creator_id, c.name AS creator_name, c.path AS creator_path,
         r.permissions, r.views, r.created_at, r.updated_at,
         (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS user_count
    FROM roles r LEFT JOIN users c ON c.id = r.creator_id`;

/** Roles a caller may see: built-in ones, those created inside their subtree, and their own role. */
const VISIBLE = `(r.builtin_key IS NOT NULL OR c.path LIKE $1 OR r.id = $2)`;

export function toRole(row: RoleRow, editable: boolean): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    builtIn: row.builtin_key !== null,
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    permissions: row.permissions,
    views: row.views,
    userCount: row.user_count,
    editable,
  };
}

export async function listVisibleRoles(db: Queryable, scopePattern: string, ownRoleId: number): Promise<RoleRow[]> {
  return (
    await db.query<RoleRow>(`${SELECT_ROLE} WHERE ${VISIBLE} ORDER BY r.builtin_key IS NULL, r.id`, [
      scopePattern,
      ownRoleId,
    ])
  ).rows;
}

export async function findVisibleRole(
  db: Queryable,
  id: number,
  scopePattern: string,
  ownRoleId: number,
): Promise<RoleRow | undefined> {
  return (await db.query<RoleRow>(`${SELECT_ROLE} WHERE r.id = $3 AND ${VISIBLE}`, [scopePattern, ownRoleId, id]))
    .rows[0];
}

export async function insertRole(
  db: Queryable,
  r: {
    name: string;
    description: string;
    creatorId: number | null;
    permissions: string[];
    views: string[];
    builtinKey?: string;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO roles (name, description, creator_id, permissions, views, builtin_key) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [r.name, r.description, r.creatorId, r.permissions, r.views, r.builtinKey ?? null],
  );
  return rows[0]!.id;
}

/** Creates a built-in role, or brings an existing one's permissions up to date (its words stay as they are). */
export async function upsertBuiltinRole(
  db: Queryable,
  r: { key: string; name: string; description: string; permissions: string[]; views: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO roles (name, description, builtin_key, permissions, views) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (builtin_key) DO UPDATE SET permissions = EXCLUDED.permissions`,
    [r.name, r.description, r.key, r.permissions, r.views],
  );
}

/** The id of the built-in role with this key, or undefined before the roles are seeded. */
export async function findBuiltinRoleId(db: Queryable, key: string): Promise<number | undefined> {
  return (await db.query<{ id: number }>(`SELECT id FROM roles WHERE builtin_key = $1`, [key])).rows[0]?.id;
}

export async function updateRole(
  db: Queryable,
  id: number,
  r: { name: string; description: string; permissions: string[]; views: string[] },
) {
  await db.query(
    `UPDATE roles SET name = $2, description = $3, permissions = $4, views = $5, updated_at = now() WHERE id = $1`,
    [id, r.name, r.description, r.permissions, r.views],
  );
}

export async function deleteRole(db: Queryable, id: number): Promise<boolean> {
  // The NOT EXISTS makes "refused while users hold the role" hold even against a concurrent assignment.
  const { rows } = await db.query(
    `DELETE FROM roles WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE role_id = $1) RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

export async function roleNameTaken(db: Queryable, name: string, exceptId = 0): Promise<boolean> {
  return (
    (await db.query(`SELECT 1 FROM roles WHERE lower(name) = lower($1) AND id <> $2`, [name, exceptId])).rows.length > 0
  );
}

/** Roles a deleted user created are the deleting user's from now on (their holders keep them, the list shows them). */
export async function handOverRoles(db: Queryable, fromId: number, toId: number): Promise<void> {
  await db.query(`UPDATE roles SET creator_id = $2 WHERE creator_id = $1`, [fromId, toId]);
}
