import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, operationQuerySchema, operationRecordSchema, paged } from '@voltfleet/domain';
import type { Db } from '../../db/db.js';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import { subtreePattern } from '../../platform/scope.js';
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
};
