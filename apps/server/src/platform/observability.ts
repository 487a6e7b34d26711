import { createServer } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { KIOSK_QUERY } from '@voltfleet/domain/big-screen';
import type { Db } from '../db/db.js';

const KIOSK_IN_URL = new RegExp(`([?&]${KIOSK_QUERY}=)[^&#]*`, 'g');

/** The address with a kiosk token in it (a wall screen's live socket, `?kiosk=…`) masked: a log opens no screen. */
export const maskKioskToken = (url: string): string => url.replace(KIOSK_IN_URL, '$1***');

/** What a log line says of a request: Fastify's usual fields, the address masked. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskKioskToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** /healthz (process alive), /readyz (database answers), /metrics (Prometheus: requests, latency, process). */
export const observabilityPlugin = fp(async (app: FastifyInstance, opts: { db: Db; registry: Registry }) => {
  const { registry } = opts;
  const requests = new Counter({
    name: 'voltfleet_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'voltfleet_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.decorate('metrics', registry);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/healthz', { config: { auth: false }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { auth: false }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await opts.db.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'not ready' });
    }
  });
  app.get('/metrics', { config: { auth: false }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
});

/**
 * Serves /metrics and /healthz on a port of their own (METRICS_PORT), for every role: a process without the `http`
 * role has no API listener, yet Prometheus must see its counters (readings each ingest process stored, its alarms, its
 * CPU). Nothing else is served there. Resolves once listening; the function returned closes the listener.
 */
export async function listenForMetrics(registry: Registry, port: number, host: string): Promise<() => Promise<void>> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://metrics');
    if (request.method === 'GET' && url.pathname === '/metrics') {
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    } else if (request.method === 'GET' && url.pathname === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** A gauge on /metrics: its name, help and how to read its value when scraped. */
export type GaugeSpec = readonly [name: string, help: string, read: () => number];

/** Registers gauges read at each scrape (the counters of the ingest, links, alarm engine, live bus, notifications). */
export function registerGauges(registry: Registry, gauges: readonly GaugeSpec[]): void {
  for (const [name, help, read] of gauges)
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
}
