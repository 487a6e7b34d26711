import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { batteryHealthQuerySchema, batteryHealthSchema } from '@voltfleet/domain/performance';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { batteryHealthOf } from './battery-health.service.js';

const deviceParams = z.object({ deviceId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Device Center → a battery's detail → battery health (B/A, as the device's other pages): state-of-health trend,
 * cycles, round-trip efficiency per month and cell-voltage spread, scoped like the device detail (issue 42).
 */
export const batteryHealthRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/api/devices/:deviceId/battery-health',
    {
      config: { permission: 'B/A' },
      schema: {
        tags: ['devices'],
        params: deviceParams,
        querystring: batteryHealthQuerySchema,
        response: { 200: envelope(batteryHealthSchema) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { deviceId } = request.params;
      const health = await batteryHealthOf(
        db,
        caller,
        config.deviceOfflineSeconds,
        deviceId,
        request.query.months,
        config.performance.settings,
      );
      return ok(request, health);
    },
  );
};
