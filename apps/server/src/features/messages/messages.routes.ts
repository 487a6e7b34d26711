import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, paged } from '@voltfleet/domain/envelope';
import {
  messageChangedSchema,
  messageCountSchema,
  messageIdsSchema,
  messageListQuerySchema,
  messageReadAllSchema,
  messageSchema,
} from '@voltfleet/domain/notices';
import type { Db } from '../../db/db.js';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { messagePage, readAllMessages, readMessages, removeMessages, unreadCount } from './messages.service.js';

// A user's inbox is theirs, not plant data: its records sit in the 'system' category like the upgrade notices'.
const audit = (action: string) => ({ action, category: 'system', objectType: 'message' });

/**
 * In-app messages: every signed-in user reads and manages their own (no permission: an inbox is not a privileged
 * function; docs/decisions/0014). Every statement is scoped to the caller.
 */
export const messagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Each change writes an operation record: a script clicking "mark read" in a loop must not flood the trail.
  const changeLimit = rateLimiter({ max: 120, windowMs: 60_000 });

  app.get(
    '/api/messages',
    {
      schema: {
        tags: ['messages'],
        querystring: messageListQuerySchema,
        response: { 200: envelope(paged(messageSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(request, {
        ...(await messagePage(db, requireCaller(request), q)),
        page: q.page,
        pageSize: q.pageSize,
      });
    },
  );

  app.get(
    '/api/messages/unread-count',
    { schema: { tags: ['messages'], response: { 200: envelope(messageCountSchema) } } },
    async (request) => ok(request, { count: await unreadCount(db, requireCaller(request)) }),
  );

  app.post(
    '/api/messages/read',
    {
      config: { audit: audit('message.read') },
      preHandler: changeLimit,
      schema: { tags: ['messages'], body: messageIdsSchema, response: { 200: envelope(messageChangedSchema) } },
    },
    async (request) => ok(request, { changed: await readMessages(db, requireCaller(request), request.body.ids) }),
  );

  app.post(
    '/api/messages/read-all',
    {
      config: { audit: audit('message.readAll') },
      preHandler: changeLimit,
      schema: { tags: ['messages'], body: messageReadAllSchema, response: { 200: envelope(messageChangedSchema) } },
    },
    async (request) =>
      ok(request, { changed: await readAllMessages(db, requireCaller(request), request.body.kind) }, 'success.cleared'),
  );

  app.post(
    '/api/messages/delete',
    {
      config: { audit: audit('message.delete') },
      preHandler: changeLimit,
      schema: { tags: ['messages'], body: messageIdsSchema, response: { 200: envelope(messageChangedSchema) } },
    },
    async (request) =>
      ok(request, { changed: await removeMessages(db, requireCaller(request), request.body.ids) }, 'success.deleted'),
  );
};
