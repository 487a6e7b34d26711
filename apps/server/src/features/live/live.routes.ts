import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { KIOSK_QUERY } from '@voltfleet/domain/big-screen';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { tokenFrom } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { registerGauges } from '../../platform/observability.js';
import { LiveBus } from './live.bus.js';
import { LiveHub, sessionViewer, type LiveViewer } from './live.hub.js';

/**
 * What a kiosk link's socket may see, from its token (the big-screen feature, which owns kiosk links; given by the
 * composition root so that this channel, which the big screen itself publishes on, does not import it).
 */
export type KioskViewer = (token: string) => Promise<LiveViewer>;

/**
 * GET /api/ws: the live channel of one browser tab (session cookie or token header, like every API call), or of a
 * wall screen opened with a kiosk link (`?kiosk=…`: a browser socket cannot send a header). The one route besides the
 * big-screen reads that takes a kiosk token, and it then carries only the link's plants' events.
 */
export const liveRoutes: FastifyPluginAsync<{ hub: LiveHub; kioskViewer: KioskViewer }> = async (
  app,
  { hub, kioskViewer },
) => {
  const viewers = new WeakMap<FastifyRequest, LiveViewer>();
  app.get(
    '/api/ws',
    {
      websocket: true,
      schema: { hide: true },
      // The session check is done here rather than by the auth plugin, so that a kiosk token can stand in for it;
      // still before the upgrade, so a refusal is a plain 401 with its message.
      config: { auth: false },
      preHandler: async (request) => {
        const kiosk = (request.query as Record<string, unknown> | undefined)?.[KIOSK_QUERY];
        if (typeof kiosk === 'string' && kiosk) {
          viewers.set(request, await kioskViewer(kiosk));
          return;
        }
        if (!request.caller)
          throw new AppError('unauthorized', tokenFrom(request) ? 'auth.sessionExpired' : 'auth.loginRequired');
        viewers.set(request, sessionViewer(request.caller));
      },
    },
    async (socket, request) => {
      await hub.attach(socket, viewers.get(request)!);
    },
  );
};

/**
 * The live channel of this process: the hub serving its tabs, and the bus every publisher uses (it reaches the
 * tabs of every other process on the same PostgreSQL too). Built once per process (services.ts); only a process that
 * serves HTTP listens for the other processes' events.
 */
export async function createLive(deps: {
  db: Db;
  config: Pick<Config, 'roles'>;
  log: FastifyBaseLogger;
  metrics: Registry;
}): Promise<LiveBus<LiveHub>> {
  const hub = new LiveHub(deps.db, deps.log, deps.metrics);
  const bus = new LiveBus(deps.db, hub, { log: deps.log, listen: deps.config.roles.has('http') });
  await bus.start();
  const counters = [
    ['voltfleet_live_notifications_sent', 'Live-event notifications sent to other processes', 'payloadsSent'],
    ['voltfleet_live_notifications_received', 'Live-event notifications received from other processes', 'received'],
    ['voltfleet_live_events_dropped', 'Live events not sent (database error, over the size limit)', 'dropped'],
    [
      'voltfleet_live_readings_unwatched',
      'Stored readings not sent: no other process has a tab on the device',
      'unwatched',
    ],
  ] as const;
  registerGauges(
    deps.metrics,
    counters.map(([name, help, key]) => [name, help, () => bus.stats[key]] as const),
  );
  return bus;
}

/** Closes the bus (its listening connection) and the hub (its tabs). */
export async function closeLive(bus: LiveBus<LiveHub>): Promise<void> {
  await bus.close();
  await bus.hub.close();
}
