import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoSeedingStatusSchema, envelope } from '@voltfleet/domain';
import type { Config } from '../../config.js';
import { ok } from '../../platform/envelope.js';
import { DemoSeeding } from './demo.seeding.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo history's seeding progress (updated by the runtime's demo runner, read by GET /api/demo/seeding). */
    demoSeeding: DemoSeeding;
  }
}

/**
 * GET /api/demo/seeding: how far the demo's history is. Public like /readyz, so a page before login can say that
 * the demo is still being filled; it tells nothing about any plant or device.
 */
const demoRoutes: FastifyPluginAsyncZod<{ seeding: DemoSeeding }> = async (app, { seeding }) => {
  app.get(
    '/api/demo/seeding',
    {
      config: { auth: false },
      schema: { tags: ['demo'], response: { 200: envelope(demoSeedingStatusSchema) } },
    },
    async (request) => ok(request, seeding.status),
  );
};

/**
 * Registers the route and the status holder the runtime's demo runner updates (app.demoSeeding). With the demo
 * fleet and a history configured it says `pending` from the start, until the runner knows whether there is one to
 * seed (the HTTP server listens before the runtime starts).
 */
export async function registerDemo(app: FastifyInstance, config: Pick<Config, 'demoFleet' | 'demoHistoryDays'>) {
  const seeding = new DemoSeeding();
  if (config.demoFleet && config.demoHistoryDays > 0)
    seeding.update({ state: 'pending', days: config.demoHistoryDays });
  app.decorate('demoSeeding', seeding);
  await app.register(demoRoutes, { seeding });
}
