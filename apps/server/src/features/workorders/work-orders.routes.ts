import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import {
  WORK_ORDER_LIMITS,
  workOrderAssignSchema,
  workOrderCommentSchema,
  workOrderDetailSchema,
  workOrderEditSchema,
  workOrderIdParamsSchema,
  workOrderImageParamsSchema,
  workOrderImageSchema,
  workOrderInputSchema,
  workOrderListQuerySchema,
  workOrderOptionsSchema,
  workOrderPageSchema,
  workOrderTransitionSchema,
} from '@voltfleet/domain/workorders';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { imageHeaders, uploadedFile } from '../../platform/image.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { addWorkOrderImage, removeWorkOrderImage, workOrderImage } from './work-order-images.service.js';
import { assignWorkOrder, commentWorkOrder, transitionWorkOrder } from './work-order-steps.service.js';
import {
  createWorkOrder,
  editWorkOrder,
  workOrderDetail,
  workOrderOptions,
  workOrderPage,
} from './work-orders.service.js';

// Work orders concern plants and their devices, so the records page files them with the plant changes.
const audit = (action: string) => ({ action, category: 'plant', objectType: 'workOrder' });
const tags = ['work orders'];
const detail = { 200: envelope(workOrderDetailSchema) };
const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * Work orders (R1.2; a shell entry of R2.12, so no permission code: every signed-in user works with the work
 * orders of their scope, docs/decisions/0014). A work order outside the caller's view answers 404 like a missing one;
 * every change is audited.
 */
export const workOrdersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // One small file per request; reading stops at R9.5's 1 MB, so an oversized upload is never held whole.
  await app.register(multipart, {
    limits: { fileSize: WORK_ORDER_LIMITS.imageBytes, files: 1, fields: 0, parts: 1 },
  });
  // Decoding and re-encoding costs CPU: a person photographing a job needs far fewer than this.
  const uploadLimit = rateLimiter({ max: 30, windowMs: 10 * 60_000, key: (r) => `user:${r.caller?.id ?? r.ip}` });

  app.get(
    '/api/work-orders',
    { schema: { tags, querystring: workOrderListQuerySchema, response: { 200: envelope(workOrderPageSchema) } } },
    async (request) => ok(request, await workOrderPage(db, requireCaller(request), request.query)),
  );

  app.get(
    '/api/work-orders/options',
    { schema: { tags, response: { 200: envelope(workOrderOptionsSchema) } } },
    async (request) => ok(request, await workOrderOptions(db, requireCaller(request))),
  );

  app.get(
    '/api/work-orders/:id',
    { schema: { tags, params: workOrderIdParamsSchema, response: detail } },
    async (request) => ok(request, await workOrderDetail(db, requireCaller(request), request.params.id)),
  );

  app.post(
    '/api/work-orders',
    {
      config: { audit: audit('workOrder.create') },
      schema: { tags, body: workOrderInputSchema, response: detail },
    },
    async (request) => {
      const order = await createWorkOrder(db, requireCaller(request), request.body);
      request.auditObjectId = String(order.id);
      return ok(request, order, 'success.added');
    },
  );

  app.put(
    '/api/work-orders/:id',
    {
      config: { audit: audit('workOrder.edit') },
      schema: { tags, params: workOrderIdParamsSchema, body: workOrderEditSchema, response: detail },
    },
    async (request) =>
      ok(request, await editWorkOrder(db, requireCaller(request), request.params.id, request.body), 'success.edited'),
  );

  app.post(
    '/api/work-orders/:id/assign',
    {
      config: { audit: audit('workOrder.assign') },
      schema: { tags, params: workOrderIdParamsSchema, body: workOrderAssignSchema, response: detail },
    },
    async (request) =>
      ok(request, await assignWorkOrder(db, requireCaller(request), request.params.id, request.body), 'success.saved'),
  );

  app.post(
    '/api/work-orders/:id/transition',
    {
      config: { audit: audit('workOrder.transition') },
      schema: { tags, params: workOrderIdParamsSchema, body: workOrderTransitionSchema, response: detail },
    },
    async (request) =>
      ok(
        request,
        await transitionWorkOrder(db, requireCaller(request), request.params.id, request.body),
        'success.saved',
      ),
  );

  app.post(
    '/api/work-orders/:id/comments',
    {
      config: { audit: audit('workOrder.comment') },
      schema: { tags, params: workOrderIdParamsSchema, body: workOrderCommentSchema, response: detail },
    },
    async (request) =>
      ok(request, await commentWorkOrder(db, requireCaller(request), request.params.id, request.body), 'success.added'),
  );

  app.post(
    '/api/work-orders/:id/images',
    {
      config: { audit: audit('workOrder.imageAdd') },
      preHandler: uploadLimit,
      schema: {
        tags,
        params: workOrderIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(workOrderImageSchema) },
      },
    },
    async (request) => {
      const image = await addWorkOrderImage(db, requireCaller(request), request.params.id, await uploadedFile(request));
      // The record names the image; the work order is in the path.
      request.body = { imageId: image.id, bytes: image.bytes, contentType: image.contentType };
      return ok(request, image, 'workOrder.uploaded');
    },
  );

  app.get(
    '/api/work-orders/:id/images/:imageId',
    { schema: { tags, params: workOrderImageParamsSchema } },
    async (request, reply) => {
      const { id, imageId } = request.params;
      const image = await workOrderImage(db, requireCaller(request), id, imageId);
      // Our own re-encoded bytes with their real type; a fixed file name of digits cannot carry markup or a path.
      return reply
        .headers(imageHeaders(image.contentType, `work-order-${id}-${imageId}.${EXTENSION[image.contentType]}`))
        .header('cache-control', 'private, max-age=3600')
        .send(image.data);
    },
  );

  app.delete(
    '/api/work-orders/:id/images/:imageId',
    {
      config: { audit: audit('workOrder.imageRemove') },
      schema: { tags, params: workOrderImageParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const { id, imageId } = request.params;
      await removeWorkOrderImage(db, requireCaller(request), id, imageId);
      return ok(request, null, 'success.deleted');
    },
  );
};
