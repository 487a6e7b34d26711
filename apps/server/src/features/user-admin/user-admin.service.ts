import type { Lang } from '@voltfleet/domain/i18n';
import type { User, UserDeleteResult } from '@voltfleet/domain/users';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { endUserSessions } from '../auth/index.js';
import { handOverDevices } from '../devices/index.js';
import { handOverFirmwareRecords } from '../firmware/index.js';
import { handOverPlants } from '../plants/index.js';
import { handOverRoles } from '../roles/index.js';
import { handOverWorkOrders } from '../workorders/index.js';
import {
  checkLevel,
  deleteUser as removeUser,
  findUserById,
  handOverSubordinates,
  lockUser,
  moveSubtree,
  subordinate,
  superiorFor,
  toUser,
  updateUserFields,
} from '../users/index.js';

/**
 * The user list's actions beyond create and edit (issue 16). Each works only on a user strictly below the caller:
 * anyone else is "not found" (404), the caller themselves is refused (they use the personal centre).
 */

/** Enables or disables a subordinate. A disabled user's sessions end in the same transaction: they are out at once. */
export async function setUserEnabled(
  db: Db,
  caller: Caller,
  id: number,
  enabled: boolean,
  lang: Lang = 'en',
): Promise<User> {
  await db.transaction(async (tx) => {
    await subordinate(tx, caller, id);
    await updateUserFields(tx, id, { enabled });
    if (!enabled) await endUserSessions(tx, id);
  });
  return toUser((await findUserById(db, id))!, lang);
}

/**
 * Moves a subordinate (with their whole subtree) below another user of the caller's subtree. Refused: a superior
 * outside the subtree (400 superiorId), below the moved user themselves (a cycle), or of a lower level than the user.
 */
export async function moveUser(
  db: Db,
  caller: Caller,
  id: number,
  superiorId: number,
  lang: Lang = 'en',
): Promise<User> {
  await db.transaction(async (tx) => {
    await lockUser(tx, id);
    const target = await subordinate(tx, caller, id);
    const superior = await superiorFor(tx, caller, superiorId);
    if (superior.path.startsWith(target.path)) throw invalid('superiorId', 'user.superiorCycle');
    checkLevel(caller, superior, target.level);
    if (superior.id === target.superior_id) return;
    await updateUserFields(tx, id, { superior_id: superior.id, parent_customer_code: superior.code });
    await moveSubtree(tx, target.path, `${superior.path}${id}/`);
  });
  return toUser((await findUserById(db, id))!, lang);
}

/**
 * Deletes a subordinate. What was theirs becomes the deleting user's, in one transaction with the deletion: their
 * plants and devices, their direct subordinates (each with their own subtree), the roles they created, the work orders
 * they opened and the firmware records naming them. Their sessions end with the row. Returns the counts handed over
 * (the operation record keeps them).
 */
export async function deleteUser(db: Db, caller: Caller, id: number): Promise<UserDeleteResult & { username: string }> {
  if (id === caller.id) throw new AppError('forbidden', 'user.cannotDeleteSelf');
  return db.transaction(async (tx) => {
    await lockUser(tx, id);
    const target = await subordinate(tx, caller, id);
    const me = (await findUserById(tx, caller.id))!;
    const subordinates = await handOverSubordinates(tx, target, me);
    const plants = await handOverPlants(tx, target.id, me.id);
    const devices = await handOverDevices(tx, target.id, me.id);
    await handOverRoles(tx, target.id, me.id);
    await handOverWorkOrders(tx, target.id, me.id);
    await handOverFirmwareRecords(tx, target.id, me.id);
    await endUserSessions(tx, target.id);
    await removeUser(tx, target.id);
    return { username: target.username, plants, devices, subordinates };
  });
}
