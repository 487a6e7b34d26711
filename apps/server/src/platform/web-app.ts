import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where `npm run build` puts the web app, relative to this file in src/ or dist/. */
export function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
}

/** The installable app's own files (docs/pwa.md), with the types browsers require of them. */
const PWA_TYPES: Readonly<Record<string, string>> = {
  'sw.js': 'text/javascript; charset=utf-8',
  'manifest.webmanifest': 'application/manifest+json; charset=utf-8',
};

/**
 * Serves the built web app from the API's port. Returns the history-API fallback for the not-found handler
 * (unknown non-API paths without a file extension get index.html, so deep links load the app), or undefined
 * when the app is not built.
 */
export async function registerWebApp(
  app: FastifyInstance,
  dir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | undefined> {
  if (!existsSync(path.join(dir, 'index.html'))) {
    app.log.warn({ dir }, 'web app not built: run "npm run build" to serve it');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    index: ['index.html'],
    // The build writes a Brotli and a gzip copy of each text file (apps/web/scripts/precompress.mjs): sent to a browser
    // that accepts them, with `Vary: Accept-Encoding`; a file without a copy is sent as it is.
    preCompressed: true,
    setHeaders: (res, file) => {
      // Vite names assets by content hash, so they never change; index.html must always be revalidated, and so must
      // the service worker (/sw.js: a browser checks it for a new version of the app) and the web app manifest.
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Set when the answer is sent: for a compressed copy (sw.js.br) the static plugin sets the type after setHeaders.
  app.addHook('onSend', async (request, reply) => {
    const type = PWA_TYPES[(request.url.split('?')[0] ?? '').slice(1)];
    if (type && reply.statusCode === 200) reply.header('content-type', type);
  });
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A path with an extension is a file (/sw.js, /manifest.webmanifest, an asset): a missing one is a 404, never the
    // app's page (a service worker script answered with HTML would fail to install, and not say why).
    if (request.method !== 'GET' || pathname.startsWith('/api/') || path.extname(pathname)) return undefined;
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
}
