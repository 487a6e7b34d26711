import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { FIRMWARE_MAX_BYTES, firmwareImageSchema, firmwareOptionsSchema } from '@voltfleet/domain/firmware';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { invalid } from '../../platform/errors.js';
import { deleteImage, firmwareOptions, listCatalogue, uploadImage, type UploadedFile } from './firmware.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const FORM_FIELDS = new Set(['kind', 'family', 'version', 'notes']);

/** The form fields and the one file of a multipart upload; the size limit stops reading an oversized file early. */
async function readUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: UploadedFile }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { fileName: part.filename, bytes: await part.toBuffer() };
      else if (FORM_FIELDS.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalid('file', 'firmware.fileTooLarge', { maxMb: FIRMWARE_MAX_BYTES / 1024 / 1024 });
    throw err;
  }
  if (!file) throw invalid('file', 'firmware.fileMissing');
  return { fields, file };
}

/** Device Center → firmware catalogue (B/E:firmware.manage, operator level) and a device's upgrade options. */
export const firmwareRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  await app.register(multipart, { limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1, fields: 8, parts: 9 } });

  app.get(
    '/api/firmware',
    {
      config: { permission: 'B/E:firmware.manage' },
      schema: { tags: ['firmware'], response: { 200: envelope(z.array(firmwareImageSchema)) } },
    },
    async (request) => ok(request, await listCatalogue(db)),
  );

  app.post(
    '/api/firmware',
    {
      config: {
        permission: 'B/E:firmware.manage',
        audit: { action: 'firmware.upload', category: 'firmware', objectType: 'firmware' },
      },
      schema: {
        tags: ['firmware'],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(firmwareImageSchema) },
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request);
      const image = await uploadImage(db, config.dataDir, requireCaller(request), fields, file);
      request.auditObjectId = String(image.id);
      return ok(request, image, 'firmware.uploaded');
    },
  );

  app.delete(
    '/api/firmware/:id',
    {
      config: {
        permission: 'B/E:firmware.manage',
        audit: { action: 'firmware.delete', category: 'firmware', objectType: 'firmware' },
      },
      schema: { tags: ['firmware'], params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteImage(db, config.dataDir, request.params.id);
      return ok(request, null, 'success.deleted');
    },
  );

  app.get(
    '/api/devices/:id/firmware-options',
    {
      config: { permission: 'B/E:firmware.upgrade' },
      schema: { tags: ['firmware'], params: idParams, response: { 200: envelope(firmwareOptionsSchema) } },
    },
    async (request) => ok(request, await firmwareOptions(db, requireCaller(request), request.params.id, request.lang)),
  );
};
