import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeySchema } from '@voltfleet/domain/api-keys';
import { envelope } from '@voltfleet/domain/envelope';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const audit = (action: string) => ({ action, category: 'user', objectType: 'apiKey' });

/**
 * API keys (issue 40): the signed-in user's keys for programs. No permission code of its own: a key carries only
 * what its owner holds, so whoever may sign in may make one. Keys are refused on these routes (`keys: false`): a
 * leaked key must not mint another or outlive its revocation. The key is shown once, at creation.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['api keys'];
  // Making keys is cheap for the server but each is a credential: a burst is a script gone wrong, or worse.
  const createLimit = rateLimiter({ max: 20, windowMs: 60_000, key: (r) => `apikey:${r.caller?.id ?? r.ip}` });

  app.get(
    '/api/api-keys',
    { config: { keys: false }, schema: { tags, response: { 200: envelope(z.array(apiKeySchema)) } } },
    async (request) => ok(request, await listApiKeys(db, requireCaller(request), Date.now())),
  );

  app.post(
    '/api/api-keys',
    {
      config: { keys: false, audit: audit('apiKey.create') },
      preHandler: createLimit,
      schema: { tags, body: apiKeyCreateSchema, response: { 200: envelope(apiKeyCreatedSchema) } },
    },
    async (request) => {
      const created = await createApiKey(db, requireCaller(request), request.body, Date.now());
      request.auditObjectId = String(created.id);
      return ok(request, created);
    },
  );

  app.delete(
    '/api/api-keys/:id',
    {
      config: { keys: false, audit: audit('apiKey.revoke') },
      schema: { tags, params: idParams, response: { 200: envelope(apiKeySchema) } },
    },
    async (request) => ok(request, await revokeApiKey(db, requireCaller(request), request.params.id, Date.now())),
  );
};
