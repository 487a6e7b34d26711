import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceFilterOptionsSchema,
  deviceListFilterSchema,
  deviceListItemSchema,
  deviceListQuerySchema,
} from '@voltfleet/domain/device-list';
import { envelope, paged } from '@voltfleet/domain/envelope';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { XLSX_CONTENT_TYPE, exportFileName } from '../../platform/spreadsheet.js';
import { exportDevicesXlsx } from './device-export.js';
import { deviceFilterOptions, getDevice, listDevices } from './devices.service.js';

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Device Center → device list (B/A): the devices in the caller's scope (their detail pages: features/device-detail). */
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
    '/api/devices/filter-options',
    {
      config: { permission: 'B/A' },
      schema: { tags: ['devices'], response: { 200: envelope(deviceFilterOptionsSchema) } },
    },
    async (request) => ok(request, await deviceFilterOptions(db, requireCaller(request), offlineSeconds)),
  );

  // The export takes data away, so it is recorded like a change (the audit plugin records read routes with a config).
  app.get(
    '/api/devices/export',
    {
      config: {
        permission: 'B/A:device.export',
        audit: { action: 'device.export', category: 'device', objectType: 'device' },
      },
      schema: { tags: ['devices'], querystring: deviceListFilterSchema },
    },
    async (request, reply) => {
      const sheet = await exportDevicesXlsx(db, requireCaller(request), offlineSeconds, request.query, request.lang);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName('devices', 'xlsx')}"`)
        .header('cache-control', 'no-store')
        .send(sheet);
    },
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
