import { builtinRoleText } from '@voltfleet/domain/permissions';
import { splitPhone } from '@voltfleet/domain/validation';
import { type Lang, translator } from '@voltfleet/domain/i18n';
import { type User, type UserApproval } from '@voltfleet/domain/users';
import type { Queryable } from '../../db/db.js';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  name: string;
  code: string;
  email: string;
  phone: string;
  company: string;
  remark: string;
  avatar: string | null;
  level: number;
  enabled: boolean;
  approval: UserApproval;
  role_id: number;
  role_name: string;
  /** The built-in role's key (its name is shown in the reader's language), or null for a custom role. */
  role_key: string | null;
  superior_id: number | null;
  superior_name: string | null;
  path: string;
  parent_customer_code: string | null;
  created_at: Date;
  language: Lang;
  /** Whether `language` is the account's own choice (it then applies at every login) or its latest UI's. */
  language_chosen: boolean;
}

const SELECT_USER = `
  SELECT u.id, u.username, u.password_hash, u.name, u.code, u.email, u.phone, u.company, u.remark, u.avatar,
         u.level, u.enabled, u.approval, u.role_id, r.name AS role_name, r.builtin_key AS role_key, u.superior_id, s.name AS superior_name, u.path,
         u.parent_customer_code, u.created_at, u.language, u.language_chosen
    FROM users u JOIN roles r ON r.id = u.role_id LEFT JOIN users s ON s.id = u.superior_id`;

/** The API shape of a user row (phone split into calling code and number; no hash). */
export function toUser(row: UserRow, lang: Lang = 'en'): User {
  const { prePhoneCode, phone } = splitPhone(row.phone);
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    code: row.code,
    email: row.email,
    prePhoneCode,
    phone,
    company: row.company,
    remark: row.remark,
    avatar: row.avatar,
    level: row.level,
    enabled: row.enabled,
    approval: row.approval,
    roleId: row.role_id,
    roleName: builtinRoleText(row.role_key, translator(lang))?.name ?? row.role_name,
    superiorId: row.superior_id,
    superiorName: row.superior_name,
    parentCustomerCode: row.parent_customer_code,
    createdAt: row.created_at.toISOString(),
    language: row.language,
    languageChosen: row.language_chosen,
  };
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1`, [id])).rows[0];
}

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${SELECT_USER} WHERE lower(u.username) = lower($1)`, [username])).rows[0];
}

/** The user with a client code (users.code), case as typed ignored; undefined when none has it. */
export async function findUserByCode(db: Queryable, code: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${SELECT_USER} WHERE upper(u.code) = upper($1)`, [code])).rows[0];
}

/**
 * The accounts whose contact a code proved to be this address (an e-mail address in any case, a "prefix-number"
 * phone), oldest first: only they make an address "already registered" (migration 0043), unless their registration was
 * refused (migration 0044).
 */
export async function findVerifiedOwners(db: Queryable, address: string): Promise<UserRow[]> {
  if (!address) return [];
  return (
    await db.query<UserRow>(
      `${SELECT_USER}
        WHERE ((u.verified_email <> '' AND u.verified_email = lower($1) AND lower(u.email) = lower($1))
           OR (u.verified_phone <> '' AND u.verified_phone = $1 AND u.phone = $1))
          -- A refused registration holds nothing: its address may register again.
          AND u.approval <> 'refused'
        ORDER BY u.id LIMIT 20`,
      [address],
    )
  ).rows;
}

/**
 * Who decides on a self-registered account below `superiorPath`: the superior itself when it may edit users, else the
 * nearest account above it that may (an administrator at the latest), enabled and approved; undefined when none.
 */
export async function findApprover(
  db: Queryable,
  superiorPath: string,
  permission: string,
): Promise<UserRow | undefined> {
  return (
    await db.query<UserRow>(
      `${SELECT_USER}
        WHERE $1 LIKE u.path || '%' AND u.enabled AND u.approval = 'approved' AND $2 = ANY (r.permissions)
        ORDER BY length(u.path) DESC LIMIT 1`,
      [superiorPath, permission],
    )
  ).rows[0];
}

/** Records that a code proved the user's contact `address` (when it is still one of the user's contacts). */
export async function markContactVerified(db: Queryable, id: number, address: string): Promise<void> {
  await db.query(
    `UPDATE users SET verified_email = CASE WHEN lower(email) = lower($2) THEN lower($2) ELSE verified_email END,
                      verified_phone = CASE WHEN phone = $2 THEN $2 ELSE verified_phone END
      WHERE id = $1 AND (lower(email) = lower($2) OR phone = $2)`,
    [id, address],
  );
}

/**
 * The users an e-mail address (any case) or a stored "prefix-number" phone belongs to, verified or not, the accounts
 * whose contact a code proved first, then oldest first: the addresses a reset code may go to.
 */
export async function findUsersByAddress(db: Queryable, address: string): Promise<UserRow[]> {
  if (!address) return [];
  return (
    await db.query<UserRow>(
      `${SELECT_USER} WHERE lower(u.email) = lower($1) OR u.phone = $1
        ORDER BY (u.verified_email = lower($1) OR u.verified_phone = $1) DESC, u.id LIMIT 20`,
      [address],
    )
  ).rows;
}

/** A user in the caller's subtree (the caller included), or undefined: outside scope looks like missing. */
export async function findUserInScope(db: Queryable, id: number, scopePattern: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1 AND u.path LIKE $2`, [id, scopePattern])).rows[0];
}

