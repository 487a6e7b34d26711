import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceDetailSchema,
  deviceHistoryQuerySchema,
  deviceHistorySchema,
  deviceRealtimeSchema,
} from '@voltfleet/domain/telemetry';
import { deviceFieldsSchema } from '@voltfleet/domain/devices';
import { envelope } from '@voltfleet/domain/envelope';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok, unparsedSerializer } from '../../platform/envelope.js';
import { idParams } from '../devices/index.js';
import { getDeviceDetail, getDeviceRealtime } from './device-detail.service.js';
import { saveDeviceFields } from './device-fields.service.js';
import { getDeviceHistory, isEmptyHistory } from './device-history.service.js';

/**
 * Device Center → a device's pages (B/A): its detail, live values and history. Above the devices feature (the
 * registry) and telemetry (the readings it shows).
 */
export const deviceDetailRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const offlineSeconds = config.deviceOfflineSeconds;

  app.get(
    '/api/devices/:id/detail',
    {
      config: { permission: 'B/A' },
      schema: { tags: ['devices'], params: idParams, response: { 200: envelope(deviceDetailSchema) } },
    },
    async (request) =>
      ok(request, await getDeviceDetail(db, requireCaller(request), offlineSeconds, request.params.id)),
  );

  // The fields an installer gives at stock-in, corrected later: the same permission as stock-in (decision
  // 0034-device-fields), scoped like the detail, audited.
  app.put(
    '/api/devices/:id/fields',
    {
      config: {
        permission: 'B/D:device.stockIn',
        audit: { action: 'device.editFields', category: 'device', objectType: 'device' },
      },
      schema: {
        tags: ['devices'],
        params: idParams,
        body: deviceFieldsSchema,
        response: { 200: envelope(deviceDetailSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const detail = await saveDeviceFields(db, requireCaller(request), offlineSeconds, id, request.body);
      return ok(request, detail, 'success.saved');
    },
  );

  app.get(
    '/api/devices/:id/realtime',
    {
      config: { permission: 'B/A' },
      schema: { tags: ['devices'], params: idParams, response: { 200: envelope(deviceRealtimeSchema) } },
    },
    async (request) =>
      ok(request, await getDeviceRealtime(db, requireCaller(request), offlineSeconds, request.params.id)),
  );

  app.get(
    '/api/devices/:id/history',
    {
      config: { permission: 'B/A' },
      schema: {
        tags: ['devices'],
        params: idParams,
        querystring: deviceHistoryQuerySchema,
        response: { 200: envelope(deviceHistorySchema) },
      },
      serializerCompiler: unparsedSerializer,
    },
    async (request) => {
      const caller = requireCaller(request);
      const history = await getDeviceHistory(db, caller, offlineSeconds, request.params.id, request.query);
      return ok(request, history, isEmptyHistory(history) ? 'history.noData' : 'ok');
    },
  );
};
