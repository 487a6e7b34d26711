import { describe, expect, it } from 'vitest';
import { CORE_TEXTS, MESSAGES, TEXT_NAMESPACES, type TextPart } from '@/locales/namespaces';

/**
 * Each route loads the text namespaces its pages read (decision 0032): `withTexts([...], () => import('…'))` names
 * them beside the code. This test reads the sources as the bundler does and checks that what a route declares is
 * what its modules name, so a page never shows a key (a namespace missing) and never downloads words it does not
 * show (a namespace too many).
 *
 * A module names a namespace by a key literal that starts with it (`'plantList.title'`, `` `alarms.level.${n}` ``,
 * `'plantConfig.'`); it names the domain's messages by calling `message(`. A route's modules are the module it
 * imports and everything that reaches by static imports and by dynamic imports that are not themselves routes
 * (a dialog loaded on demand reads the page's texts). The entry (main.tsx) may read only the first download's texts;
 * a page inside the shell may also read what the shell declares.
 */
const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
/** A module's code without its comments, which mention keys in prose. */
const code = (file: string) =>
  (sources[file] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const files = Object.keys(sources).filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('/src/test/'));

const ROUTE = /withTexts\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*,?\s*\)\s*,?\s*\)/g;
const STATIC = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;
const READS_MESSAGES = /import\s*\{[^}]*\bmessage\b[^}]*\}\s*from\s*'(?:@\/lib|\.)\/i18n'/;
const NAMED = new RegExp(`['"\`](${TEXT_NAMESPACES.join('|')})\\.(?=[\\w$'"\`])`, 'g');

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = `/src/${spec.slice(2)}`;
  else if (spec.startsWith('.')) base = new URL(spec, `file://${from}`).pathname;
  else return undefined; // a package: no texts of ours
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => f in sources);
}

interface Route {
  at: string;
  module: string;
  declared: TextPart[];
}

const routes: Route[] = files.flatMap((file) =>
  [...code(file).matchAll(ROUTE)].map(([, list = '', spec = '']) => {
    const module = resolve(file, spec);
    if (!module) throw new Error(`${file}: withTexts imports ${spec}, which is not a module of src`);
    return { at: file, module, declared: [...list.matchAll(/'(\w+)'/g)].map(([, part]) => part as TextPart) };
  }),
);
const routeModules = new Set(routes.map((route) => route.module));

/** The text parts a module and everything it brings along name. */
function partsOf(root: string): Set<TextPart> {
  const seen = new Set<string>([root]);
  const parts = new Set<TextPart>();
  for (const file of seen) {
    const text = code(file);
    for (const [, ns] of text.matchAll(NAMED)) parts.add(ns as TextPart);
    if (READS_MESSAGES.test(text)) parts.add(MESSAGES);
    const next = [
      ...[...text.matchAll(STATIC)].map(([, spec = '']) => resolve(file, spec)),
      ...[...text.matchAll(DYNAMIC)].map(([, spec = '']) => resolve(file, spec)).filter((m) => !routeModules.has(m!)),
    ];
    for (const module of next) if (module) seen.add(module);
  }
  return parts;
}

const shell = routes.find((route) => route.module === '/src/app/shell/shell-layout.tsx');
/** What a route may read without declaring it: the first download's texts, and inside the shell the shell's. */
const ambient = (route: Route): Set<TextPart> =>
  new Set<TextPart>([...CORE_TEXTS, ...(route.at.startsWith('/src/app/shell/') ? (shell?.declared ?? []) : [])]);

describe('text namespaces by route', () => {
  it('finds the routes: the shell, its pages, the public pages, the help drawer', () => {
    expect(shell).toBeDefined();
    expect(routes.length).toBeGreaterThanOrEqual(25);
    // Every use has the form the test reads (a list of literals, a module of src).
    expect(files.reduce((n, f) => n + (code(f).match(/\bwithTexts\(/g)?.length ?? 0), 0)).toBe(routes.length);
  });

  it('the first download reads only its own texts', () => {
    expect([...partsOf('/src/main.tsx')].filter((part) => !(CORE_TEXTS as readonly string[]).includes(part))).toEqual(
      [],
    );
  });

  it.each(routes.map((route) => [route.module, route] as const))('%s declares what it reads', (_, route) => {
    const given = ambient(route);
    const needed = [...partsOf(route.module)].filter((part) => !given.has(part)).sort();
    expect(route.declared.filter((part) => !given.has(part)).sort(), `${route.at} declares for it`).toEqual(needed);
  });
});