export interface UserListFilter {
  callerPath: string;
  keyword?: string | undefined;
  enabled?: boolean | undefined;
  approval?: UserApproval | undefined;
  roleId?: number | undefined;
  level?: number | undefined;
  superiorId?: number | undefined;
}

/** The WHERE clause of the user list and its export: strictly below the caller, then the filters (AND). */
function listFilter(q: UserListFilter): { filter: string; params: (string | number | boolean)[] } {
  const where = [`u.path LIKE $1`, `u.path <> $2`];
  const params: (string | number | boolean)[] = [`${q.callerPath}%`, q.callerPath];
  const add = (value: string | number | boolean, clause: (p: string) => string) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (q.keyword) {
    add(
      `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      (p) =>
        `(u.username ILIKE ${p} OR u.name ILIKE ${p} OR u.email ILIKE ${p} OR u.phone ILIKE ${p} OR u.company ILIKE ${p})`,
    );
  }
  if (q.enabled !== undefined) add(q.enabled, (p) => `u.enabled = ${p}`);
  if (q.approval !== undefined) add(q.approval, (p) => `u.approval = ${p}`);
  if (q.roleId !== undefined) add(q.roleId, (p) => `u.role_id = ${p}`);
  if (q.level !== undefined) add(q.level, (p) => `u.level = ${p}`);
  if (q.superiorId !== undefined) add(q.superiorId, (p) => `u.superior_id = ${p}`);
  return { filter: where.join(' AND '), params };
}

export async function listUsersBelow(
  db: Queryable,
  q: UserListFilter & { limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const { filter, params } = listFilter(q);
  const total =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${filter}`, params)).rows[0]?.n ?? 0;
  const rows = (
    await db.query<UserRow>(
      `${SELECT_USER} WHERE ${filter} ORDER BY u.path, u.id LIMIT ${q.limit} OFFSET ${q.offset}`,
      params,
    )
  ).rows;
  return { rows, total };
}

/** The filtered users for an export, in the list's order, at most `limit`; with the number that matched. */
export async function exportUsersBelow(
  db: Queryable,
  q: UserListFilter,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const { filter, params } = listFilter(q);
  const total =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${filter}`, params)).rows[0]?.n ?? 0;
  if (total > limit) return { rows: [], total };
  const rows = (await db.query<UserRow>(`${SELECT_USER} WHERE ${filter} ORDER BY u.path, u.id`, params)).rows;
  return { rows, total };
}

export async function listUserOptions(db: Queryable, callerPath: string) {
  return (
    await db.query<{ id: number; username: string; name: string; level: number; superiorId: number | null }>(
      // Only approved accounts: one awaiting approval (or refused) is nobody's superior, owner or assignee.
      `SELECT id, username, name, level, superior_id AS "superiorId" FROM users
        WHERE path LIKE $1 AND approval = 'approved' ORDER BY path LIMIT 2000`,
      [`${callerPath}%`],
    )
  ).rows;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  remark: string;
  level: number;
  enabled: boolean;
  roleId: number;
  superiorId: number | null;
  superiorPath: string;
  parentCustomerCode: string | null;
  /** 'pending' for a self-registered account; else approved. */
  approval?: UserApproval;
}

/** Inserts a user and sets its path below the superior's; returns the new id. */
export async function insertUser(db: Queryable, u: NewUser): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, name, code, email, phone, company, remark, level, enabled, role_id, superior_id, path, parent_customer_code, approval)
     VALUES ($1, $2, $3, 'pending-' || md5(random()::text || clock_timestamp()::text), $4, $5, $6, $7, $8, $9, $10, $11, '', $12, $13)
     RETURNING id`,
    [
      u.username,
      u.passwordHash,
      u.name,
      u.email,
      u.phone,
      u.company,
      u.remark,
      u.level,
      u.enabled,
      u.roleId,
      u.superiorId,
      u.parentCustomerCode,
      u.approval ?? 'approved',
    ],
  );
  const id = rows[0]!.id;
  await db.query(`UPDATE users SET path = $2, code = $3 WHERE id = $1`, [
    id,
    `${u.superiorPath}${id}/`,
    `U${String(id).padStart(6, '0')}`,
  ]);
  return id;
}

