import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceListItemSchema, deviceListQuerySchema, envelope, paged } from '@voltfleet/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { getDevice, listDevices } from './devices.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Device Center → device list (B/A): the devices in the caller's scope with their status and newest values. */
export const devicesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const offlineSeconds = config.deviceOfflineSeconds;

  app.get(
    '/api/devices',
    {
      config: { permission: 'B/A' },
      schema: {
        tags: ['devices'],
        querystring: deviceListQuerySchema,
        response: { 200: envelope(paged(deviceListItemSchema)) },
      },
    },
    async (request) => ok(request, await listDevices(db, requireCaller(request), offlineSeconds, request.query)),
  );

  app.get(
    '/api/devices/:id',
    {
      config: { permission: 'B/A' },
      schema: { tags: ['devices'], params: idParams, response: { 200: envelope(deviceListItemSchema) } },
    },
    async (request) => ok(request, await getDevice(db, requireCaller(request), offlineSeconds, request.params.id)),
  );
};
