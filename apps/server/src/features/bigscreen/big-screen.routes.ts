import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bigScreenAlarmsSchema,
  bigScreenChartsSchema,
  bigScreenFlowQuerySchema,
  bigScreenFlowSchema,
  bigScreenPlantsSchema,
  bigScreenScopeSchema,
  bigScreenSummarySchema,
  kioskLinkCreatedSchema,
  kioskLinkCreateSchema,
  kioskLinkSchema,
  type BigScreenView,
} from '@voltfleet/domain/big-screen';
import { envelope } from '@voltfleet/domain/envelope';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { hashToken, requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { AppError } from '../../platform/errors.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import {
  bigScreenAlarms,
  bigScreenCharts,
  bigScreenFlow,
  bigScreenPlants,
  bigScreenScope,
  bigScreenSummary,
} from './big-screen.service.js';
import { kioskTokenOf, viewerOf, type BigScreenViewer } from './big-screen.viewer.js';
import { createKioskLink, listKioskLinks, revokeKioskLink } from './kiosk-links.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const audit = (action: string) => ({ action, category: 'plant', objectType: 'kioskLink' });

/**
 * A wall shows three views refreshing every few seconds, maybe on several screens sharing one link: 600 reads a
 * minute per token is ten a second, far above that and far below what would load the server.
 */
export const KIOSK_READS_PER_MINUTE = 600;

/**
 * Kiosk links (issue 17): the signed-in user's read-only tokens for wall screens. No permission code of its own: a
 * link shows only what its owner's role already lets them see on a big screen (the role's visible views, R6.4),
 * of their own plants, so whoever may open a big screen may hang one on a wall. A superior sees and may revoke the
 * links of their subtree, as with every other owned object; the token is shown once, at creation.
 */
export const kioskLinksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['big screens'];

  app.get(
    '/api/kiosk-links',
    { schema: { tags, response: { 200: envelope(z.array(kioskLinkSchema)) } } },
    async (request) => ok(request, await listKioskLinks(db, requireCaller(request), Date.now())),
  );

  app.post(
    '/api/kiosk-links',
    {
      config: { audit: audit('kioskLink.create') },
      schema: { tags, body: kioskLinkCreateSchema, response: { 200: envelope(kioskLinkCreatedSchema) } },
    },
    async (request) => {
      const link = await createKioskLink(db, requireCaller(request), request.body, Date.now());
      request.auditObjectId = String(link.id);
      return ok(request, link, 'success.added');
    },
  );

  app.delete(
    '/api/kiosk-links/:id',
    {
      config: { audit: audit('kioskLink.revoke') },
      schema: { tags, params: idParams, response: { 200: envelope(kioskLinkSchema) } },
    },
    async (request) => ok(request, await revokeKioskLink(db, requireCaller(request), request.params.id, Date.now())),
  );
};

/**
 * The big screens' reads (R1.5, R2.1 /bigScreen/*). Public to the session check (`auth: false`) because a kiosk
 * token stands in for the session here, and only here: every other route reads the session alone, so a kiosk token
 * opens nothing else. Each read still needs a viewer (a valid session or link) and a view of the viewer's role.
 */
export const bigScreenRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const offline = config.deviceOfflineSeconds;
  const tags = ['big screens'];
  const tokenLimit = rateLimiter({
    max: KIOSK_READS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => `kiosk:${hashToken(kioskTokenOf(request) ?? '')}`,
  });
  // Counted before the token is looked up, so a leaked token hammering the server costs no query once over.
  const limitKiosk = async (request: FastifyRequest) => {
    if (!kioskTokenOf(request)) return;
    await tokenLimit(request).catch(() => {
      throw new AppError('rate_limited', 'kiosk.rateLimited');
    });
  };
  /** The viewer, refused (403) unless their role shows `view` (`any`: one of the three). */
  const viewer = async (request: FastifyRequest, view: BigScreenView | 'any'): Promise<BigScreenViewer> => {
    const v = await viewerOf(db, request, Date.now());
    if (view === 'any' ? v.views.length === 0 : !v.views.includes(view))
      throw new AppError('forbidden', 'kiosk.noViews');
    return v;
  };
  const route = { config: { auth: false }, preHandler: limitKiosk } as const;

  app.get(
    '/api/big-screen/scope',
    { ...route, schema: { tags, response: { 200: envelope(bigScreenScopeSchema) } } },
    // No view needed: the page learns here which views it may show (none: it says so).
    async (request) => ok(request, await bigScreenScope(db, await viewerOf(db, request, Date.now()), offline)),
  );

  app.get(
    '/api/big-screen/summary',
    { ...route, schema: { tags, response: { 200: envelope(bigScreenSummarySchema) } } },
    async (request) => ok(request, await bigScreenSummary(db, await viewer(request, 'any'), offline, Date.now())),
  );

  app.get(
    '/api/big-screen/plants',
    { ...route, schema: { tags, response: { 200: envelope(bigScreenPlantsSchema) } } },
    // Any view: the map's markers, and the flow graph's choice of plant.
    async (request) => ok(request, await bigScreenPlants(db, await viewer(request, 'any'), offline, Date.now())),
  );

  app.get(
    '/api/big-screen/alarms',
    { ...route, schema: { tags, response: { 200: envelope(bigScreenAlarmsSchema) } } },
    async (request) => ok(request, await bigScreenAlarms(db, await viewer(request, 'any'), offline, request.lang)),
  );

  app.get(
    '/api/big-screen/charts',
    { ...route, schema: { tags, response: { 200: envelope(bigScreenChartsSchema) } } },
    async (request) => ok(request, await bigScreenCharts(db, await viewer(request, 'charts'), offline, Date.now())),
  );

  app.get(
    '/api/big-screen/flow',
    {
      ...route,
      schema: { tags, querystring: bigScreenFlowQuerySchema, response: { 200: envelope(bigScreenFlowSchema) } },
    },
    async (request) =>
      ok(
        request,
        await bigScreenFlow(db, await viewer(request, 'flowGraph'), offline, request.query.plantId, Date.now()),
      ),
  );
};
