import { AVATAR_SIZE, type ImageType, type User } from '@voltfleet/domain/users';
import { type Lang } from '@voltfleet/domain/i18n';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { cleanImage } from '../../platform/image.js';
import { subtreePattern } from '../../platform/scope.js';
import { findAvatarInScope, removeAvatar, saveAvatar } from './user-avatars.repository.js';
import { findUserById, toUser } from './users.repository.js';

/**
 * The caller's own avatar (R3.1, R9.5): only the owner changes theirs. The upload is checked by its content and
 * re-encoded (platform/image.ts) into a 256×256 WebP without metadata, outside the transaction (the CPU work holds no
 * lock). users.avatar gets a URL with a version, so a new avatar is a new URL and browsers may keep each for long.
 */
export async function uploadOwnAvatar(db: Db, caller: Caller, upload: Buffer, lang: Lang = 'en'): Promise<User> {
  const image = await cleanImage(upload, { kind: 'square', size: AVATAR_SIZE });
  await db.transaction((tx) =>
    saveAvatar(tx, caller.id, image, `/api/users/${caller.id}/avatar?v=${Date.now().toString(36)}`),
  );
  return toUser((await findUserById(db, caller.id))!, lang);
}

export async function removeOwnAvatar(db: Db, caller: Caller, lang: Lang = 'en'): Promise<User> {
  await db.transaction((tx) => removeAvatar(tx, caller.id));
  return toUser((await findUserById(db, caller.id))!, lang);
}

/** A user's avatar, to the user and those above them (the subtree rule); anyone else hears "not found". */
export async function avatarOf(
  db: Db,
  caller: Caller,
  userId: number,
): Promise<{ contentType: ImageType; data: Buffer }> {
  const avatar = await findAvatarInScope(db, userId, subtreePattern(caller));
  if (!avatar) throw notFound();
  return { contentType: avatar.content_type, data: avatar.data };
}
