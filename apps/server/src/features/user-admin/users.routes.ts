import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, paged } from '@voltfleet/domain/envelope';
import { fieldChanges } from '@voltfleet/domain/records';
import { passwordSchema } from '@voltfleet/domain/validation';
import {
  USER_APPROVAL_PERMISSION,
  userApprovalSchema,
  userCreateSchema,
  userDeleteResultSchema,
  userExportQuerySchema,
  userListQuerySchema,
  userMoveSchema,
  userSchema,
  userUpdateSchema,
} from '@voltfleet/domain/users';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, exportFileName } from '../../platform/spreadsheet.js';
import { hashPassword, openPasswordBlob, type AuthDeps } from '../auth/index.js';
import { deleteUser, moveUser, setUserEnabled } from './user-admin.service.js';
import { exportUsers, getUser, listUsers, userOptions } from '../users/index.js';
import { createUser, updateUser } from './user-edit.service.js';
import { approveUser, refuseUser } from './user-approval.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const optionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  level: z.number().int(),
  /** So a picker can leave out a user's own subtree (moving below it would be a cycle). */
  superiorId: z.number().int().nullable(),
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

  // The export takes data away, so it is recorded like a change (the audit plugin records read routes with a config).
  app.get(
    '/api/users/export',
    {
      config: { permission: 'D/A', audit: audit('user.export') },
      schema: {
        tags: ['users'],
        description:
          'The filtered user list below the caller as .xlsx or .csv, headers in the caller language, times in the ' +
          'given zone (named with its UTC offset in the header).',
        querystring: userExportQuerySchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const file = await exportUsers(db, requireCaller(request), q, request.lang);
      return reply
        .header('content-type', q.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName('users', q.format)}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
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
      // A new role or level ends the user's sessions (updateUser): the editor is told they log in again.
      const relogin = user.enabled && (before.roleId !== user.roleId || before.level !== user.level);
      return relogin
        ? ok(request, user, 'user.savedRelogin', { name: user.username })
        : ok(request, user, 'success.edited');
    },
  );

  // Two routes rather than a flag, so each has its own record action ("User x disabled", not "edited").
  for (const enabled of [true, false]) {
    app.put(
      `/api/users/:id/${enabled ? 'enable' : 'disable'}`,
      {
        config: { permission: 'D/A:user.edit', audit: audit(enabled ? 'user.enable' : 'user.disable') },
        schema: { tags: ['users'], params: idParams, response: { 200: envelope(userSchema) } },
      },
      async (request) => {
        const user = await setUserEnabled(db, requireCaller(request), request.params.id, enabled, request.lang);
        return ok(request, user, enabled ? 'user.enabledNow' : 'user.disabledNow');
      },
    );
  }

  // A self-registered account's request (issue 38 point 1): approved with the role and level confirmed, or refused.
  app.put(
    '/api/users/:id/approve',
    {
      config: { permission: USER_APPROVAL_PERMISSION, audit: audit('user.approve') },
      schema: {
        tags: ['users'],
        description:
          'Approves an account awaiting approval below the caller, confirming (or changing) its role and level; ' +
          'it holds them from its next request. 409 when the account is not awaiting approval.',
        params: idParams,
        body: userApprovalSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const { before, after } = await approveUser(
        db,
        requireCaller(request),
        request.params.id,
        request.body,
        request.lang,
      );
      request.auditChanges = fieldChanges(before, after, ['roleName', 'level']);
      return ok(request, after, 'user.approvedNow', { name: after.username });
    },
  );

  app.put(
    '/api/users/:id/refuse',
    {
      config: { permission: USER_APPROVAL_PERMISSION, audit: audit('user.refuse') },
      schema: {
        tags: ['users'],
        description:
          'Refuses an account awaiting approval below the caller: it can no longer sign in and its contacts may ' +
          'register again. 409 when the account is not awaiting approval.',
        params: idParams,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const user = await refuseUser(db, requireCaller(request), request.params.id, request.lang);
      return ok(request, user, 'user.refusedNow', { name: user.username });
    },
  );

  app.put(
    '/api/users/:id/superior',
    {
      config: { permission: 'D/A:user.edit', audit: audit('user.move') },
      schema: { tags: ['users'], params: idParams, body: userMoveSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const caller = requireCaller(request);
      const before = await getUser(db, caller, request.params.id, request.lang);
      const user = await moveUser(db, caller, request.params.id, request.body.superiorId, request.lang);
      request.auditChanges = fieldChanges(before, user, ['superiorId', 'superiorName']);
      return ok(request, user, 'user.moved');
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { permission: 'D/A:user.delete', audit: audit('user.delete') },
      schema: { tags: ['users'], params: idParams, response: { 200: envelope(userDeleteResultSchema) } },
    },
    async (request) => {
      const { username, ...handedOver } = await deleteUser(db, requireCaller(request), request.params.id);
      // The record keeps who was deleted and what became the deleting user's (the row itself is gone).
      request.body = { username, ...handedOver };
      return ok(request, handedOver, 'user.deletedHandedOver', handedOver);
    },
  );
};
