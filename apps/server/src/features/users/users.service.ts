import { joinPhone } from '@voltfleet/domain/validation';
import { type Lang } from '@voltfleet/domain/i18n';
import { type ProfileUpdate, type User, type UserFilter } from '@voltfleet/domain/users';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { belowCaller, subtreePattern } from '../../platform/scope.js';
import { builtinRoleId } from '../roles/index.js';
import {
  chooseLanguage,
  insertAdministrator,
  findUserById,
  findUserInScope,
  listUserOptions,
  listUsersBelow,
  toUser,
  updateUserFields,
  type UserListFilter,
  type UserRow,
} from './users.repository.js';

export function phoneOf(input: { prePhoneCode?: string | undefined; phone?: string | undefined }): string {
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
  approval: q.approval,
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
  if (row.approval !== 'approved') throw invalid('superiorId', 'user.superiorPending');
  return row;
}

export function checkLevel(caller: Caller, superior: UserRow, level: number): void {
  // Nobody creates an account above themselves or above the superior it hangs under.
  if (level < caller.level || level < superior.level) throw invalid('level', 'validation.invalidValue');
}

/**
 * The first start (seed.ts): creates the administrator `admin` with the operator role, in one transaction.
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
  findVerifiedOwners as verifiedOwners,
  findApprover as approverFor,
  markContactVerified,
  insertUser as insertUserRecord,
  rememberLanguage,
  toUser,
  updateUserFields,
  type NewUser,
  type UserRow,
} from './users.repository.js';
