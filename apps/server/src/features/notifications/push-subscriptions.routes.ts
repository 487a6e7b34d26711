import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushPublicKeySchema,
  pushSubscribeSchema,
  pushSubscriptionSchema,
  pushTestResultSchema,
} from '@voltfleet/domain/alarms';
import { envelope } from '@voltfleet/domain/envelope';
import type { VettedTarget } from '../../platform/outbound-target.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { pushSender, type VapidSigner } from './push-sender.js';
import {
  listMyPushSubscriptions,
  removePushSubscription,
  subscribePush,
  testPush,
} from './push-subscriptions.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const audit = (action: string) => ({ action, category: 'user', objectType: 'pushSubscription' });

export interface PushRoutesDeps {
  db: Db;
  vapid: VapidSigner;
  publicUrl: string;
  /** Tests only (VOLTFLEET_PUSH_TEST_LOOPBACK): http endpoints on 127.0.0.1 are accepted. */
  allowLoopbackHttp: boolean;
  vetEndpoint: (url: string) => Promise<VettedTarget>;
}

/**
 * Web Push subscriptions (issue 41 point 3): the signed-in user's browsers that receive alarm and work-order pushes.
 * No permission code: whoever may sign in may be notified. Each user sees and removes only their own; API keys are
 * refused (`keys: false`): a program has no browser to notify, and a leaked key must not redirect notices.
 */
export const pushSubscriptionsRoutes: FastifyPluginAsyncZod<PushRoutesDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['push notifications'];
  const send = pushSender({
    vapid: deps.vapid,
    allowLoopbackHttp: deps.allowLoopbackHttp,
    timeoutMs: 10_000,
    vetEndpoint: deps.vetEndpoint,
  });
  // A test push is an outgoing call on a click: a few a minute are plenty.
  const testLimit = rateLimiter({ max: 10, windowMs: 60_000, key: (r) => `pushtest:${r.caller?.id ?? r.ip}` });

  app.get(
    '/api/push/public-key',
    { config: { keys: false }, schema: { tags, response: { 200: envelope(pushPublicKeySchema) } } },
    async (request) => {
      requireCaller(request);
      return ok(request, { publicKey: deps.vapid.publicKey });
    },
  );

  app.get(
    '/api/push/subscriptions',
    { config: { keys: false }, schema: { tags, response: { 200: envelope(z.array(pushSubscriptionSchema)) } } },
    async (request) => ok(request, await listMyPushSubscriptions(db, requireCaller(request))),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { keys: false, audit: audit('pushSubscription.create') },
      schema: { tags, body: pushSubscribeSchema, response: { 200: envelope(pushSubscriptionSchema) } },
    },
    async (request) => {
      const ua = request.headers['user-agent'];
      const saved = await subscribePush(db, requireCaller(request), request.body, ua, deps.allowLoopbackHttp);
      request.auditObjectId = String(saved.id);
      return ok(request, saved);
    },
  );

  app.post(
    '/api/push/subscriptions/:id/test',
    {
      config: { keys: false, audit: audit('pushSubscription.test') },
      preHandler: testLimit,
      schema: { tags, params: idParams, response: { 200: envelope(pushTestResultSchema) } },
    },
    async (request) =>
      ok(
        request,
        await testPush(db, requireCaller(request), request.params.id, {
          send,
          lang: request.lang,
          publicUrl: deps.publicUrl,
        }),
      ),
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      config: { keys: false, audit: audit('pushSubscription.delete') },
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removePushSubscription(db, requireCaller(request), request.params.id);
      return ok(request, null);
    },
  );
};
