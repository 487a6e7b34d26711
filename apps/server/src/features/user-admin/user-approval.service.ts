import type { Lang } from '@voltfleet/domain/i18n';
import type { User, UserApprovalDecision } from '@voltfleet/domain/users';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { endUserSessions } from '../auth/index.js';
import { assertAssignableRole } from '../roles/index.js';
import {
  checkLevel,
  findUserById,
  lockUser,
  subordinate,
  toUser,
  updateUserFields,
  type UserRow,
} from '../users/index.js';

/**
 * Deciding on a self-registered account (issue 38 point 1). Only a user above it who may edit users decides (the
 * route's permission and `subordinate`'s scope), only while it is pending (409 otherwise, so two approvers cannot
 * both decide), and the account's row is locked for the decision.
 */
async function pendingSubordinate(tx: Queryable, caller: Caller, id: number): Promise<UserRow> {
  await lockUser(tx, id);
  const target = await subordinate(tx, caller, id);
  if (target.approval !== 'pending') throw new AppError('conflict', 'user.notAwaitingApproval');
  return target;
}

/**
 * Approves: the role and level the approver confirms (by default the ones asked for) are checked as at creation (a
 * role the approver may assign, a level not above the approver nor the account's superior) and take effect at once:
 * the account's next request already holds them.
 */
export async function approveUser(
  db: Db,
  caller: Caller,
  id: number,
  decision: UserApprovalDecision,
  lang: Lang = 'en',
): Promise<{ before: User; after: User }> {
  const before = await db.transaction(async (tx) => {
    const target = await pendingSubordinate(tx, caller, id);
    const superior = target.superior_id === null ? undefined : await findUserById(tx, target.superior_id);
    if (!superior) throw new AppError('conflict', 'user.notAwaitingApproval');
    checkLevel(caller, superior, decision.level);
    if (decision.roleId !== target.role_id) await assertAssignableRole(tx, caller, decision.roleId);
    await updateUserFields(tx, id, { approval: 'approved', role_id: decision.roleId, level: decision.level });
    return toUser(target, lang);
  });
  return { before, after: toUser((await findUserById(db, id))!, lang) };
}

/** Refuses: the account can no longer sign in (its sessions end now) and its contacts may register again. */
export async function refuseUser(db: Db, caller: Caller, id: number, lang: Lang = 'en'): Promise<User> {
  await db.transaction(async (tx) => {
    await pendingSubordinate(tx, caller, id);
    await updateUserFields(tx, id, { approval: 'refused' });
    await endUserSessions(tx, id);
  });
  return toUser((await findUserById(db, id))!, lang);
}
