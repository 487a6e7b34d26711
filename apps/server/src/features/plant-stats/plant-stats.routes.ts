import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  energyTrendSchema,
  fleetTrendQuerySchema,
  generationQuerySchema,
  generationSchema,
  plantDevicesSchema,
  plantIndicatorsSchema,
  plantOverviewSchema,
  plantRealtimeSchema,
  plantSavingsSchema,
  plantStatsSummarySchema,
  plantTrendQuerySchema,
} from '@voltfleet/domain/plants';
import { envelope } from '@voltfleet/domain/envelope';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import {
  plantDevicesInfo,
  plantGeneration,
  plantIndicatorList,
  plantOverview,
  plantSavings,
  plantTrend,
} from './plant-detail.service.js';
import { plantRealtime } from './plant-realtime.service.js';
import { fleetTrend, scopeOf, statisticsSummary } from './plant-stats.service.js';

const plantParams = z.object({ plantId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Plant Center → plant statistics (A/A) over the plants in the caller's scope, and the figures of the plant detail
 * (module A, like the plant list it opens from). Read-only: nothing here changes data, so no audit entries.
 */
export const plantStatsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const offline = config.deviceOfflineSeconds;
  const scope = (request: Parameters<typeof requireCaller>[0]) => scopeOf(requireCaller(request), offline);

  app.get(
    '/api/plant-statistics/summary',
    {
      config: { permission: 'A/A' },
      schema: { tags: ['plant statistics'], response: { 200: envelope(plantStatsSummarySchema) } },
    },
    async (request) => ok(request, await statisticsSummary(db, scope(request), Date.now())),
  );

  app.get(
    '/api/plant-statistics/trend',
    {
      config: { permission: 'A/A' },
      schema: {
        tags: ['plant statistics'],
        querystring: fleetTrendQuerySchema,
        response: { 200: envelope(energyTrendSchema) },
      },
    },
    async (request) => ok(request, await fleetTrend(db, scope(request), request.query, Date.now())),
  );

  const detail = { permission: 'A' } as const;
  const tags = ['plant detail'];

  app.get(
    '/api/plants/:plantId/overview',
    {
      config: detail,
      schema: { tags, params: plantParams, response: { 200: envelope(plantOverviewSchema) } },
    },
    async (request) => ok(request, await plantOverview(db, scope(request), request.params.plantId, Date.now())),
  );

  app.get(
    '/api/plants/:plantId/devices',
    {
      config: detail,
      schema: { tags, params: plantParams, response: { 200: envelope(plantDevicesSchema) } },
    },
    async (request) => ok(request, await plantDevicesInfo(db, scope(request), request.params.plantId)),
  );

  app.get(
    '/api/plants/:plantId/realtime',
    {
      config: detail,
      schema: { tags, params: plantParams, response: { 200: envelope(plantRealtimeSchema) } },
    },
    async (request) => ok(request, await plantRealtime(db, scope(request), request.params.plantId)),
  );

  app.get(
    '/api/plants/:plantId/trend',
    {
      config: detail,
      schema: {
        tags,
        params: plantParams,
        querystring: plantTrendQuerySchema,
        response: { 200: envelope(energyTrendSchema) },
      },
    },
    async (request) =>
      ok(request, await plantTrend(db, scope(request), request.params.plantId, request.query, Date.now())),
  );

  app.get(
    '/api/plants/:plantId/generation',
    {
      config: detail,
      schema: {
        tags,
        params: plantParams,
        querystring: generationQuerySchema,
        response: { 200: envelope(generationSchema) },
      },
    },
    async (request) =>
      ok(request, await plantGeneration(db, scope(request), request.params.plantId, request.query, Date.now())),
  );

  app.get(
    '/api/plants/:plantId/savings',
    {
      config: detail,
      schema: { tags, params: plantParams, response: { 200: envelope(plantSavingsSchema) } },
    },
    async (request) => ok(request, await plantSavings(db, scope(request), request.params.plantId, Date.now())),
  );

  app.get(
    '/api/plants/:plantId/indicators',
    {
      config: detail,
      schema: { tags, params: plantParams, response: { 200: envelope(plantIndicatorsSchema) } },
    },
    async (request) => ok(request, await plantIndicatorList(db, scope(request), request.params.plantId)),
  );
};
