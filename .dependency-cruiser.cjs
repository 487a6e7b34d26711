/**
 * The import rules of the server and the web (docs/architecture.md): a feature's public surface is its index.ts;
 * no cycles between features or between folders. `npm run lint` runs this; `scripts/folder-cycles.mjs` adds the
 * folder-level cycle check dependency-cruiser's module-level `no-circular` cannot see.
 */
const SERVER = '^apps/server/src/';
const SERVER_FEATURE = `${SERVER}features/([^/]+)/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-front-door',
      comment: 'A feature is reached only through its index.ts (its front door); its other files are private to it.',
      severity: 'error',
      from: { path: `${SERVER_FEATURE}`, pathNot: '\\.test\\.ts$|\\.test-support\\.ts$' },
      to: {
        path: `${SERVER}features/[^/]+/`,
        pathNot: [`${SERVER}features/$1/`, `${SERVER}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'outside-through-front-door',
      comment:
        'Outside the features (app, runtime, services, db, tests of other folders), a feature is reached through its index.ts.',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}features/`, '\\.test\\.ts$'] },
      to: { path: `${SERVER}features/[^/]+/`, pathNot: `${SERVER}features/[^/]+/index\\.ts$` },
    },
    {
      name: 'server-layers',
      comment:
        'The server in layers (docs/architecture.md): db/ and platform/ never import link/ or a feature; link/ never ' +
        'imports a feature; nothing below the top imports app.ts, runtime.ts, services.ts, seed.ts or main.ts.',
      severity: 'error',
      from: { path: `${SERVER}(db|platform|link)/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER}(features/|(app|runtime|services|seed|main)\\.ts$)` },
    },
    {
      name: 'server-db-below-platform',
      severity: 'error',
      from: { path: `${SERVER}db/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER}(platform|link)/` },
    },
    {
      name: 'server-top-files',
      comment: 'A feature is composed by the top (app.ts, runtime.ts, services.ts); it never imports them.',
      severity: 'error',
      from: { path: `${SERVER}features/`, pathNot: '\\.test\\.ts$|\\.test-support\\.ts$' },
      to: { path: `${SERVER}(app|runtime|services|seed|main)\\.ts$` },
    },
    {
      name: 'web-features-apart',
      comment: 'Web features never import each other; pages and app/ compose them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-front-door',
      comment:
        'Outside a web feature, it is reached through its index.ts, or a page of it (pages/*.tsx: the route entry ' +
        'points app/ loads, lazily or in a route module, so that each page stays a chunk of its own).',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: ['^apps/web/src/features/', '\\.test\\.tsx?$', '^apps/web/src/test/'] },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: '^apps/web/src/features/[^/]+/(index\\.ts|pages/[^/]+\\.tsx)$',
      },
    },
    {
      name: 'web-layers',
      comment: 'lib/ (logic, hooks, API client) and components/ (shared widgets) never import a feature or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|locales)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-lib-below-components',
      severity: 'error',
      from: { path: '^apps/web/src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'apps-apart',
      comment: 'No app imports another; packages import no app.',
      severity: 'error',
      from: { path: '^(apps/([^/]+)|packages)/' },
      to: { path: '^apps/', pathNot: '^apps/$2/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'import', 'types', 'default'] },
  },
};
