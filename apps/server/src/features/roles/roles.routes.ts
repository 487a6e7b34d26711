import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { fieldChanges } from '@voltfleet/domain/records';
import { permissionNodeSchema } from '@voltfleet/domain/permissions';
import { roleDetailSchema, roleInputSchema, roleSchema } from '@voltfleet/domain/users';
import type { Db } from '../../db/db.js';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import {
  createRole,
  deleteRole,
  getRole,
  grantableTree,
  listAssignableRoles,
  listRoles,
  updateRole,
} from './roles.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const audit = (action: string) => ({ action, category: 'role', objectType: 'role' });

export const rolesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/roles',
    { config: { permission: 'E' }, schema: { tags: ['roles'], response: { 200: envelope(z.array(roleSchema)) } } },
    async (request) => ok(request, await listRoles(db, requireCaller(request), request.lang)),
  );

  // Assigning roles belongs to user management, so it needs the user-list page rather than system management.
  app.get(
    '/api/roles/assignable',
    { config: { permission: 'D/A' }, schema: { tags: ['roles'], response: { 200: envelope(z.array(roleSchema)) } } },
    async (request) => ok(request, await listAssignableRoles(db, requireCaller(request), request.lang)),
  );

  app.get(
    '/api/permissions/tree',
    {
      config: { permission: 'E' },
      schema: { tags: ['roles'], response: { 200: envelope(z.array(permissionNodeSchema)) } },
    },
    async (request) => ok(request, grantableTree(requireCaller(request), request.lang)),
  );

  app.get(
    '/api/roles/:id',
    {
      config: { permission: 'E' },
      schema: { tags: ['roles'], params: idParams, response: { 200: envelope(roleDetailSchema) } },
    },
    async (request) => ok(request, await getRole(db, requireCaller(request), request.params.id, request.lang)),
  );

  app.post(
    '/api/roles',
    {
      config: { permission: 'E:role.add', audit: audit('role.create') },
      schema: { tags: ['roles'], body: roleInputSchema, response: { 200: envelope(roleSchema) } },
    },
    async (request) => {
      const role = await createRole(db, requireCaller(request), request.body);
      request.auditObjectId = String(role.id);
      return ok(request, role, 'success.added');
    },
  );

  app.put(
    '/api/roles/:id',
    {
      config: { permission: 'E:role.edit', audit: audit('role.update') },
      schema: { tags: ['roles'], params: idParams, body: roleInputSchema, response: { 200: envelope(roleSchema) } },
    },
    async (request) => {
      const caller = requireCaller(request);
      // Read before the change, so the record lists what changed (before → after) and not only what was sent.
      const before = await getRole(db, caller, request.params.id, request.lang);
      const role = await updateRole(db, caller, request.params.id, request.body);
      // The permissions as codes, however they were sent (a tree is the same permissions, drawn).
      request.auditChanges = fieldChanges(before, role, ['name', 'description', 'permissions', 'views']);
      return ok(request, role, 'success.edited');
    },
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { permission: 'E:role.delete', audit: audit('role.delete') },
      schema: { tags: ['roles'], params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteRole(db, requireCaller(request), request.params.id);
      return ok(request, null, 'success.deleted');
    },
  );
};
