import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, paged } from '@voltfleet/domain/envelope';
import {
  noticeIdParamsSchema,
  noticeInputSchema,
  noticeListQuerySchema,
  noticeSchema,
} from '@voltfleet/domain/notices';
import type { Db } from '../../db/db.js';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import { dismissNotice, noticePage, publishNotice, unseenNotices, withdrawNotice } from './notices.service.js';

// Notices concern the whole platform, so their records sit in the 'system' category.
const audit = (action: string) => ({ action, category: 'system', objectType: 'notice' });
const PUBLISH = 'E:notice.publish';

/** Upgrade notices: read by every signed-in user (no permission), published and withdrawn with E:notice.publish. */
export const noticesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/notices/unseen',
    { schema: { tags: ['notices'], response: { 200: envelope(z.array(noticeSchema)) } } },
    async (request) => ok(request, await unseenNotices(db, requireCaller(request))),
  );

  app.get(
    '/api/notices',
    {
      schema: {
        tags: ['notices'],
        querystring: noticeListQuerySchema,
        response: { 200: envelope(paged(noticeSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(request, { ...(await noticePage(db, q)), page: q.page, pageSize: q.pageSize });
    },
  );

  app.post(
    '/api/notices/:id/dismiss',
    {
      config: { audit: audit('notice.dismiss') },
      schema: { tags: ['notices'], params: noticeIdParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await dismissNotice(db, requireCaller(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/api/notices',
    {
      config: { permission: PUBLISH, audit: audit('notice.publish') },
      schema: { tags: ['notices'], body: noticeInputSchema, response: { 200: envelope(noticeSchema) } },
    },
    async (request) => {
      const notice = await publishNotice(db, requireCaller(request), request.body);
      request.auditObjectId = String(notice.id);
      return ok(request, notice, 'success.added');
    },
  );

  app.delete(
    '/api/notices/:id',
    {
      config: { permission: PUBLISH, audit: audit('notice.withdraw') },
      schema: { tags: ['notices'], params: noticeIdParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await withdrawNotice(db, request.params.id);
      return ok(request, null, 'success.deleted');
    },
  );
};
