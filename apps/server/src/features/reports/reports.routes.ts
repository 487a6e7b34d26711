import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { fieldChanges } from '@voltfleet/domain/records';
import {
  reportDeviceSchema,
  reportExportInputSchema,
  reportExportJobSchema,
  reportQueryStringSchema,
  reportSchema,
  reportTemplateInputSchema,
  reportTemplateSchema,
} from '@voltfleet/domain/reports';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { subtreePattern } from '../../platform/scope.js';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.js';
import { buildReport } from './report-data.service.js';
import { energyExportRoutes } from './energy-export.routes.js';
import { searchDevicesInScope } from './report-devices.repository.js';
import { createExport, downloadExport, getExport, listExports } from './report-exports.service.js';
import {
  createTemplate,
  editTemplate,
  getTemplate,
  listTemplates,
  removeTemplate,
} from './report-templates.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const deviceSearch = z.strictObject({ search: z.string().trim().max(64, 'validation.tooLong').default('') });
const audit = (action: string) => ({ action, category: 'report', objectType: 'reportTemplate' });
const tags = ['reports'];
const CONTENT_TYPES = { xlsx: XLSX_CONTENT_TYPE, csv: CSV_CONTENT_TYPE } as const;

/**
 * User Center → report management (D/E): my templates and data selection. Templates belong to their saver (the
 * saver's superiors see them, only the saver changes them); exports belong to whoever asked for them.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(energyExportRoutes, { db });

  app.get(
    '/api/report-templates',
    { config: { permission: 'D/E' }, schema: { tags, response: { 200: envelope(z.array(reportTemplateSchema)) } } },
    async (request) => ok(request, await listTemplates(db, requireCaller(request))),
  );

  app.get(
    '/api/report-templates/:id',
    {
      config: { permission: 'D/E' },
      schema: { tags, params: idParams, response: { 200: envelope(reportTemplateSchema) } },
    },
    async (request) => ok(request, await getTemplate(db, requireCaller(request), request.params.id)),
  );

  app.post(
    '/api/report-templates',
    {
      config: { permission: 'D/E:template.edit', audit: audit('reportTemplate.create') },
      schema: { tags, body: reportTemplateInputSchema, response: { 200: envelope(reportTemplateSchema) } },
    },
    async (request) => {
      const template = await createTemplate(db, requireCaller(request), request.body);
      request.auditObjectId = String(template.id);
      return ok(request, template, 'success.added');
    },
  );

  app.put(
    '/api/report-templates/:id',
    {
      config: { permission: 'D/E:template.edit', audit: audit('reportTemplate.update') },
      schema: {
        tags,
        params: idParams,
        body: reportTemplateInputSchema,
        response: { 200: envelope(reportTemplateSchema) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const before = await getTemplate(db, caller, request.params.id);
      const after = await editTemplate(db, caller, request.params.id, request.body);
      const ids = (t: typeof after) => ({ ...t, deviceIds: t.devices.map((d) => d.id) });
      request.auditChanges = fieldChanges(ids(before), ids(after), ['name', 'description', 'deviceIds', 'indices']);
      return ok(request, after, 'success.edited');
    },
  );

  app.delete(
    '/api/report-templates/:id',
    {
      config: { permission: 'D/E:template.edit', audit: audit('reportTemplate.delete') },
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removeTemplate(db, requireCaller(request), request.params.id);
      return ok(request, null, 'success.deleted');
    },
  );

  // The pickers' devices: those in the caller's scope, by serial number or plant name (the device list needs B/A).
  app.get(
    '/api/report-devices',
    {
      config: { permission: 'D/E' },
      schema: { tags, querystring: deviceSearch, response: { 200: envelope(z.array(reportDeviceSchema)) } },
    },
    async (request) => {
      const caller = requireCaller(request);
      const rows = await searchDevicesInScope(db, subtreePattern(caller), caller.id, request.query.search, 50);
      return ok(
        request,
        rows.map((d) => ({ id: d.id, sn: d.sn, plantName: d.plant_name, timeZone: d.time_zone })),
      );
    },
  );

  app.get(
    '/api/reports/data',
    {
      config: { permission: 'D/E' },
      schema: { tags, querystring: reportQueryStringSchema, response: { 200: envelope(reportSchema) } },
    },
    async (request) => ok(request, await buildReport(db, requireCaller(request), request.query)),
  );

  app.post(
    '/api/report-exports',
    {
      config: {
        permission: 'D/E',
        audit: { action: 'report.export', category: 'report', objectType: 'reportExport' },
      },
      schema: { tags, body: reportExportInputSchema, response: { 200: envelope(reportExportJobSchema) } },
    },
    async (request) => {
      const job = await createExport(db, requireCaller(request), request.body, request.lang);
      request.auditObjectId = String(job.id);
      return ok(request, job);
    },
  );

  app.get(
    '/api/report-exports',
    { config: { permission: 'D/E' }, schema: { tags, response: { 200: envelope(z.array(reportExportJobSchema)) } } },
    async (request) => ok(request, await listExports(db, requireCaller(request), request.lang)),
  );

  app.get(
    '/api/report-exports/:id',
    {
      config: { permission: 'D/E' },
      schema: { tags, params: idParams, response: { 200: envelope(reportExportJobSchema) } },
    },
    async (request) => ok(request, await getExport(db, requireCaller(request), request.params.id, request.lang)),
  );

  app.get(
    '/api/report-exports/:id/file',
    { config: { permission: 'D/E' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      const { file, fileName, format } = await downloadExport(db, requireCaller(request), request.params.id);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
};
