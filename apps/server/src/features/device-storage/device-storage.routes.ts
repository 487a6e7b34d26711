import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateSchema,
  deviceCredentialsSchema,
  IMPORT_MAX_BYTES,
  importResultSchema,
  stockInResultSchema,
  stockInSchema,
  storageItemSchema,
  storageListQuerySchema,
} from '@voltfleet/domain/devices';
import { envelope, paged } from '@voltfleet/domain/envelope';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { invalid } from '../../platform/errors.js';
import { XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.js';
import { brokerSync } from './broker-sync.js';
import { activate, deactivate, listStorageDevices, rotateCredentials, stockIn } from './device-storage.service.js';
import { readImportSheet } from './import-sheet.js';
import { importDevices } from './import.service.js';
import { buildTemplate } from './sheets.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const audit = (action: string) => ({ action, category: 'device', objectType: 'device' });

/** The uploaded sheet's bytes; refused whole when missing or over the size limit. */
async function uploadedSheet(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file().catch(() => undefined);
  if (!file) throw invalid('file', 'deviceStorage.fileMissing');
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalid('file', 'deviceStorage.fileTooLarge', { maxMb: IMPORT_MAX_BYTES / 1024 / 1024 });
    throw err;
  }
}

/** Device Center → device storage (B/D): stock-in with link credentials, activation, batch import. */
export const deviceStorageRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Multipart only for this plugin's routes; the limit stops reading an oversized upload early.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const sync = brokerSync(
    db,
    { mqttUrl: config.mqttUrl, authDir: config.mosquittoAuthDir, pidFile: config.mosquittoPidFile },
    app.log,
  );

  app.get(
    '/api/device-storage',
    {
      config: { permission: 'B/D' },
      schema: {
        tags: ['device-storage'],
        querystring: storageListQuerySchema,
        response: { 200: envelope(paged(storageItemSchema)) },
      },
    },
    async (request) => ok(request, await listStorageDevices(db, requireCaller(request), request.query)),
  );

  app.post(
    '/api/device-storage',
    {
      config: { permission: 'B/D:device.stockIn', audit: audit('device.stockIn') },
      schema: { tags: ['device-storage'], body: stockInSchema, response: { 200: envelope(stockInResultSchema) } },
    },
    async (request) => {
      const result = await stockIn(db, requireCaller(request), request.body);
      request.auditObjectId = String(result.device.id);
      if (result.credentials) await sync();
      return ok(request, result, 'success.stockedIn');
    },
  );

  app.post(
    '/api/device-storage/:id/rotate-credentials',
    {
      config: { permission: 'B/D:device.stockIn', audit: audit('device.rotateCredentials') },
      schema: { tags: ['device-storage'], params: idParams, response: { 200: envelope(deviceCredentialsSchema) } },
    },
    async (request) => {
      const credentials = await rotateCredentials(db, requireCaller(request), request.params.id);
      await sync();
      return ok(request, credentials, 'deviceStorage.credentialsRotated');
    },
  );

  app.post(
    '/api/device-storage/:id/activate',
    {
      config: { permission: 'B/D:device.activate', audit: audit('device.activate') },
      schema: {
        tags: ['device-storage'],
        params: idParams,
        body: activateSchema,
        response: { 200: envelope(storageItemSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await activate(db, requireCaller(request), request.params.id, request.body.plantId),
        'success.activated',
      ),
  );

  app.post(
    '/api/device-storage/:id/deactivate',
    {
      config: { permission: 'B/D:device.activate', audit: audit('device.deactivate') },
      schema: { tags: ['device-storage'], params: idParams, response: { 200: envelope(storageItemSchema) } },
    },
    async (request) =>
      ok(request, await deactivate(db, requireCaller(request), request.params.id), 'deviceStorage.deactivated'),
  );

  app.get(
    '/api/device-storage/template',
    { config: { permission: 'B/D:device.import' }, schema: { tags: ['device-storage'] } },
    async (request, reply) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', 'attachment; filename="device-import-template.xlsx"')
        .send(await buildTemplate(request.lang)),
  );

  app.post(
    '/api/device-storage/import',
    {
      config: { permission: 'B/D:device.import', audit: audit('device.import') },
      schema: {
        tags: ['device-storage'],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(importResultSchema) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const rows = await readImportSheet(await uploadedSheet(request));
      const result = await importDevices(db, caller, rows, request.lang);
      request.auditObjectId = `${result.accepted.length} accepted, ${result.rejected.length} rejected`;
      if (result.credentialsSheet) await sync();
      return ok(request, result, 'deviceStorage.importFinished');
    },
  );
};
