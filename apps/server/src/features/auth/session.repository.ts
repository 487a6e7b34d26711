import type { Queryable } from '../../db/db.js';
import type { SessionRecord, SessionStore } from '../../platform/auth.js';

export interface SessionUserRow extends SessionRecord {
  token_hash: string;
  created_at: Date;
}

export async function findSession(db: Queryable, tokenHash: string): Promise<SessionUserRow | undefined> {
  const { rows } = await db.query<SessionUserRow>(
    `SELECT s.token_hash, s.user_id, s.created_at, s.last_seen_at, s.expires_at,
            u.username, u.path, u.level, u.enabled, u.role_id, u.approval,
            -- An account awaiting approval holds no permission, whatever role it asked for (migration 0044).
            CASE WHEN u.approval = 'approved' THEN r.permissions ELSE '{}'::text[] END AS permissions
       FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [tokenHash],
    // Every authenticated request runs this: planned once per connection, not per request.
    { keepPlan: true },
  );
  return rows[0];
}

/** Whether a session is still good: not revoked, not expired, and its user enabled. */
export async function sessionIsLive(db: Queryable, tokenHash: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.enabled`,
    [tokenHash],
  );
  return rows.length > 0;
}

export async function insertSession(
  db: Queryable,
  s: { tokenHash: string; userId: number; expiresAt: Date; ip: string; userAgent: string },
): Promise<void> {
  await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)`, [
    s.tokenHash,
    s.userId,
    s.expiresAt,
    s.ip,
    s.userAgent.slice(0, 300),
  ]);
}

export async function touchSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(`UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1`, [tokenHash]);
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [tokenHash]);
}

/** Revokes every session of a user except `keepTokenHash` (password change, disabling). */
export async function revokeUserSessions(db: Queryable, userId: number, keepTokenHash?: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $2`,
    [userId, keepTokenHash ?? ''],
  );
}

export async function deleteStaleSessions(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM sessions WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
  );
}

/** The sessions table as the auth plugin reads it. */
export function sessionStore(db: Queryable): SessionStore {
  return {
    find: (tokenHash) => findSession(db, tokenHash),
    revoke: (tokenHash) => revokeSession(db, tokenHash),
    touch: (tokenHash) => touchSession(db, tokenHash),
  };
}
