/**
 * docs/api-map.md maps every call of the replaced system to the route that does its work (R7.1). Every route it names
 * must be one the server registers, so a route renamed or removed in the code cannot leave the map pointing nowhere.
 *
 * The routes are read from the server's sources, not from a running app, so this file opens no database. A route is
 * registered as `app.<method>('<path>', …)`: the path a string literal, or a template literal whose every `${…}`
 * chooses between two quoted words (`${enabled ? 'enable' : 'disable'}`). A registration of any other form fails the
 * first test by name until this reader learns it, so no route can hide from it. The one route a plugin registers
 * under a path of ours, swagger-ui's interactive docs, is read from its `routePrefix`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const serverSource = join(root, 'apps/server/src');

interface Source {
  file: string;
  text: string;
}

/** `GET /api/users/:id` → `GET /api/users/:param`: parameter names differ between the map and the code at will. */
const normalise = (route: string) => route.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':param');

const METHODS = 'GET|POST|PUT|DELETE|PATCH';

/** A template literal's paths: each `${x ? 'a' : 'b'}` gives both; any other interpolation gives none (undefined). */
function templatePaths(template: string): string[] | undefined {
  const parts = template.split(/\$\{([^}]*)\}/);
  let paths = [''];
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 0) {
      paths = paths.map((p) => p + part);
      continue;
    }
    const choice = /^[^?]+\?\s*(['"])([^'"]*)\1\s*:\s*(['"])([^'"]*)\3\s*$/.exec(part);
    if (!choice) return undefined;
    paths = paths.flatMap((p) => [p + choice[2], p + choice[4]]);
  }
  return paths;
}

/** The routes the sources register (`METHOD /path`, parameters normalised), and the registrations it cannot read. */
function registeredRoutes(sources: Source[]): { routes: Set<string>; unreadable: string[] } {
  const routes = new Set<string>();
  const unreadable: string[] = [];
  for (const { file, text } of sources) {
    for (const call of text.matchAll(/\bapp\.(get|post|put|delete|patch)\s*(?:<[^>(]*>)?\(\s*/g)) {
      const method = call[1]!.toUpperCase();
      const rest = text.slice(call.index + call[0].length);
      const literal = /^(['"])([^'"\n]*)\1/.exec(rest);
      const template = /^`([^`]*)`/.exec(rest);
      const paths = literal ? [literal[2]!] : template ? templatePaths(template[1]!) : undefined;
      if (!paths) {
        unreadable.push(`${file}: ${call[0]}${rest.slice(0, 40).split('\n')[0]}`);
        continue;
      }
      for (const path of paths) routes.add(normalise(`${method} ${path}`));
    }
    for (const prefix of text.matchAll(/\brouteprefix:\s*(['"])([^'"]+)\1/gi)) routes.add(`GET ${prefix[2]}`);
  }
  return { routes, unreadable };
}

/** Every `/api/…` route the map names with its method(s): `GET /api/x`, `GET/POST /api/x`, `PUT and DELETE /api/x`. */
function namedRoutes(markdown: string): string[] {
  const mention = new RegExp(
    `\\b((?:${METHODS})(?:\\s*(?:/|,|and)\\s*(?:${METHODS}))*)\\s+(/api/[^\\s?\`;,|)\\]<>]*)`,
    'g',
  );
  return [...markdown.matchAll(mention)].flatMap((m) => {
    const path = m[2]!.replace(/\.$/, '');
    return m[1]!.split(/\s*(?:\/|,|and)\s*/).map((method) => normalise(`${method} ${path}`));
  });
}

/** Every `/api/…` path the map mentions, with or without a method. */
function mentionedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/(?<![\w/])(\/api\/[^\s?`;,|)\]<>]*)/g)].map((m) => normalise(m[1]!.replace(/\.$/, '')));
}

/** What the map names that the server does not register: routes by method and path, bare paths by path alone. */
function unregistered(markdown: string, routes: Set<string>): string[] {
  const paths = new Set([...routes].map((r) => r.slice(r.indexOf(' ') + 1)));
  const routesMissing = namedRoutes(markdown).filter((r) => !routes.has(r));
  const pathsMissing = mentionedPaths(markdown)
    .filter((p) => !paths.has(p))
    .map((p) => `(any method) ${p}`);
  return [...new Set([...routesMissing, ...pathsMissing])];
}

const sources: Source[] = readdirSync(serverSource, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`test/`))
  .map((f) => ({ file: relative(root, join(serverSource, f)), text: readFileSync(join(serverSource, f), 'utf8') }));
const map = readFileSync(join(root, 'docs/api-map.md'), 'utf8');

describe('docs/api-map.md', () => {
  const { routes, unreadable } = registeredRoutes(sources);

  it('reads every route registration of the server', () => {
    expect(unreadable).toEqual([]);
    expect(routes.size).toBeGreaterThan(100);
    for (const route of ['GET /api/auth/me', 'PUT /api/users/:param/enable', 'PUT /api/users/:param/disable'])
      expect(routes).toContain(route);
    expect(routes).toContain('GET /api/docs');
  });

  it('names routes for the calls of every group', () => {
    const named = new Set(namedRoutes(map));
    for (const route of [
      'POST /api/auth/login',
      'GET /api/plants/:param/trend',
      'DELETE /api/plants/:param/tariffs/:param',
      'POST /api/plants/:param/energy-saving',
      'PUT /api/plants/:param/script',
      'POST /api/device-storage/import',
      'GET /api/device-storage/template',
      'GET /api/control-records',
      'PUT /api/auth/me/avatar',
    ])
      expect(named).toContain(route);
  });

  it('every route it names is one the server registers', () => {
    expect(unregistered(map, routes)).toEqual([]);
  });

  it('reads maps and sources so that a missing route is found', () => {
    const code: Source[] = [
      {
        file: 'a.ts',
        text: `app.get(\n  '/api/things/:id',\n  {},\n);\napp.post<{ Body: X }>("/api/things", h);\napp.get('/api/things', h);\napp.put('/api/things/:id', h);`,
      },
      {
        file: 'b.ts',
        text: "app.put(`/api/things/:id/${on ? 'on' : 'off'}`, h);\nregister(ui, { routePrefix: '/api/ui' });",
      },
      { file: 'c.ts', text: 'app.delete(path, h);\napp.put(`/api/${kind}`, h);' },
    ];
    const read = registeredRoutes(code);
    expect([...read.routes].sort()).toEqual([
      'GET /api/things',
      'GET /api/things/:param',
      'GET /api/ui',
      'POST /api/things',
      'PUT /api/things/:param',
      'PUT /api/things/:param/off',
      'PUT /api/things/:param/on',
    ]);
    expect(read.unreadable).toEqual(['c.ts: app.delete(path, h);', 'c.ts: app.put(`/api/${kind}`, h);']);

    const text = [
      '| GET /old/call | GET /api/things/:thingId?q&page; PUT and DELETE /api/things/:id | … |',
      '| (x) | `GET/POST /api/things` | see /api/ui. |',
      '| (y) | POST /api/things/:id/off, GET /api/gone | `/api/nowhere` |',
    ].join('\n');
    expect(namedRoutes(text)).toEqual([
      'GET /api/things/:param',
      'PUT /api/things/:param',
      'DELETE /api/things/:param',
      'GET /api/things',
      'POST /api/things',
      'POST /api/things/:param/off',
      'GET /api/gone',
    ]);
    expect(unregistered(text, read.routes)).toEqual([
      'DELETE /api/things/:param',
      'POST /api/things/:param/off',
      'GET /api/gone',
      '(any method) /api/gone',
      '(any method) /api/nowhere',
    ]);
  });
});
