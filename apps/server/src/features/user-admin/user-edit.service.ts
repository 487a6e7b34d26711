import type { Lang } from '@voltfleet/domain/i18n';
import type { User, UserCreate, UserUpdate } from '@voltfleet/domain/users';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { conflict, invalid } from '../../platform/errors.js';
import { endUserSessions } from '../auth/index.js';
import { assertAssignableRole } from '../roles/index.js';
import {
  checkLevel,
  findUserById,
  insertUserRecord as insertUser,
  moveSubtree,
  phoneOf,
  subordinate,
  superiorFor,
  toUser,
  updateUserFields,
  userByUsername as findUserByUsername,
} from '../users/index.js';

/**
 * Creating and editing an account below the caller. Here rather than in the users feature because an edit that
 * disables a user or changes their role or level ends their sessions (the auth feature, which itself reads users).
 */
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
