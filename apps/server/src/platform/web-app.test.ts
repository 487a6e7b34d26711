import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
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
    // The build's compressed copies (apps/web/scripts/precompress.mjs) of the entry, the worker and the page.
    const entry = 'export const entry = "the entry";'.repeat(20);
    await writeFile(path.join(dir, 'assets', 'entry-def456.js'), entry);
    await writeFile(path.join(dir, 'assets', 'entry-def456.js.br'), brotliCompressSync(entry));
    await writeFile(path.join(dir, 'assets', 'entry-def456.js.gz'), gzipSync(entry));
    await writeFile(path.join(dir, 'sw.js.br'), brotliCompressSync('self.addEventListener("fetch", () => {});'));
    await writeFile(path.join(dir, 'index.html.gz'), gzipSync('<!doctype html><title>Voltfleet</title>'));
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

  it('sends the compressed copy a browser accepts, and the file itself to one that accepts none', async () => {
    const url = '/assets/entry-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('the entry');
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('the entry');
  });

  it('keeps the type of the worker and the revalidation of the page on their compressed copies', async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['content-type']).toMatch(/^text\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({
      method: 'GET',
      url: '/alarmCenter/alarmSearch',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
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
