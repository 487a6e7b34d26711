import {
  joinPhone,
  type Lang,
  type ProfileUpdate,
  type User,
  type UserCreate,
  type UserFilter,
  type UserUpdate,
} from '@voltfleet/domain';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.js';
import { belowCaller, subtreePattern } from '../../platform/scope.js';
import { endUserSessions } from '../auth/sessions.service.js';
import { assertAssignableRole, builtinRoleId } from '../roles/roles.service.js';
import {
  chooseLanguage,
  insertAdministrator,
  findUserById,
  findUserByUsername,
  findUserInScope,
  insertUser,
  listUserOptions,
  listUsersBelow,
  moveSubtree,
  toUser,
  updateUserFields,
  type UserListFilter,
  type UserRow,
} from './users.repository.js';

function phoneOf(input: { prePhoneCode?: string | undefined; phone?: string | undefined }): string {
  return input.phone ? joinPhone(input.prePhoneCode, input.phone) : '';
}

/** The caller edits their own profile; role, level and superior are not part of the schema. */
export async function updateProfile(db: Db, caller: Caller, input: ProfileUpdate, lang: Lang = 'en'): Promise<User> {
  await updateUserFields(db, caller.id, {
    name: input.name,
    email: input.email ?? '',
    phone: phoneOf(input),
    company: input.company ?? '',
    remark: input.remark ?? '',
  });
  return toUser((await findUserById(db, caller.id))!, lang);
}

/** The caller chooses the language they read in; the answer is in it (role names included). */
export async function chooseOwnLanguage(db: Db, caller: Caller, lang: Lang): Promise<User> {
  await chooseLanguage(db, caller.id, lang);
  return toUser((await findUserById(db, caller.id))!, lang);
}

/** The list's filters as the repository takes them, strictly below the caller. */
export const listFilterOf = (caller: Caller, q: UserFilter): UserListFilter => ({
  callerPath: caller.path,
  keyword: q.keyword,
  enabled: q.enabled === undefined ? undefined : q.enabled === 'true',
  roleId: q.roleId,
  level: q.level,
  superiorId: q.superiorId,
});

export async function listUsers(
  db: Db,
  caller: Caller,
  q: UserFilter & { page: number; pageSize: number },
  lang: Lang = 'en',
) {
  const { rows, total } = await listUsersBelow(db, {
    ...listFilterOf(caller, q),
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { items: rows.map((r) => toUser(r, lang)), total, page: q.page, pageSize: q.pageSize };
}

export const userOptions = (db: Db, caller: Caller) => listUserOptions(db, caller.path);

/** A user the caller may see: themselves or anyone below them. Anything else is "not found". */
export async function getUser(db: Db, caller: Caller, id: number, lang: Lang = 'en'): Promise<User> {
  const row = await findUserInScope(db, id, subtreePattern(caller));
  if (!row) throw notFound();
  return toUser(row, lang);
}

/** A user strictly below the caller, for changes; the caller themselves uses the personal centre. */
export async function subordinate(db: Queryable, caller: Caller, id: number): Promise<UserRow> {
  const row = await findUserInScope(db, id, subtreePattern(caller));
  if (!row) throw notFound();
  if (!belowCaller(caller, row.path)) throw new AppError('forbidden', 'user.cannotChangeSelf');
  return row;
}

export async function superiorFor(db: Queryable, caller: Caller, superiorId: number | undefined): Promise<UserRow> {
  const row = await findUserInScope(db, superiorId ?? caller.id, subtreePattern(caller));
  if (!row) throw invalid('superiorId', 'user.superiorOutOfScope');
  return row;
}

export function checkLevel(caller: Caller, superior: UserRow, level: number): void {
  // Nobody creates an account above themselves or above the superior it hangs under.
  if (level < caller.level || level < superior.level) throw invalid('level', 'validation.invalidValue');
}

export async function createUser(
  db: Db,
  caller: Caller,
  input: UserCreate,
  password: string,
  passwordHash: (p: string) => Promise<string>,
  lang: Lang = 'en',
): Promise<User> {
  const superior = await superiorFor(db, caller, input.superiorId);
  checkLevel(caller, superior, input.level);
  await assertAssignableRole(db, caller, input.roleId);
  if (await findUserByUsername(db, input.username)) throw conflict('user.usernameTaken');
  const hashText = await passwordHash(password);
  const id = await db
    .transaction((tx) =>
      insertUser(tx, {
        username: input.username,
        passwordHash: hashText,
        name: input.name,
        email: input.email ?? '',
        phone: phoneOf(input),
        company: input.company ?? '',
        remark: input.remark ?? '',
        level: input.level,
        enabled: input.enabled ?? true,
        roleId: input.roleId,
        superiorId: superior.id,
        superiorPath: superior.path,
        parentCustomerCode: superior.code,
      }),
    )
    .catch((err: unknown) => {
      if (err && typeof err === 'object' && 'code' in err && err.code === '23505') throw conflict('user.usernameTaken');
      throw err;
    });
  return toUser((await findUserById(db, id))!, lang);
}

export async function updateUser(
  db: Db,
  caller: Caller,
  id: number,
  input: UserUpdate,
  lang: Lang = 'en',
): Promise<User> {
  const target = await subordinate(db, caller, id);
  const superior = await superiorFor(db, caller, input.superiorId ?? target.superior_id ?? undefined);
  if (superior.path.startsWith(target.path)) throw invalid('superiorId', 'user.superiorCycle');
  checkLevel(caller, superior, input.level);
  if (input.roleId !== target.role_id) await assertAssignableRole(db, caller, input.roleId);
  const enabled = input.enabled ?? target.enabled;
  await db.transaction(async (tx) => {
    await updateUserFields(tx, id, {
      name: input.name,
      email: input.email ?? '',
      phone: phoneOf(input),
      company: input.company ?? '',
      remark: input.remark ?? '',
      level: input.level,
      role_id: input.roleId,
      enabled,
      superior_id: superior.id,
      parent_customer_code: superior.code,
    });
    const newPath = `${superior.path}${id}/`;
    if (newPath !== target.path) await moveSubtree(tx, target.path, newPath);
    // A disabled user is out at once; a new role or level changes the menus and permissions their session was
    // given at login, so they log in again to get the new ones.
    if (!enabled || input.roleId !== target.role_id || input.level !== target.level) await endUserSessions(tx, id);
  });
  return toUser((await findUserById(db, id))!, lang);
}

/**
 * The first start (db/seed.ts): creates the administrator `admin` with the operator role, in one transaction.
 * Nothing changes when the name is taken.
 */
export async function seedAdministrator(db: Db, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await insertAdministrator(tx, passwordHash, await builtinRoleId(tx, 'operator'));
  });
}

// What the auth feature, the first-start seed and the demo seed need of the users table, which this feature owns.
export {
  countUsers,
  findUserByCode as userByCode,
  findUserById as userById,
  findUserByUsername as userByUsername,
  findUsersByAddress as usersByAddress,
  insertUser as insertUserRecord,
  rememberLanguage,
  toUser,
  updateUserFields,
  type NewUser,
  type UserRow,
} from './users.repository.js';
