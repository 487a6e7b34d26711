import type { Queryable } from '../../db/db.js';
import { revokeUserSessions } from './session.repository.js';

/** Whether a session is still good (not revoked or expired, its user enabled): the live hub re-checks its tabs. */
export { sessionIsLive } from './session.repository.js';

/**
 * What other features may do with sessions (the auth feature owns the table): end every session of a user, except
 * `keepTokenHash` when given (a user disabled, a password changed).
 */
export const endUserSessions = (db: Queryable, userId: number, keepTokenHash?: string): Promise<void> =>
  revokeUserSessions(db, userId, keepTokenHash);
