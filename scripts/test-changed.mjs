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
  firmware: ['device-detail'],
  live: ['devices-live', 'big-screen'],
  notifications: ['alarm-notifications'],
  preferences: ['tables-fit'],
  'plant-stats': ['plant-detail', 'plant-list', 'big-screen'],
  profile: ['language'],
  records: ['control-records', 'readable-records', 'record-filters'],
  scripts: ['plant-config'],
  tariffs: ['tariff-push', 'plant-config'],
  telemetry: ['devices-live', 'device-detail', 'plant-detail'],
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
    if (configChanged) plan.set(suite, { args: suite.args ?? [], why: ['a manifest or config changed: all of it'] });
    else if (mine.length === 0) plan.set(suite, { skip: 'nothing it imports changed' });
    else
      plan.set(suite, {
        related: mine.filter((f) => existsSync(path.join(root, f))).map((f) => path.join(root, f)),
        why: [`related to ${mine.length} changed file(s)`],
      });
  }
  return { changed, plan };
}
