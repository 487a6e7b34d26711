// The import rules (docs/architecture.md), run by `npm run lint`: dependency-cruiser's rules
// (.dependency-cruiser.cjs: front doors, no module cycles) and, on top, no cycle between folders, which a module-level
// check cannot see (feature A's file x imports B, B's file y imports A: no module cycle, yet two features that cannot
// be understood or changed apart). Prints each violation and each folder cycle; exits 1 if there is any.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** The roots cruised: every app and package. */
export const ROOTS = ['apps', 'packages'];

/**
 * The folder a module belongs to, for the folder-cycle check: a feature (server or web), a first-level folder of an
 * app's src (link, platform, db, app, components, lib, …), a top-level file of an app's src on its own, or a package.
 */
export function unitOf(modulePath) {
  const p = modulePath.split(path.sep).join('/');
  let m = p.match(/^apps\/([^/]+)\/src\/features\/([^/]+)\//);
  if (m) return `${m[1]}:features/${m[2]}`;
  m = p.match(/^apps\/([^/]+)\/src\/([^/]+)\//);
  if (m) return `${m[1]}:${m[2]}`;
  m = p.match(/^apps\/([^/]+)\/(?:src\/)?([^/]+)$/);
  if (m) return `${m[1]}:${m[2]}`;
  m = p.match(/^packages\/([^/]+)\//);
  if (m) return `package:${m[1]}`;
  return null;
}

/** Tests and their support sit above everything they test (a harness builds the whole app): not part of the layers. */
export const isTestModule = (p) => /\.test\.tsx?$|\.test-support\.tsx?$|(^|\/)src\/test\/|(^|\/)e2e\//.test(p);

/** Every cycle between folders (strongly connected sets of two or more), each as a path that closes on itself. */
export function folderCycles(modules) {
  const edges = new Map();
  for (const mod of modules) {
    const from = unitOf(mod.source);
    if (!from || isTestModule(mod.source)) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    for (const dep of mod.dependencies) {
      const to = unitOf(dep.resolved);
      if (!to || to === from || dep.coreModule || dep.couldNotResolve || isTestModule(dep.resolved)) continue;
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${mod.source} → ${dep.resolved}`);
    }
  }
  // Tarjan's strongly connected components.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  // For each component, the arrows inside it with one import that makes each, so a reader knows where to cut.
  return components.map((units) => {
    const inside = new Set(units);
    const arrows = [];
    for (const u of units)
      for (const [w, example] of edges.get(u) ?? []) if (inside.has(w)) arrows.push({ from: u, to: w, example });
    return { units, arrows };
  });
}

/** Cruises `paths` under `baseDir` with the repository's rules. */
export async function checkDependencies({ baseDir = process.cwd(), paths = ROOTS } = {}) {
  const cwd = process.cwd();
  process.chdir(baseDir);
  try {
    const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    const tsConfig = extractTSConfig(options.tsConfig.fileName);
    const result = await cruise(paths, { ...options, validate: true }, undefined, { tsConfig });
    const { modules, summary } = result.output;
    const violations = summary.violations.map((v) => ({
      rule: v.rule.name,
      from: v.from,
      to: v.to,
      cycle: v.cycle?.map((c) => c.name ?? c),
    }));
    return { violations, cycles: folderCycles(modules), modules: modules.length };
  } finally {
    process.chdir(cwd);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { violations, cycles, modules } = await checkDependencies();
  for (const v of violations)
    console.log(`✗ ${v.rule}: ${v.from} → ${v.to}${v.cycle ? `\n    ${[v.from, ...v.cycle].join('\n    → ')}` : ''}`);
  for (const c of cycles) {
    console.log(`✗ folder cycle: ${c.units.join(', ')}`);
    for (const a of c.arrows) console.log(`    ${a.from} → ${a.to}  (${a.example})`);
  }
  console.log(`dependencies: ${modules} modules, ${violations.length} rule violations, ${cycles.length} folder cycles`);
  process.exitCode = violations.length + cycles.length > 0 ? 1 : 0;
}
