import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  fieldChanges,
  paged,
  passwordSchema,
  userCreateSchema,
  userListQuerySchema,
  userSchema,
  userUpdateSchema,
} from '@voltfleet/domain';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { hashPassword, openPasswordBlob, type AuthDeps } from '../auth/auth.service.js';
import { createUser, deleteUser, getUser, listUsers, updateUser, userOptions } from './users.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const optionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  level: z.number().int(),
});
const audit = (action: string) => ({ action, category: 'user', objectType: 'user' });

export const usersRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/users',
    {
      config: { permission: 'D/A' },
      schema: { tags: ['users'], querystring: userListQuerySchema, response: { 200: envelope(paged(userSchema)) } },
    },
    async (request) => ok(request, await listUsers(db, requireCaller(request), request.query, request.lang)),
  );

  app.get(
    '/api/users/options',
    { config: { permission: 'D/A' }, schema: { tags: ['users'], response: { 200: envelope(z.array(optionSchema)) } } },
    async (request) => ok(request, await userOptions(db, requireCaller(request))),
  );

  app.get(
    '/api/users/:id',
    {
      config: { permission: 'D/A' },
      schema: { tags: ['users'], params: idParams, response: { 200: envelope(userSchema) } },
    },
    async (request) => ok(request, await getUser(db, requireCaller(request), request.params.id, request.lang)),
  );

  app.post(
    '/api/users',
    {
      config: { permission: 'D/A:user.add', audit: audit('user.create') },
      schema: { tags: ['users'], body: userCreateSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const password = await openPasswordBlob(db, deps.loginKey, request.body.password);
      const checked = passwordSchema.safeParse(password);
      if (!checked.success) throw invalid('password', 'validation.passwordLength');
      const user = await createUser(db, requireCaller(request), request.body, password, hashPassword, request.lang);
      request.auditObjectId = String(user.id);
      return ok(request, user, 'success.added');
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: { permission: 'D/A:user.edit', audit: audit('user.update') },
      schema: { tags: ['users'], params: idParams, body: userUpdateSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const caller = requireCaller(request);
      // Read before the change, so the record lists what changed (before → after) and not only what was sent.
      const before = await getUser(db, caller, request.params.id, request.lang);
      const user = await updateUser(db, caller, request.params.id, request.body, request.lang);
      request.auditChanges = fieldChanges(before, user, Object.keys(request.body));
      return ok(request, user, 'success.edited');
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { permission: 'D/A:user.delete', audit: audit('user.delete') },
      schema: { tags: ['users'], params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteUser(db, requireCaller(request), request.params.id);
      return ok(request, null, 'success.deleted');
    },
  );
};
