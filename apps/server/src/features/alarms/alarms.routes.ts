import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alarmAckResultSchema,
  alarmAckSchema,
  alarmDetailSchema,
  alarmExportQuerySchema,
  alarmOverviewQuerySchema,
  alarmOverviewSchema,
  alarmPageSchema,
  alarmSearchQuerySchema,
} from '@voltfleet/domain/alarms';
import { envelope } from '@voltfleet/domain/envelope';
import { translate } from '@voltfleet/domain/i18n';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, exportFileName } from '../../platform/spreadsheet.js';
import type { LiveBus, LiveHub } from '../live/index.js';
import { exportAlarms } from './alarm-export.js';
import { OverviewCache, alarmOverview } from './alarm-overview.service.js';
import { acknowledgeAlarms, getAlarmDetail, searchAlarms } from './alarm-search.service.js';
import { ResultCache } from './result-cache.js';

/** The caches of the search's totals and of the overview, told together of every alarm change. */
export interface AlarmCaches {
  counts: ResultCache<number>;
  overview: OverviewCache;
  /** An alarm changed: totals are counted again before they are served, overviews as soon as they can be. */
  changed(): void;
  /** Forgets every cached result. */
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The alarm caches (tests clear them after writing alarms behind the engine's back). */
    alarmCaches: AlarmCaches;
  }
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The alarm search page (C/A); the device list (B/A) and plant pages (A) ask for one device's or plant's alarms. */
const SEARCH_PERMISSIONS = ['C/A', 'B/A', 'A'] as const;

/** Refuses a caller who holds none of the pages that show alarm lists (before the query string is read). */
async function requireSearchPermission(request: FastifyRequest): Promise<void> {
  const caller = requireCaller(request);
  if (!SEARCH_PERMISSIONS.some((code) => caller.permissions.has(code))) throw forbidden();
}

const audit = (action: string) => ({ action, category: 'alarm', objectType: 'alarm' });

/**
 * Alarm Center (issue 13): the search (C/A; also the device and plant details' alarm lists), the drawer, the
 * acknowledgement (C/A:alarm.ack), the export (C/A:alarm.export) and the overview (C/B). Every answer holds only
 * alarms of devices the caller may see; an alarm outside is "not found" like a missing one.
 */
export const alarmsRoutes: FastifyPluginAsyncZod<{ db: Db; live: LiveBus<LiveHub>; caches: AlarmCaches }> = async (
  app,
  { db, live, caches },
) => {
  app.get(
    '/api/alarms',
    {
      onRequest: requireSearchPermission,
      schema: {
        tags: ['alarms'],
        description:
          'Alarms of the devices in scope, filtered, sorted and paged (total exact up to 10,000: `totalCapped`). ' +
          'Needs C/A; with only B/A or A (device and plant details) a deviceId or plantId filter is required.',
        querystring: alarmSearchQuerySchema,
        response: { 200: envelope(alarmPageSchema) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const q = request.query;
      if (!caller.permissions.has('C/A') && q.deviceId === undefined && q.plantId === undefined)
        throw new AppError('forbidden', 'alarm.needsFilter');
      return ok(request, await searchAlarms(db, caller, q, request.lang, caches.counts));
    },
  );

  // The export takes data away, so it is recorded like a change (the audit plugin records read routes with a config).
  app.get(
    '/api/alarms/export',
    {
      config: { permission: 'C/A:alarm.export', audit: audit('alarm.export') },
      schema: {
        tags: ['alarms'],
        description:
          'The filtered alarms as .xlsx or .csv (at most 100,000), headers in the caller language, times as ' +
          'plant-local wall-clock times with their UTC offset in each cell.',
        querystring: alarmExportQuerySchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const file = await exportAlarms(db, requireCaller(request), q, request.lang);
      return reply
        .header('content-type', q.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName('alarms', q.format)}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/api/alarms/overview',
    {
      config: { permission: 'C/B' },
      schema: {
        tags: ['alarms'],
        description:
          'Counts, mean time to recover, trend and top plants and devices of the filtered alarms raised in the ' +
          'window (default: the last 24 hours, 30 days or 13 months by bucket).',
        querystring: alarmOverviewQuerySchema,
        response: { 200: envelope(alarmOverviewSchema) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const key = `${caller.id}|${caller.path}|${JSON.stringify(request.query)}`;
      const { value, computedAt, refreshing } = await caches.overview.lookup(key, () =>
        alarmOverview(db, caller, request.query),
      );
      return ok(request, { ...value, computedAt: new Date(computedAt).toISOString(), refreshing });
    },
  );

  app.post(
    '/api/alarms/acknowledge',
    {
      config: { permission: 'C/A:alarm.ack', audit: audit('alarm.acknowledge') },
      schema: {
        tags: ['alarms'],
        description:
          'Acknowledges up to 200 alarms with one note; alarms out of scope or acknowledged already are left alone.',
        body: alarmAckSchema,
        response: { 200: envelope(alarmAckResultSchema) },
      },
    },
    async (request) => {
      const result = await acknowledgeAlarms(db, requireCaller(request), request.body);
      if (result.ids.length > 0) request.auditObjectId = result.ids.join(',').slice(0, 500);
      for (const event of result.events) live.publishAlarm(event);
      if (result.acknowledged > 0) caches.changed();
      const msg = translate('alarm.acknowledged', request.lang, { count: result.acknowledged });
      return { code: 'ok' as const, msg, data: { acknowledged: result.acknowledged } };
    },
  );

  app.get(
    '/api/alarms/:id',
    {
      config: { permission: 'C/A' },
      schema: {
        tags: ['alarms'],
        params: idParams,
        response: { 200: envelope(alarmDetailSchema) },
      },
    },
    async (request) => ok(request, await getAlarmDetail(db, requireCaller(request), request.params.id, request.lang)),
  );
};

/**
 * Registers the Alarm Center routes; `live` carries acknowledgements to the tabs, and every alarm event it hears
 * (this process's and other processes') reaches the caches (result-cache.ts): a total is kept 30 s at most and
 * counted again after any change before it is served (it stands beside the list it counts); an overview is fresh
 * for 30 s, and after a change a request waits up to 100 ms for the new figures, else gets the previous ones marked
 * `refreshing` (a busy fleet changes every few seconds, and a year's aggregation must not hold every request up).
 */
export async function registerAlarms(app: FastifyInstance, db: Db, live: LiveBus<LiveHub>): Promise<void> {
  const overview = new OverviewCache();
  const counts = new ResultCache<number>({ freshMs: 30_000, staleMs: 30_000, waitMs: Infinity, maxEntries: 5_000 });
  const caches: AlarmCaches = {
    counts,
    overview,
    changed: () => {
      counts.changed();
      overview.changed();
    },
    clear: () => {
      counts.clear();
      overview.clear();
    },
  };
  app.decorate('alarmCaches', caches);
  const stop = live.hub.onAlarm(() => caches.changed());
  app.addHook('onClose', async () => void stop());
  await app.register(alarmsRoutes, { db, live, caches });
}
