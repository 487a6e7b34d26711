import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoSeedingStatusSchema } from '@voltfleet/domain/demo';
import { envelope } from '@voltfleet/domain/envelope';
import { ok } from '../../platform/envelope.js';
import type { DemoSeeding } from './demo.seeding.js';

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

/** Registers the route and exposes the status holder (services.ts) the runtime's demo runner updates. */
export async function registerDemo(app: FastifyInstance, seeding: DemoSeeding) {
  app.decorate('demoSeeding', seeding);
  await app.register(demoRoutes, { seeding });
}
