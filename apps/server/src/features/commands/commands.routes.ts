import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commandDeviceFilterSchema,
  commandDeviceQuerySchema,
  commandDeviceSchema,
  commandDeviceSelectionSchema,
  commandLimitsSchema,
  commandSchema,
  issueCommandSchema,
} from '@voltfleet/domain/commands';
import { controlExportQuerySchema, controlRecordQuerySchema, recordUserSchema } from '@voltfleet/domain/records';
import { deviceFilterOptionsSchema } from '@voltfleet/domain/device-list';
import { envelope, paged } from '@voltfleet/domain/envelope';
import { requireCaller } from '../../platform/auth.js';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, exportFileName } from '../../platform/spreadsheet.js';
import { userOptions } from '../users/index.js';
import { ok } from '../../platform/envelope.js';
import type { CommandDispatcher } from './command-dispatcher.js';
import {
  commandDeviceOptions,
  exportControlRecordsOf,
  getCommand,
  issueCommands,
  listCommandDevices,
  listControlRecords,
  selectCommandDevices,
  type CommandDeps,
} from './commands.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers commands over the device link the runtime attaches, and hears the answers. */
    commands: CommandDispatcher;
  }
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Device Center → command issue (B/E) and User Center → control records (D/C). */
export const commandsRoutes: FastifyPluginAsyncZod<CommandDeps & { dispatcher: CommandDispatcher }> = async (
  app,
  deps,
) => {
  const { db, config, dispatcher } = deps;

  app.post(
    '/api/commands',
    {
      config: {
        permission: 'B/E:command.issue',
        audit: { action: 'command.issue', category: 'command', objectType: 'device' },
      },
      schema: {
        tags: ['commands'],
        body: issueCommandSchema,
        response: { 200: envelope(z.object({ commands: z.array(commandSchema) })) },
      },
    },
    async (request) => {
      const { commands, created } = await issueCommands(deps, requireCaller(request), request.body, request.ip);
      request.auditObjectId = [...new Set(commands.map((c) => c.deviceSn))].join(',').slice(0, 500);
      // Delivery happens after the answer: the page learns the outcome live.
      if (created.length > 0)
        setImmediate(
          () =>
            void dispatcher
              .deliver(created)
              .catch((err: unknown) => request.log.error({ err }, 'command delivery failed')),
        );
      return ok(request, { commands }, 'success.issued');
    },
  );

  // The form asks for a confirmation above this many devices before it sends (the issue route still insists on it).
  app.get(
    '/api/commands/limits',
    {
      config: { permission: 'B/E' },
      schema: { tags: ['commands'], response: { 200: envelope(commandLimitsSchema) } },
    },
    async (request) => ok(request, { batchLimit: config.commandBatchLimit }),
  );

  // The picker: one page of the inverters in scope matching the filters, by serial number.
  app.get(
    '/api/commands/devices',
    {
      config: { permission: 'B/E' },
      schema: {
        tags: ['commands'],
        querystring: commandDeviceQuerySchema,
        response: { 200: envelope(paged(commandDeviceSchema)) },
      },
    },
    async (request) =>
      ok(request, await listCommandDevices(db, requireCaller(request), request.query, config.deviceOfflineSeconds)),
  );

  // "Select all within the filter": every matching inverter in scope, across pages (at most COMMAND_MAX_DEVICES).
  app.get(
    '/api/commands/devices/all',
    {
      config: { permission: 'B/E' },
      schema: {
        tags: ['commands'],
        querystring: commandDeviceFilterSchema,
        response: { 200: envelope(commandDeviceSelectionSchema) },
      },
    },
    async (request) =>
      ok(request, await selectCommandDevices(db, requireCaller(request), request.query, config.deviceOfflineSeconds)),
  );

  // What the picker's plant and model filters offer: those of the inverters in scope.
  app.get(
    '/api/commands/devices/options',
    {
      config: { permission: 'B/E' },
      schema: { tags: ['commands'], response: { 200: envelope(deviceFilterOptionsSchema) } },
    },
    async (request) => ok(request, await commandDeviceOptions(db, requireCaller(request))),
  );

  app.get(
    '/api/commands/:id',
    {
      config: { permission: 'B/E' },
      schema: { tags: ['commands'], params: idParams, response: { 200: envelope(commandSchema) } },
    },
    async (request) => ok(request, await getCommand(db, requireCaller(request), request.params.id)),
  );

  app.get(
    '/api/control-records',
    {
      config: { permission: 'D/C' },
      schema: {
        tags: ['commands'],
        querystring: controlRecordQuerySchema,
        response: { 200: envelope(paged(commandSchema)) },
      },
    },
    async (request) => ok(request, await listControlRecords(db, requireCaller(request), request.query)),
  );

  // The export takes data away, so it is recorded like a change (the audit plugin records read routes with a config).
  app.get(
    '/api/control-records/export',
    {
      config: { permission: 'D/C', audit: { action: 'controlRecords.export', category: 'command' } },
      schema: {
        tags: ['commands'],
        description:
          'The filtered control records of devices in scope as .xlsx or .csv (at most 50,000, newest first), ' +
          'headers in the caller language, times on the wall clock of `timeZone` with the offset in the header.',
        querystring: controlExportQuerySchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const file = await exportControlRecordsOf(db, requireCaller(request), q, request.lang);
      return reply
        .header('content-type', q.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName('control-records', q.format)}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  // The user filter's choices: the caller and their subtree, whatever their right to manage users.
  app.get(
    '/api/control-records/users',
    {
      config: { permission: 'D/C' },
      schema: { tags: ['commands'], response: { 200: envelope(z.array(recordUserSchema)) } },
    },
    async (request) =>
      ok(
        request,
        (await userOptions(db, requireCaller(request))).map(({ id, username }) => ({ id, username })),
      ),
  );
};

/** Exposes the process's dispatcher (services.ts) as `app.commands` and adds the routes. */
export async function registerCommands(
  app: FastifyInstance,
  deps: CommandDeps,
  dispatcher: CommandDispatcher,
): Promise<void> {
  app.decorate('commands', dispatcher);
  await app.register(commandsRoutes, { ...deps, dispatcher });
}
