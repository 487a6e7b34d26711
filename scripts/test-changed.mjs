// The quick loop's plan (`npm run test:quick`, i.e. `node scripts/test-all.mjs --changed [REF]`): from the files
// changed since REF (default: the last commit, plus uncommitted and new files), what each suite of test-all.mjs
// runs. A workspace's vitest suite runs `vitest related` on the changed files it can import (its own and its
// workspace dependencies'), on PGlite only; the journeys of the touched features run after a fresh build.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The workspaces: folder, package name, and the folders of the workspace packages it imports (transitively). */
function workspaceGraph(root, suites) {
  const dirs = suites.filter((s) => s.cwd !== '.').map((s) => s.cwd);
  const byName = new Map();
  const direct = new Map();
  for (const dir of new Set(dirs)) {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    byName.set(pkg.name, dir);
    direct.set(dir, Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));
  }
  const reach = (dir, seen = new Set([dir])) => {
    for (const name of direct.get(dir) ?? []) {
      const dep = byName.get(name);
      if (dep && !seen.has(dep)) {
        seen.add(dep);
        reach(dep, seen);
      }
    }
    return seen;
  };
  return new Map([...direct.keys()].map((dir) => [dir, reach(dir)]));
}

/** Files changed since `ref` (default HEAD: the uncommitted ones) plus new untracked ones, relative to root. */
function changedFiles(root, ref = 'HEAD') {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return [...new Set([...git('diff', '--name-only', ref), ...git('ls-files', '--others', '--exclude-standard')])];
}

/**
 * Which journeys a feature folder's change reaches, beyond the journeys whose file name holds the feature's name
 * (alarms → alarms, alarm-notifications; devices → device-detail, devices-live, …).
 */
const JOURNEYS_OF_FEATURE = {
  auth: ['login', 'logout', 'password-reset', 'register', 'forbidden'],
  demo: ['devices-live', 'big-screen'],
  'device-detail': ['device-detail', 'devices-live'],
  firmware: ['device-detail'],
  live: ['devices-live', 'big-screen'],
  notifications: ['alarm-notifications'],
  preferences: ['tables-fit'],
  'plant-stats': ['plant-detail', 'plant-list', 'big-screen'],
  profile: ['language'],
  records: ['control-records', 'readable-records', 'record-filters'],
  registration: ['register', 'password-reset'],
  scripts: ['plant-config'],
  tariffs: ['tariff-push', 'plant-config'],
  telemetry: ['devices-live', 'device-detail', 'plant-detail'],
  'user-admin': ['user-admin'],
  users: ['user-admin'],
};
/** The journeys that pass through the shell every page shares: run when shared code changed. */
const SHELL_JOURNEYS = ['login', 'menus', 'language'];

/** The journey files (e2e/NAME.e2e.ts) a set of changed files reaches, and why. */
function journeysFor(root, changed) {
  const all = readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => f.slice(0, -'.e2e.ts'.length));
  const flat = (name) => name.replace(/-/g, '').replace(/s$/, '');
  const picked = new Set();
  const why = [];
  for (const file of changed) {
    if (/^e2e\/(support\/|playwright\.config)/.test(file)) return { journeys: all, why: [`${file}: every journey`] };
    const own = /^e2e\/(.+)\.e2e\.ts$/.exec(file);
    if (own) {
      if (all.includes(own[1])) picked.add(own[1]);
      continue;
    }
    const feature = /^apps\/(?:web|server)\/src\/features\/([^/]+)\//.exec(file)?.[1];
    if (feature) {
      const named = all.filter((j) => flat(j).includes(flat(feature)));
      for (const j of [...named, ...(JOURNEYS_OF_FEATURE[feature] ?? [])]) if (all.includes(j)) picked.add(j);
      continue;
    }
    if (/^(apps\/(web|server)|packages\/[^/]+)\/src\//.test(file) && !/\.test\.tsx?$/.test(file)) {
      for (const j of SHELL_JOURNEYS) picked.add(j);
      why.push(`${file}: shared code, the shell's journeys`);
    }
  }
  return { journeys: [...picked].sort(), why };
}

const SERVER_SRC = 'apps/server/src';
const FEATURE_OF = /^apps\/server\/src\/features\/([^/]+)\//;
const isTest = (file) => /\.test\.[cm]?tsx?$/.test(file);

/** The TypeScript files below `dir` (relative to root), recursively. */
function sourceFiles(root, dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.[cm]?tsx?$/.test(e.name))
    .map((e) =>
      path
        .relative(root, path.join(e.parentPath ?? e.path, e.name))
        .split(path.sep)
        .join('/'),
    );
}

