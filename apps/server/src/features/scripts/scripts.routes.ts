import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { plantScriptInputSchema, plantScriptSchema, scriptTestRunSchema } from '@voltfleet/domain/plants';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { acquireSandbox, releaseSandbox } from './shared-sandbox.js';
import { deactivate, getScript, saveScript, testRun } from './scripts.service.js';

const plantParams = z.object({ plantId: z.coerce.number().int().positive().max(2_147_483_647) });
const audit = (action: string) => ({ action, category: 'plant', objectType: 'plantScript' });

/** Plant configuration → script: read, save (checked in the sandbox), deactivate, and test-run a plant's script. */
export const scriptsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const sandbox = acquireSandbox();
  app.addHook('onClose', () => releaseSandbox());
  // Each run occupies the one sandbox for up to its time limit: a few per minute per address is plenty for editing.
  const sandboxLimit = rateLimiter({ max: 20, windowMs: 60_000 });

  app.get(
    '/api/plants/:plantId/script',
    {
      config: { permission: 'A' },
      schema: { tags: ['plant scripts'], params: plantParams, response: { 200: envelope(plantScriptSchema) } },
    },
    async (request) => ok(request, await getScript(db, requireCaller(request), request.params.plantId, request.lang)),
  );

  app.put(
    '/api/plants/:plantId/script',
    {
      config: { permission: 'A/D:script.edit', audit: audit('plantScript.save') },
      preHandler: sandboxLimit,
      schema: {
        tags: ['plant scripts'],
        params: plantParams,
        body: plantScriptInputSchema,
        response: { 200: envelope(plantScriptSchema) },
      },
    },
    async (request) => {
      const { plantId } = request.params;
      const { source } = request.body;
      request.auditObjectId = String(plantId);
      const saved = await saveScript(db, sandbox, requireCaller(request), plantId, source, request.lang);
      // The record keeps the start of the source (long text is shortened) plus what identifies the full text,
      // which plant_script_versions holds for every version.
      request.body = {
        source,
        version: saved.version,
        lines: source.split('\n').length,
        sha256: createHash('sha256').update(source).digest('hex'),
      } as typeof request.body;
      return ok(request, saved.script, 'success.saved');
    },
  );

  app.delete(
    '/api/plants/:plantId/script',
    {
      config: { permission: 'A/D:script.edit', audit: audit('plantScript.deactivate') },
      schema: { tags: ['plant scripts'], params: plantParams, response: { 200: envelope(plantScriptSchema) } },
    },
    async (request) => {
      request.auditObjectId = String(request.params.plantId);
      const script = await deactivate(db, requireCaller(request), request.params.plantId, request.lang);
      return ok(request, script, 'success.cleared');
    },
  );

  app.post(
    '/api/plants/:plantId/script/test-run',
    {
      config: { permission: 'A/D:script.edit', audit: audit('plantScript.testRun') },
      preHandler: sandboxLimit,
      schema: {
        tags: ['plant scripts'],
        params: plantParams,
        body: plantScriptInputSchema,
        response: { 200: envelope(scriptTestRunSchema) },
      },
    },
    async (request) => {
      request.auditObjectId = String(request.params.plantId);
      const { plantId } = request.params;
      return ok(
        request,
        await testRun(db, sandbox, requireCaller(request), plantId, request.body.source, request.lang),
      );
    },
  );
};
