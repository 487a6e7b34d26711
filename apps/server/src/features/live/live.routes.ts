import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Gauge } from 'prom-client';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { LiveBus } from './live.bus.js';
import { LiveHub } from './live.hub.js';

/** GET /api/ws: the live channel of one browser tab (session cookie or token header, like every API call). */
export const liveRoutes: FastifyPluginAsync<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get('/api/ws', { websocket: true, schema: { hide: true } }, async (socket, request) => {
    await hub.attach(socket, requireCaller(request));
  });
};

/**
 * The live channel of this process: the hub serving its tabs, and the bus every publisher uses (it reaches the
 * tabs of every other process on the same PostgreSQL too). Only a process that serves HTTP listens.
 */
export async function registerLive(app: FastifyInstance, deps: { db: Db; config: Config }): Promise<LiveBus<LiveHub>> {
  const hub = new LiveHub(deps.db, app.log, app.metrics);
  const bus = new LiveBus(deps.db, hub, { log: app.log, listen: deps.config.roles.has('http') });
  await bus.start();
  app.decorate('live', bus);
  app.addHook('onClose', async () => {
    await bus.close();
    await hub.close();
  });
  const counters = [
    ['voltfleet_live_notifications_sent', 'Live-event notifications sent to other processes', 'payloadsSent'],
    ['voltfleet_live_notifications_received', 'Live-event notifications received from other processes', 'received'],
    ['voltfleet_live_events_dropped', 'Live events not sent (database error, over the size limit)', 'dropped'],
  ] as const;
  for (const [name, help, key] of counters) {
    new Gauge({
      name,
      help,
      registers: [app.metrics],
      collect() {
        this.set(bus.stats[key]);
      },
    });
  }
  await app.register(liveRoutes, { hub });
  return bus;
}
