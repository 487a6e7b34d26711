import { describe, expect, it } from 'vitest';
import { CORE_TEXTS, MESSAGES, TEXT_NAMESPACES, type TextPart } from '@/locales/namespaces';

/**
 * Each route loads the text namespaces its pages read (decision 0032): `withTexts([...], () => import('…'))` names
 * them beside the code. This test reads the sources as the bundler does and checks that what a route declares is
 * what its modules name, so a page never shows a key (a namespace missing) and never downloads words it does not
 * show (a namespace too many).
 *
 * A module names a web namespace by a key literal that starts with it (`'plantList.title'`, `` `alarms.level.${n}` ``,
 * `'plantConfig.'`). A route that reads the domain's messages (a module of it imports `message`, `localiseIssues` or
 * `isMessageKey` from lib/i18n) needs the namespaces (`messages/<namespace>`) whose keys its modules, the web's and
 * the domain's it imports, name: a literal that is a key or a template that starts like some (`'validation.required'`,
 * `` `option.plantType.${v}` ``); importing `localiseIssues` or `isMessageKey` reaches the fallback messages of
 * validation issues. A route's modules are the module it imports and everything that reaches by static imports (not
 * those of types only) and by dynamic imports that are not themselves routes (a dialog loaded on demand reads the
 * page's texts). The entry (main.tsx) may read only the first download's texts; a page inside the shell may also
 * read what the shell declares.
 */
const webSources = import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
const domainSources = import.meta.glob<string>('../../../../packages/domain/src/**/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const osimSources = import.meta.glob<string>('../../../../packages/osim/src/**/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
/** A package's modules by one name (`/domain/…`, `/osim/…`), tests left out. */
const packageModules = (name: string, globbed: Record<string, string>) => {
  const root = `../../../../packages/${name}/src/`;
  return Object.fromEntries(
    Object.entries(globbed)
      .filter(([path]) => !path.endsWith('.test.ts'))
      .map(([path, text]) => [`/${name}/${path.slice(root.length)}`, text]),
  );
};
/**
 * Every module by one name: `/src/…` for the web's, `/domain/…` for the domain's, `/osim/…` for the OSIM package's
 * (whose tables name the catalogue's keys of their commands, fields and value meanings).
 */
const sources: Record<string, string> = {
  ...webSources,
  ...packageModules('domain', domainSources),
  ...packageModules('osim', osimSources),
};
/** A module's code without its comments, which mention keys in prose. */
const code = (file: string) =>
  (sources[file] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const files = Object.keys(webSources).filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('/src/test/'));

/** The domain's message keys (plural forms by their base), each with its namespace. */
const domainTexts = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/domain/src/i18n/locales/en/*.json',
  { import: 'default', eager: true },
);
const KEY_NAMESPACE = new Map<string, string>();
for (const [path, texts] of Object.entries(domainTexts)) {
  const ns = /(\w+)\.json$/.exec(path)?.[1] ?? '';
  const walk = (node: unknown, prefix: string): void => {
    if (typeof node !== 'string') {
      for (const [key, child] of Object.entries(node as object)) walk(child, `${prefix}${key}.`);
    } else KEY_NAMESPACE.set(prefix.slice(0, -1).replace(/_(zero|one|two|few|many|other)$/, ''), ns);
  };
  walk(texts, '');
}

const ROUTE = /withTexts\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*,?\s*\)\s*,?\s*\)/g;
/** Imports that load code: not `import type`, nor an import of types only (`import { type A, type B } from`). */
const STATIC =
  /^\s*(?:import|export)\s+(?!type\b)(?!\{(?:\s*type\s+\w+\s*,?)+\s*\}\s*from)(?:([^'";]*?)\sfrom\s+)?'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;
const READS_MESSAGES =
  /import\s*\{[^}]*\b(?:message|localiseIssues|isMessageKey)\b[^}]*\}\s*from\s*'(?:@\/lib|\.)\/i18n'/;
const READS_ISSUES = /import\s*\{[^}]*\b(?:localiseIssues|isMessageKey)\b[^}]*\}\s*from\s*'(?:@\/lib|\.)\/i18n'/;
const NAMED = new RegExp(`['"\`](${TEXT_NAMESPACES.join('|')})\\.(?=[\\w$'"\`])`, 'g');
const KEY_LITERAL = /['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)['"`]/g;
const KEY_TEMPLATE = /`([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)*\.)\$\{/g;

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = `/src/${spec.slice(2)}`;
  // A subpath of the domain is its folder's index (package.json `exports`), never a module beside the folder.
  else if (spec.startsWith('@voltfleet/domain/')) return `/domain/${spec.slice('@voltfleet/domain/'.length)}/index.ts`;
  else if (spec === '@voltfleet/osim') return '/osim/index.ts';
  else if (spec.startsWith('.')) base = new URL(spec.replace(/\.js$/, ''), `file://${from}`).pathname;
  else return undefined; // another package: no texts of ours
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => f in sources);
}

