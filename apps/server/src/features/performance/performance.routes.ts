import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import {
  deviceRankingSchema,
  performanceExportQuerySchema,
  performanceRankingQuerySchema,
  plantPerformanceQuerySchema,
  plantPerformanceSchema,
  plantRankingSchema,
} from '@voltfleet/domain/performance';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller, type Caller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { AppError } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, exportFileName } from '../../platform/spreadsheet.js';
import { exportDeviceRanking, exportPlantRanking } from './performance-export.js';
import { plantForPerformance } from './performance.repository.js';
import { deviceRankingRows, pageOf, plantPerformance, plantRankingRows } from './performance.service.js';

const plantParams = z.object({ plantId: z.coerce.number().int().positive().max(2_147_483_647) });
const scopeOf = (caller: Caller) => ({ pattern: subtreePattern(caller), callerId: caller.id });
const audit = { action: 'performance.export', category: 'plant', objectType: 'plant' };

/**
 * Performance analytics (module A; docs/performance.md): a plant's Performance tab, the fleet's rankings of plants
 * and inverters (worst first) and their exports. Every answer holds only the caller's plants and devices.
 */
export const performanceRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const settings = config.performance.settings;

  app.get(
    '/api/plants/:plantId/performance',
    {
      config: { permission: 'A' },
      schema: {
        tags: ['performance'],
        description:
          'Actual vs expected PV energy per day, month or year of the plant calendar, the performance ratio ' +
          '(IEC 61724-1) and specific yield, the irradiance source and sunny days, and the under-performance verdict.',
        params: plantParams,
        querystring: plantPerformanceQuerySchema,
        response: { 200: envelope(plantPerformanceSchema) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const plant = await plantForPerformance(db, scopeOf(caller), request.params.plantId);
      if (!plant) throw new AppError('not_found', 'plant.notFound');
      return ok(request, await plantPerformance(db, plant, request.query, settings, Date.now()));
    },
  );

  app.get(
    '/api/performance/plants',
    {
      config: { permission: 'A' },
      schema: {
        tags: ['performance'],
        description: 'The plants in scope ranked by performance ratio over the span, worst first.',
        querystring: performanceRankingQuerySchema,
        response: { 200: envelope(plantRankingSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await plantRankingRows(db, scopeOf(requireCaller(request)), q);
      return ok(request, pageOf(rows, q.page, q.pageSize));
    },
  );

  app.get(
    '/api/performance/devices',
    {
      config: { permission: 'A' },
      schema: {
        tags: ['performance'],
        description:
          'The inverters in scope ranked by their share of the median energy of their plant\u2019s inverters of ' +
          'the same model over the span, worst first (inverters without such siblings last).',
        querystring: performanceRankingQuerySchema,
        response: { 200: envelope(deviceRankingSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await deviceRankingRows(db, scopeOf(requireCaller(request)), q);
      return ok(request, pageOf(rows, q.page, q.pageSize));
    },
  );

  // Exports take data away, so they are recorded like a change (the audit plugin records read routes with a config).
  const exportOptions = (subject: string) => ({
    config: { permission: 'A', audit },
    schema: {
      tags: ['performance'],
      description: `The whole ${subject} ranking of the filter as .xlsx or .csv, headers in the caller language.`,
      querystring: performanceExportQuerySchema,
    },
  });
  const sendSheet = (reply: FastifyReply, file: Buffer, stem: string, format: 'xlsx' | 'csv') =>
    reply
      .header('content-type', format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${exportFileName(stem, format)}"`)
      .header('cache-control', 'no-store')
      .send(file);

  app.get('/api/performance/plants/export', exportOptions('plants'), async (request, reply) => {
    const q = request.query;
    const file = await exportPlantRanking(db, scopeOf(requireCaller(request)), q, request.lang);
    return sendSheet(reply, file, 'performance-plants', q.format);
  });

  app.get('/api/performance/devices/export', exportOptions('inverters'), async (request, reply) => {
    const q = request.query;
    const file = await exportDeviceRanking(db, scopeOf(requireCaller(request)), q, request.lang);
    return sendSheet(reply, file, 'performance-devices', q.format);
  });
};
