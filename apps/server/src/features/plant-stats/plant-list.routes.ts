import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { plantListItemSchema, plantListQuerySchema } from '@voltfleet/domain/plants';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { performanceRatios30d } from '../performance/index.js';
import { listPlants } from '../plants/index.js';
import { plantListFigures } from './plant-list-figures.service.js';

/**
 * Plant Center → plant list (module A): the plants in scope with their live and today's figures. Here rather than in
 * the plants feature because the figures are this feature's facts, and this feature already reads plants.
 */
export const plantListRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const offline = config.deviceOfflineSeconds;

  app.get(
    '/api/plants',
    {
      config: { permission: 'A' },
      schema: {
        tags: ['plants'],
        querystring: plantListQuerySchema,
        response: { 200: envelope(z.array(plantListItemSchema)) },
      },
    },
    async (request) => {
      const plants = await listPlants(db, requireCaller(request), offline, request.query);
      const now = Date.now();
      const figures = await plantListFigures(db, plants, offline, now);
      const ratios = await performanceRatios30d(db, plants, now);
      return ok(
        request,
        plants.map((plant) => ({
          ...plant,
          ...figures.get(plant.plantId)!,
          performanceRatio30d: ratios.get(plant.plantId) ?? null,
        })),
      );
    },
  );
};