/** The domain's namespaces a module's literals name. */
function domainParts(text: string): TextPart[] {
  const named = [...text.matchAll(KEY_LITERAL)].flatMap(([, key = '']) => KEY_NAMESPACE.get(key) ?? []);
  for (const [, prefix = ''] of text.matchAll(KEY_TEMPLATE)) {
    for (const [key, ns] of KEY_NAMESPACE) if (key.startsWith(prefix)) named.push(ns);
  }
  return named.map((ns) => `${MESSAGES}/${ns}` as TextPart);
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
    return { at: file, module, declared: [...list.matchAll(/'([\w/]+)'/g)].map(([, part]) => part as TextPart) };
  }),
);
const routeModules = new Set(routes.map((route) => route.module));

/** The values an import clause names (`{ a, b as c, type T }` → a, b), or undefined for all of a module. */
function importedNames(clause: string | undefined): string[] | undefined {
  const braces = /^\{([^}]*)\}$/.exec(clause?.trim() ?? '');
  if (!braces) return undefined;
  return (braces[1] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0] ?? part);
}

/** Whether a module declares an exported value of that name itself. */
const declares = (file: string, name: string) =>
  new RegExp(
    `export\\s+(?:const|let|function\\*?|async\\s+function|class|enum)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}(?!\\s*from)`,
  ).test(code(file));

/**
 * The modules an import of some names from a module brings, as the bundler keeps them: a domain context's index and
 * the OSIM package's only re-export (`export * from '../x.js'`), so an import of a few names keeps the modules that
 * declare them, not every module behind the index (neither package has side effects, `sideEffects: false`).
 */
function brought(module: string, names: string[] | undefined): string[] {
  const text = code(module);
  const reexports = [...text.matchAll(STATIC)].map(([, , spec = '']) => resolve(module, spec));
  const barrel =
    /^\/(domain|osim)\//.test(module) && text.split('\n').every((line) => !line.trim() || /^export\b/.test(line));
  if (!names || !barrel) return [module];
  const found = names.flatMap((name) => reexports.filter((m): m is string => !!m && declares(m, name)));
  return found.length > 0 ? [...new Set(found)] : [module];
}

const OSIM_TEXT = '/src/features/online-debug/lib/osim-text.ts';

/** The text parts a module and everything it brings along name. */
function partsOf(root: string): Set<TextPart> {
  const seen = new Set<string>([root]);
  const parts = new Set<TextPart>();
  const domain = new Set<TextPart>();
  const osim = new Set<TextPart>();
  let readsMessages = false;
  for (const file of seen) {
    const text = code(file);
    if (file.startsWith('/src/')) for (const [, ns] of text.matchAll(NAMED)) parts.add(ns as TextPart);
    for (const part of domainParts(text)) (file.startsWith('/osim/') ? osim : domain).add(part);
    // lib/i18n.ts reads any key the others give it; its import of the issue rules counts where they are used.
    if (file === '/src/lib/i18n.ts') continue;
    readsMessages ||= READS_MESSAGES.test(text);
    if (READS_ISSUES.test(text)) seen.add('/domain/i18n/issues.ts');
    const next = [
      ...[...text.matchAll(STATIC)].flatMap(([, clause, spec = '']) => {
        const module = resolve(file, spec);
        return module ? brought(module, importedNames(clause)) : [];
      }),
      ...[...text.matchAll(DYNAMIC)].map(([, spec = '']) => resolve(file, spec)).filter((m) => !routeModules.has(m!)),
    ];
    for (const module of next) if (module) seen.add(module);
  }
  // The OSIM tables' keys are typed apart from the domain's (OsimTextKey): message() reads them only through the cast
  // in osim-text.ts, so a page that uses the tables' layouts without osimText (a settings form) shows none of them.
  const readsOsim = seen.has(OSIM_TEXT);
  return readsMessages ? new Set([...parts, ...domain, ...(readsOsim ? osim : [])]) : parts;
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

  // The reading itself, on modules whose texts are known: a key literal, a key prefix, a key built in a template, the
  // domain's messages through a helper, and a module that names none.
  it.each([
    ['/src/features/plants/components/plant-status-tag.tsx', 'plantList', true],
    ['/src/features/records/lib/record-text.ts', 'plantConfig', true],
    ['/src/features/messages/components/describe-message.ts', 'workOrders', true],
    ['/src/lib/form-rules.ts', `${MESSAGES}/validation`, true],
    ['/src/lib/format.ts', `${MESSAGES}/validation`, false],
    ['/src/lib/format.ts', 'plantList', false],
    ['/src/features/online-debug/components/parameter-description.tsx', `${MESSAGES}/osim`, true],
    ['/src/features/online-debug/components/parameter-description.tsx', `${MESSAGES}/options`, true],
    ['/src/components/firmware-version.tsx', `${MESSAGES}/osim`, false],
  ] as const)('reads %s as naming %s: %s', (module, part, named) => {
    expect(module in sources).toBe(true);
    expect(partsOf(module).has(part)).toBe(named);
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
