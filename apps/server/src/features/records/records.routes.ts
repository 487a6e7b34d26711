import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, paged } from '@voltfleet/domain/envelope';
import {
  operationExportQuerySchema,
  operationQuerySchema,
  operationRecordSchema,
  recordUserSchema,
} from '@voltfleet/domain/records';
import type { Db } from '../../db/db.js';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import { subtreePattern } from '../../platform/scope.js';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, exportFileName } from '../../platform/spreadsheet.js';
import { userOptions } from '../users/index.js';
import { exportOperationRecords } from './records-export.js';
import { listOperationRecords } from './records.repository.js';

/** Operation records of the caller and everyone below them (actions by unknown users, like failed logins, are not). */
export const recordsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/records/operations',
    {
      config: { permission: 'D/D' },
      schema: {
        tags: ['records'],
        querystring: operationQuerySchema,
        response: { 200: envelope(paged(operationRecordSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const caller = requireCaller(request);
      const page = await listOperationRecords(db, { pattern: subtreePattern(caller), callerId: caller.id }, q);
      return ok(request, { ...page, page: q.page, pageSize: q.pageSize });
    },
  );

  // The export takes data away, so it is recorded like a change (the audit plugin records read routes with a config).
  app.get(
    '/api/records/operations/export',
    {
      config: { permission: 'D/D', audit: { action: 'records.export', category: 'system' } },
      schema: {
        tags: ['records'],
        description:
          'The filtered operation records of the caller subtree as .xlsx or .csv (at most 50,000, newest first), ' +
          'headers in the caller language, times on the wall clock of `timeZone` with the offset in the header.',
        querystring: operationExportQuerySchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const caller = requireCaller(request);
      const reader = { pattern: subtreePattern(caller), callerId: caller.id };
      const file = await exportOperationRecords(db, reader, q, request.lang);
      return reply
        .header('content-type', q.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName('operation-records', q.format)}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  // The user filter's choices: the caller and their subtree, whatever their right to manage users.
  app.get(
    '/api/records/users',
    {
      config: { permission: 'D/D' },
      schema: { tags: ['records'], response: { 200: envelope(z.array(recordUserSchema)) } },
    },
    async (request) =>
      ok(
        request,
        (await userOptions(db, requireCaller(request))).map(({ id, username }) => ({ id, username })),
      ),
  );
};
