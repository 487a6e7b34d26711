import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  debugDeviceQuerySchema,
  debugDeviceListSchema,
  debugReadInputSchema,
  debugReadResultSchema,
} from '@voltfleet/domain/commands';
import { envelope } from '@voltfleet/domain/envelope';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import type { DebugGatewaySlot } from './online-debug.service.js';
import { debugRead, searchDebugDevices } from './online-debug.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OSIM gateway the online debug page reads through (attached by the runtime's osim role). */
    onlineDebug: DebugGatewaySlot;
  }
}

const deviceParams = z.object({ deviceId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Device Center → online debug (B/E): reading data from a device connected over OSIM. */
export const onlineDebugRoutes: FastifyPluginAsyncZod<{ db: Db; slot: DebugGatewaySlot }> = async (
  app,
  { db, slot },
) => {
  // Each read occupies the device's one request slot between polls: a reading every two seconds is plenty.
  const readLimit = rateLimiter({ max: 30, windowMs: 60_000 });

  app.get(
    '/api/debug/devices',
    {
      config: { permission: 'B/E' },
      schema: {
        tags: ['online debug'],
        querystring: debugDeviceQuerySchema,
        response: { 200: envelope(debugDeviceListSchema) },
      },
    },
    async (request) => ok(request, await searchDebugDevices(db, slot, requireCaller(request), request.query.q ?? '')),
  );

  app.post(
    '/api/debug/:deviceId/read',
    {
      config: { permission: 'B/E', audit: { action: 'debug.read', category: 'command', objectType: 'device' } },
      preHandler: readLimit,
      schema: {
        tags: ['online debug'],
        params: deviceParams,
        body: debugReadInputSchema,
        response: { 200: envelope(debugReadResultSchema) },
      },
    },
    async (request) => {
      const result = await debugRead(
        db,
        slot,
        requireCaller(request),
        request.params.deviceId,
        request.body,
        request.lang,
      );
      request.auditObjectId = result.sn;
      return ok(request, result);
    },
  );
};

/** Registers the routes and exposes the gateway slot (services.ts) the runtime attaches the OSIM gateway to. */
export async function registerOnlineDebug(app: FastifyInstance, db: Db, slot: DebugGatewaySlot): Promise<void> {
  app.decorate('onlineDebug', slot);
  await app.register(onlineDebugRoutes, { db, slot });
}
