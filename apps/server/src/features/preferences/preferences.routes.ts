import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@voltfleet/domain/envelope';
import { tableChoiceSchema, tablePreferencesSchema } from '@voltfleet/domain/users';
import type { Db } from '../../db/db.js';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import { chooseTableColumns, tablePreferences } from './preferences.service.js';

// A user's own settings: recorded like any change, in the user category, the object being the user themself.
const audit = { action: 'preferences.tables', category: 'user', objectType: 'user' };

/**
 * The caller's list column choices. Every signed-in user has them (no permission): they only ever read and write the
 * caller's own row, whatever the request says.
 */
export const preferencesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/preferences/tables',
    { schema: { tags: ['preferences'], response: { 200: envelope(tablePreferencesSchema) } } },
    async (request) => ok(request, await tablePreferences(db, requireCaller(request))),
  );

  app.put(
    '/api/preferences/tables',
    {
      config: { audit },
      schema: { tags: ['preferences'], body: tableChoiceSchema, response: { 200: envelope(tablePreferencesSchema) } },
    },
    async (request) => {
      const caller = requireCaller(request);
      request.auditObjectId = String(caller.id);
      return ok(request, await chooseTableColumns(db, caller, request.body));
    },
  );
};
