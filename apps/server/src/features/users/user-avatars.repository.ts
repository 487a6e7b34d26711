import type { ImageType } from '@voltfleet/domain/users';
import type { Queryable } from '../../db/db.js';

/** Stores a user's avatar (our re-encoded image) and points users.avatar at its versioned URL. */
export async function saveAvatar(
  db: Queryable,
  userId: number,
  image: { contentType: ImageType; data: Buffer },
  url: string,
): Promise<void> {
  await db.query(
    `INSERT INTO user_avatars (user_id, content_type, data) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data, updated_at = now()`,
    [userId, image.contentType, image.data],
  );
  await db.query(`UPDATE users SET avatar = $2, updated_at = now() WHERE id = $1`, [userId, url]);
}

/** Removes a user's avatar; whether there was one. */
export async function removeAvatar(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM user_avatars WHERE user_id = $1 RETURNING 1`, [userId]);
  await db.query(`UPDATE users SET avatar = NULL, updated_at = now() WHERE id = $1`, [userId]);
  return rows.length > 0;
}

/** A user's avatar bytes when the user is in `scopePattern` (the reader's subtree), else undefined. */
export async function findAvatarInScope(
  db: Queryable,
  userId: number,
  scopePattern: string,
): Promise<{ content_type: ImageType; data: Buffer } | undefined> {
  const { rows } = await db.query<{ content_type: ImageType; data: Buffer }>(
    `SELECT a.content_type, a.data FROM user_avatars a JOIN users u ON u.id = a.user_id
      WHERE a.user_id = $1 AND u.path LIKE $2`,
    [userId, scopePattern],
  );
  return rows[0];
}
