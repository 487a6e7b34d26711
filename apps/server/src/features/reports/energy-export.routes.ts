import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENERGY_EXPORT_RATE, energyExportQuerySchema } from '@voltfleet/domain/reports';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.js';
import { exportEnergy } from './energy-export.service.js';

/** The pages that offer the export: a plant's detail (A) and a device's detail (B/A). */
const EXPORT_PERMISSIONS = ['A', 'B/A'] as const;

async function requireExportPermission(request: FastifyRequest): Promise<void> {
  const caller = requireCaller(request);
  if (!EXPORT_PERMISSIONS.some((code) => caller.permissions.has(code))) throw forbidden();
}

/**
 * GET /api/energy-export: a month's daily or a year's monthly energies of devices in scope as a file, in one request
 * (issue 36 point 9). Recorded like the other exports (it takes data away), and limited per user: every request
 * builds its file from the rollups.
 */
export const energyExportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const limit = rateLimiter({ ...ENERGY_EXPORT_RATE, key: (r) => `user:${r.caller?.id ?? r.ip}` });
  app.get(
    '/api/energy-export',
    {
      config: { audit: { action: 'energy.export', category: 'report', objectType: 'device' } },
      // Permission, then the limit, before the query string is read: a refused caller spends nothing.
      onRequest: [requireExportPermission, limit],
      schema: {
        tags: ['reports'],
        description:
          'Daily (period=month, month=YYYY-MM, default last month) or monthly (period=year, year=YYYY) energies of ' +
          'up to 100 devices in scope, from the rollups, as xlsx or csv with headings in the caller’s language. ' +
          'Needs A or B/A.',
        querystring: energyExportQuerySchema,
      },
    },
    async (request, reply) => {
      const result = await exportEnergy(db, requireCaller(request), request.query, request.lang);
      request.auditObjectId = result.serials.join(',');
      return reply
        .header('content-type', request.query.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${result.fileName}"`)
        .header('cache-control', 'no-store')
        .send(result.file);
    },
  );
};