/** Whether a source file imports anything of feature `name` (`../name/…` from a feature, `features/name/…` else). */
function importsFeature(text, name) {
  return new RegExp(`from '(?:\\.\\./${name}/|[./]*features/${name}/)`).test(text);
}

/**
 * The server tests a change confined to the server's feature folders can reach, read from the imports: the changed
 * features' own tests, the tests of the features whose code imports one of them, the other server tests (src/test,
 * src/platform, src/link) that import one directly, and the route-wide checks when a route file changed. Every
 * database test builds the whole app, so `vitest related` picks nearly all of them (1,065 tests for a comment in
 * roles, 274 s); `npm test` still runs every one. Undefined when the change reaches the server otherwise (shared
 * code, a workspace package): then `vitest related` decides.
 */
export function serverFeatureTests(root, changed) {
  const server = changed.filter((f) => f.startsWith(`${SERVER_SRC}/`));
  const features = new Set();
  for (const file of server) {
    const feature = FEATURE_OF.exec(file)?.[1];
    if (!feature) return undefined;
    features.add(feature);
  }
  if (features.size === 0) return undefined;
  const files = sourceFiles(root, SERVER_SRC);
  const read = (file) => readFileSync(path.join(root, file), 'utf8');
  const reached = new Set(features);
  for (const file of files) {
    const owner = FEATURE_OF.exec(file)?.[1];
    if (!owner || reached.has(owner) || isTest(file)) continue;
    const text = read(file);
    if ([...features].some((f) => importsFeature(text, f))) reached.add(owner);
  }
  const tests = files.filter((file) => {
    if (!isTest(file) || !existsSync(path.join(root, file))) return false;
    const owner = FEATURE_OF.exec(file)?.[1];
    if (owner) return reached.has(owner);
    const text = read(file);
    return [...reached].some((f) => importsFeature(text, f));
  });
  if (server.some((f) => f.endsWith('.routes.ts')))
    for (const check of ['openapi-scope', 'openapi-hostile', 'openapi-fuzz'])
      tests.push(`${SERVER_SRC}/platform/${check}.test.ts`);
  return { features: [...reached].sort(), tests: [...new Set(tests)].sort() };
}

/**
 * What each suite runs in the quick loop: `args` replacing the suite's own, or `skip` with the reason. A workspace's
 * vitest suite runs `vitest related` on the changed files it can import (its own and its workspace dependencies');
 * a changed config or package manifest runs it whole.
 */
export function changedPlan(root, suites, ref) {
  const changed = changedFiles(root, ref);
  const graph = workspaceGraph(root, suites);
  const rootChanged = changed.some((f) => /^(package\.json|package-lock\.json|tsconfig\.base\.json)$/.test(f));
  const plan = new Map();
  for (const suite of suites) {
    if (suite.name === 'server-pg') {
      plan.set(suite, { skip: 'the quick loop runs the server suite on PGlite only; npm test runs both engines' });
      continue;
    }
    if (suite.runner === 'playwright') {
      const { journeys, why } = journeysFor(root, changed);
      if (journeys.length === 0) plan.set(suite, { skip: 'no change reaches a journey' });
      else
        plan.set(suite, {
          args: [...suite.args, ...journeys.map((j) => `e2e/${j}.e2e.ts`)],
          build: true,
          why: [...why, `journeys: ${journeys.join(', ')}`],
        });
      continue;
    }
    const reach = graph.get(suite.cwd) ?? new Set([suite.cwd]);
    const mine = changed.filter((f) => [...reach].some((dir) => f.startsWith(`${dir}/`)));
    const configChanged =
      rootChanged ||
      mine.some((f) => f.startsWith(`${suite.cwd}/`) && /^[^/]+\/[^/]+\/[^/]+\.(json|[cm]?[jt]s)$/.test(f));
    const narrowed = suite.name === 'server' && !configChanged ? serverFeatureTests(root, mine) : undefined;
    if (configChanged) plan.set(suite, { args: suite.args ?? [], why: ['a manifest or config changed: all of it'] });
    else if (mine.length === 0) plan.set(suite, { skip: 'nothing it imports changed' });
    else if (narrowed && mine.every((f) => f.startsWith(`${SERVER_SRC}/`)))
      plan.set(suite, {
        args: narrowed.tests.map((f) => path.relative(suite.cwd, f)),
        why: [
          `${narrowed.tests.length} test file(s) of the features ${narrowed.features.join(', ')} and their importers`,
        ],
      });
    else
      plan.set(suite, {
        related: mine.filter((f) => existsSync(path.join(root, f))).map((f) => path.join(root, f)),
        why: [`related to ${mine.length} changed file(s)`],
      });
  }
  return { changed, plan };
}
