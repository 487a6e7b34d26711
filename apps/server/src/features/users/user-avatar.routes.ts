import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { IMAGE_LIMITS, userSchema } from '@voltfleet/domain/users';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { imageHeaders, uploadedFile } from '../../platform/image.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { avatarOf, removeOwnAvatar, uploadOwnAvatar } from './user-avatar.service.js';

const audit = (action: string) => ({ action, category: 'user', objectType: 'user' });
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Avatars: the caller changes their own (personal centre); anyone in whose subtree a user is sees theirs (the shell's
 * user menu, the personal centre). No permission code: every signed-in user has a personal centre.
 */
export const userAvatarRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // One small file per request; reading stops at R9.5's 1 MB, so an oversized upload is never held whole.
  await app.register(multipart, { limits: { fileSize: IMAGE_LIMITS.bytes, files: 1, fields: 0, parts: 1 } });
  // Decoding and re-encoding costs CPU: nobody changes their picture this often.
  const uploadLimit = rateLimiter({ max: 20, windowMs: 10 * 60_000, key: (r) => `user:${r.caller?.id ?? r.ip}` });

  app.put(
    '/api/auth/me/avatar',
    {
      config: { audit: audit('user.avatar') },
      preHandler: uploadLimit,
      schema: { tags: ['auth'], consumes: ['multipart/form-data'], response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const caller = requireCaller(request);
      const user = await uploadOwnAvatar(db, caller, await uploadedFile(request), request.lang);
      // The record says what was stored, never the client's bytes.
      request.auditObjectId = String(caller.id);
      request.body = { avatar: user.avatar };
      return ok(request, user, 'success.uploaded');
    },
  );

  app.delete(
    '/api/auth/me/avatar',
    {
      config: { audit: audit('user.avatarRemove') },
      schema: { tags: ['auth'], response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const caller = requireCaller(request);
      request.auditObjectId = String(caller.id);
      return ok(request, await removeOwnAvatar(db, caller, request.lang), 'success.deleted');
    },
  );

  app.get('/api/users/:id/avatar', { schema: { tags: ['users'], params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    const avatar = await avatarOf(db, requireCaller(request), id);
    // Our own re-encoded bytes with their real type; the URL carries a version, so it may be kept for long.
    return reply
      .headers(imageHeaders(avatar.contentType, `avatar-${id}.webp`))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(avatar.data);
  });
};
