import type { FastifyPluginAsync } from 'fastify';
import { requireCaller } from '../../platform/auth.js';
import type { LiveHub } from './live.hub.js';

/** GET /api/ws: the live channel of one browser tab (session cookie or token header, like every API call). */
export const liveRoutes: FastifyPluginAsync<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get('/api/ws', { websocket: true, schema: { hide: true } }, async (socket, request) => {
    await hub.attach(socket, requireCaller(request));
  });
};
