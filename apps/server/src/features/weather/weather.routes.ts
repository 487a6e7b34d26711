import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { plantWeatherSchema } from '@voltfleet/domain/plants';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { subtreePattern } from '../../platform/scope.js';
import { weatherServiceFor } from './weather.setup.js';

const plantParams = z.object({ plantId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Plant detail → weather tab (module A): the plant's cached 3-day forecast or why there is none. */
export const weatherRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const weather = weatherServiceFor(db, config);

  app.get(
    '/api/plants/:plantId/weather',
    {
      config: { permission: 'A' },
      schema: { tags: ['weather'], params: plantParams, response: { 200: envelope(plantWeatherSchema) } },
    },
    async (request) => {
      const caller = requireCaller(request);
      const scope = { pattern: subtreePattern(caller), callerId: caller.id };
      return ok(request, await weather.forPlant(scope, request.params.plantId));
    },
  );
};
