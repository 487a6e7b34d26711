import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import {
  webhookCreateSchema,
  webhookCreatedSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookSchema,
  webhookSecretSchema,
  webhookUpdateSchema,
} from '@voltfleet/domain/webhooks';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import {
  createWebhook,
  listWebhooks,
  pingWebhook,
  redeliverWebhook,
  removeWebhook,
  rotateWebhookSecret,
  updateWebhook,
  webhookDeliveries,
  type WebhookDeps,
} from './webhooks.service.js';

// A webhook sends its owner's data out of the platform: the records file it with the account's own changes.
const audit = (action: string) => ({ action, category: 'user', objectType: 'webhook' });
const tags = ['webhooks'];
// Managing webhooks mints and widens credentials (secrets, targets): a session only, never an API key.
const config = (action?: string) => ({ keys: false, ...(action ? { audit: audit(action) } : {}) });

/**
 * A user's signed webhooks (issue 40 point 2, docs/integrations.md "Webhooks"): every route reads and changes the
 * caller's own subscriptions only; another user's answers 404 like a missing one. Creation and test pings are
 * rate-limited per user (each resolves a host name and may send a request out).
 */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhookDeps> = async (app, deps) => {
  const { db } = deps;
  const createLimit = rateLimiter({ max: 20, windowMs: 10 * 60_000, key: (r) => `webhook:${r.caller?.id ?? r.ip}` });
  const pingLimit = rateLimiter({ max: 10, windowMs: 60_000, key: (r) => `webhook-ping:${r.caller?.id ?? r.ip}` });

  app.get(
    '/api/webhooks',
    { config: config(), schema: { tags, response: { 200: envelope(z.array(webhookSchema)) } } },
    async (request) => ok(request, await listWebhooks(db, requireCaller(request))),
  );

  app.post(
    '/api/webhooks',
    {
      config: config('webhook.create'),
      preHandler: createLimit,
      schema: { tags, body: webhookCreateSchema, response: { 200: envelope(webhookCreatedSchema) } },
    },
    async (request) => {
      const created = await createWebhook(deps, requireCaller(request), request.body);
      request.auditObjectId = String(created.id);
      return ok(request, created, 'success.added');
    },
  );

  app.put(
    '/api/webhooks/:id',
    {
      config: config('webhook.update'),
      schema: {
        tags,
        params: webhookIdParamsSchema,
        body: webhookUpdateSchema,
        response: { 200: envelope(webhookSchema) },
      },
    },
    async (request) => {
      request.auditObjectId = String(request.params.id);
      return ok(
        request,
        await updateWebhook(deps, requireCaller(request), request.params.id, request.body),
        'success.saved',
      );
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: config('webhook.delete'),
      schema: { tags, params: webhookIdParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      request.auditObjectId = String(request.params.id);
      await removeWebhook(db, requireCaller(request), request.params.id);
      return ok(request, null, 'success.deleted');
    },
  );

  app.post(
    '/api/webhooks/:id/rotate',
    {
      config: config('webhook.rotate'),
      schema: { tags, params: webhookIdParamsSchema, response: { 200: envelope(webhookSecretSchema) } },
    },
    async (request) => {
      request.auditObjectId = String(request.params.id);
      return ok(request, await rotateWebhookSecret(db, requireCaller(request), request.params.id), 'webhook.rotated');
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      config: config('webhook.test'),
      preHandler: pingLimit,
      schema: { tags, params: webhookIdParamsSchema, response: { 200: envelope(webhookDeliverySchema) } },
    },
    async (request) => {
      request.auditObjectId = String(request.params.id);
      return ok(request, await pingWebhook(deps, requireCaller(request), request.params.id), 'webhook.pingSent');
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: config(),
      schema: {
        tags,
        params: webhookIdParamsSchema,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: envelope(webhookDeliveryPageSchema) },
      },
    },
    async (request) =>
      ok(request, await webhookDeliveries(db, requireCaller(request), request.params.id, request.query)),
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: config('webhook.redeliver'),
      schema: { tags, params: webhookDeliveryParamsSchema, response: { 200: envelope(webhookDeliverySchema) } },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      request.auditObjectId = String(id);
      return ok(request, await redeliverWebhook(db, requireCaller(request), id, deliveryId), 'webhook.redelivered');
    },
  );
};