/** Inserts the first administrator `admin` (level 0, no superior, code U000001) and sets its path; nothing when taken. */
export async function insertAdministrator(db: Queryable, passwordHash: string, roleId: number): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, name, code, level, role_id, path) VALUES ('admin', $1, 'Administrator', 'U000001', 0, $2, '')
     ON CONFLICT DO NOTHING RETURNING id`,
    [passwordHash, roleId],
  );
  if (rows[0]) await db.query(`UPDATE users SET path = $2 WHERE id = $1`, [rows[0].id, `/${rows[0].id}/`]);
}

export async function updateUserFields(
  db: Queryable,
  id: number,
  fields: Record<string, string | number | boolean | null>,
): Promise<void> {
  const entries = Object.entries(fields);
  if (entries.length === 0) return;
  const sets = entries.map(([column], i) => `${column} = $${i + 2}`);
  await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
    id,
    ...entries.map(([, v]) => v),
  ]);
}

/** Moves a user and their whole subtree below a new superior. */
export async function moveSubtree(db: Queryable, oldPath: string, newPath: string): Promise<void> {
  await db.query(`UPDATE users SET path = $2 || substr(path, length($1) + 1) WHERE path LIKE $3`, [
    oldPath,
    newPath,
    `${oldPath}%`,
  ]);
}

/** Locks a user's row for a change that depends on where they sit (move, delete), so two at once take turns. */
export async function lockUser(db: Queryable, id: number): Promise<void> {
  await db.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [id]);
}

/**
 * The direct subordinates of `from` (a user being deleted) go below `to`, each with their whole subtree; the number
 * of direct subordinates moved.
 */
export async function handOverSubordinates(
  db: Queryable,
  from: { id: number; path: string },
  to: { id: number; path: string; code: string },
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH moved AS (
       UPDATE users SET superior_id = $2, parent_customer_code = $3, updated_at = now() WHERE superior_id = $1 RETURNING 1
     ) SELECT count(*)::int AS n FROM moved`,
    [from.id, to.id, to.code],
  );
  await db.query(`UPDATE users SET path = $2 || substr(path, length($1) + 1) WHERE path LIKE $3 AND path <> $1`, [
    from.path,
    to.path,
    `${from.path}%`,
  ]);
  return rows[0]?.n ?? 0;
}

export async function deleteUser(db: Queryable, id: number): Promise<void> {
  await db.query(`DELETE FROM users WHERE id = $1`, [id]);
}

export async function countUsers(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0]?.n ?? 0;
}

/**
 * The language an account reads in until it chooses one: the UI's language of its latest session (mail and SMS to it
 * are written in it). A chosen language is never overwritten here, also when it was chosen after the caller read the
 * row. True when it wrote.
 */
export async function rememberLanguage(db: Queryable, id: number, lang: Lang): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE users SET language = $2 WHERE id = $1 AND NOT language_chosen AND language IS DISTINCT FROM $2 RETURNING id`,
    [id, lang],
  );
  return rows.length > 0;
}

/** Records the account's own language choice: it applies on every browser at login, and to its mail and SMS. */
export async function chooseLanguage(db: Queryable, id: number, lang: Lang): Promise<void> {
  await db.query(`UPDATE users SET language = $2, language_chosen = true WHERE id = $1`, [id, lang]);
}
