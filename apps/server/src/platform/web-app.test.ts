import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.js';

// The built app's files as the server serves them: the installable app's service worker and manifest (issue 41)
// with their types and revalidation, beside the history fallback that must not answer for them.
describe('registerWebApp', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voltfleet-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Voltfleet</title>');
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Voltfleet' }));
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'export {};');
    app = Fastify();
    const fallback = await registerWebApp(app, dir);
    app.setNotFoundHandler((request, reply) => fallback?.(request, reply) ?? reply.code(404).send({ code: 'nf' }));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves /sw.js as JavaScript that is always revalidated', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener');
  });

  it('serves the manifest with its own type', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: 'Voltfleet' });
  });

  it('keeps hashed assets for a year and answers deep links with the app', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/plantCenter/plantList' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('never answers a missing file with the app page', async () => {
    for (const url of ['/sw-old.js', '/icons/missing.png', '/api/nothing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });
});
