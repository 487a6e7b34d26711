import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { fieldChanges } from '@voltfleet/domain/records';
import {
  plantAccountOptionSchema,
  plantDeleteImpactSchema,
  plantDeleteQuerySchema,
  plantInputSchema,
  plantSchema,
} from '@voltfleet/domain/plants';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import {
  createPlant,
  deletePlant,
  getPlant,
  plantAccountOptions,
  plantDeleteImpact,
  updatePlant,
} from './plants.service.js';

const plantParams = z.object({ plantId: z.coerce.number().int().positive().max(2_147_483_647) });
const audit = (action: string) => ({ action, category: 'plant', objectType: 'plant' });

/**
 * Plant Center → plant list (module A; the page has no own code): create, edit, delete. The list itself, with its
 * live figures, is served by the plant statistics feature (plant-list.routes.ts there).
 */
export const plantsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const offline = config.deviceOfflineSeconds;

  // A static segment: Fastify matches it before the :plantId route below.
  app.get(
    '/api/plants/account-options',
    {
      config: { permission: 'A' },
      schema: { tags: ['plants'], response: { 200: envelope(z.array(plantAccountOptionSchema)) } },
    },
    async (request) => ok(request, await plantAccountOptions(db, requireCaller(request))),
  );

  app.get(
    '/api/plants/:plantId',
    {
      config: { permission: 'A' },
      schema: { tags: ['plants'], params: plantParams, response: { 200: envelope(plantSchema) } },
    },
    async (request) => ok(request, await getPlant(db, requireCaller(request), offline, request.params.plantId)),
  );

  app.get(
    '/api/plants/:plantId/delete-impact',
    {
      config: { permission: 'A' },
      schema: { tags: ['plants'], params: plantParams, response: { 200: envelope(plantDeleteImpactSchema) } },
    },
    async (request) =>
      ok(request, await plantDeleteImpact(db, requireCaller(request), offline, request.params.plantId)),
  );

  app.post(
    '/api/plants',
    {
      config: { permission: 'A:plant.add', audit: audit('plant.create') },
      schema: { tags: ['plants'], body: plantInputSchema, response: { 200: envelope(plantSchema) } },
    },
    async (request) => {
      const plant = await createPlant(db, requireCaller(request), offline, request.body);
      request.auditObjectId = String(plant.plantId);
      return ok(request, plant, 'success.added');
    },
  );

  app.put(
    '/api/plants/:plantId',
    {
      config: { permission: 'A:plant.edit', audit: audit('plant.update') },
      schema: {
        tags: ['plants'],
        params: plantParams,
        body: plantInputSchema,
        response: { 200: envelope(plantSchema) },
      },
    },
    async (request) => {
      request.auditObjectId = String(request.params.plantId);
      const caller = requireCaller(request);
      // Read before the change, so the record lists what changed (before → after) and not only what was sent.
      const before = await getPlant(db, caller, offline, request.params.plantId);
      const plant = await updatePlant(db, caller, offline, request.params.plantId, request.body);
      request.auditChanges = fieldChanges(before, plant, Object.keys(request.body));
      return ok(request, plant, 'success.edited');
    },
  );

  app.delete(
    '/api/plants/:plantId',
    {
      config: { permission: 'A:plant.delete', audit: audit('plant.delete') },
      schema: {
        tags: ['plants'],
        params: plantParams,
        querystring: plantDeleteQuerySchema,
        response: { 200: envelope(z.object({ unboundDevices: z.number().int() })) },
      },
    },
    async (request) => {
      request.auditObjectId = String(request.params.plantId);
      const { plantId } = request.params;
      const done = await deletePlant(db, requireCaller(request), plantId, request.query.confirmDevices);
      return ok(request, done, 'success.deleted');
    },
  );
};
