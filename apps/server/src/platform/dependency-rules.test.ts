import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDependencies } from '../../../../scripts/dependency-check.mjs';

// The import rules `npm run lint` runs (.dependency-cruiser.cjs and scripts/dependency-check.mjs), tried on a small
// tree with the repository's own rule files: each deliberately wrong import below must be refused by its rule, and
// the right ones beside them must pass. (That the real tree passes is lint's job.)
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const S = 'apps/server/src';
const W = 'apps/web/src';

/** The tree: every file, and the rule its import must break (none: it must pass). */
const FILES: { file: string; text: string; breaks?: string }[] = [
  { file: `${S}/main.ts`, text: `import './app.js';\n` },
  { file: `${S}/app.ts`, text: `import { x } from './features/a/index.js';\nexport const app = x;\n` },
  { file: `${S}/features/a/index.ts`, text: `export { x } from './inner.js';\n` },
  { file: `${S}/features/a/inner.ts`, text: `export const x = 1;\n` },
  // Through the front door: fine.
  { file: `${S}/features/ok/index.ts`, text: `import { x } from '../a/index.js';\nexport const y = x;\n` },
  {
    file: `${S}/features/b/index.ts`,
    text: `import { x } from '../a/inner.js';\nexport const b = x;\n`,
    breaks: 'feature-front-door',
  },
  {
    file: `${S}/features/c/late.ts`,
    text: `export const load = () => import('../a/inner.js');\n`,
    breaks: 'feature-front-door',
  },
  {
    file: `${S}/features/d/sub/deep.ts`,
    text: `import { x } from '../../a/inner.js';\nexport const d = x;\n`,
    breaks: 'feature-front-door',
  },
  {
    file: `${S}/runtime.ts`,
    text: `import { x } from './features/a/inner.js';\nexport const r = x;\n`,
    breaks: 'outside-through-front-door',
  },
  {
    file: `${S}/platform/p.ts`,
    text: `import { x } from '../features/a/index.js';\nexport const p = x;\n`,
    breaks: 'server-layers',
  },
  {
    file: `${S}/features/top/index.ts`,
    text: `import { app } from '../../app.js';\nexport const t = app;\n`,
    breaks: 'server-top-files',
  },
  // Two modules that import each other.
  {
    file: `${S}/link/m1.ts`,
    text: `import { m2 } from './m2.js';\nexport const m1 = () => m2;\n`,
    breaks: 'no-circular',
  },
  { file: `${S}/link/m2.ts`, text: `import { m1 } from './m1.js';\nexport const m2 = () => m1;\n` },
  // Features e and f import each other through their front doors, from files that no module cycle joins.
  { file: `${S}/features/e/index.ts`, text: `export const e = 1;\n` },
  { file: `${S}/features/e/one.ts`, text: `import { f } from '../f/index.js';\nexport const one = f;\n` },
  { file: `${S}/features/f/index.ts`, text: `export const f = 2;\n` },
  { file: `${S}/features/f/two.ts`, text: `import { e } from '../e/index.js';\nexport const two = e;\n` },
  {
    file: `${W}/lib/l.ts`,
    text: `import { C } from '../components/c';\nexport const l = C;\n`,
    breaks: 'web-lib-below-components',
  },
  { file: `${W}/components/c.ts`, text: `export const C = 1;\n` },
  {
    file: `${W}/lib/server.ts`,
    text: `import { app } from '../../../server/src/app.js';\nexport const w = app;\n`,
    breaks: 'apps-apart',
  },
  {
    file: 'packages/p/src/q.ts',
    text: `import { app } from '../../../apps/server/src/app.js';\nexport const q = app;\n`,
    breaks: 'apps-apart',
  },
  {
    file: `${W}/features/g/g.ts`,
    text: `import { h } from '../h/h';\nexport const g = h;\n`,
    breaks: 'web-features-apart',
  },
  { file: `${W}/features/h/h.ts`, text: `export const h = 1;\n` },
  { file: `${W}/features/h/index.ts`, text: `export { h } from './h';\n` },
  { file: `${W}/features/h/pages/h-page.tsx`, text: `export default function HPage() {\n  return null;\n}\n` },
  // The shell through the front door and to a page (a route entry point): fine; to a component: refused.
  {
    file: `${W}/app/shell.ts`,
    text: `import { h } from '../features/h/index';\nexport const s = h;\nexport const page = () => import('../features/h/pages/h-page');\n`,
  },
  {
    file: `${W}/app/menu.ts`,
    text: `import { h } from '../features/h/h';\nexport const m = h;\n`,
    breaks: 'web-front-door',
  },
];

let dir: string;
let result: Awaited<ReturnType<typeof checkDependencies>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'));
  for (const f of ['.dependency-cruiser.cjs', 'tsconfig.depcruise.json', 'tsconfig.base.json'])
    cpSync(path.join(ROOT, f), path.join(dir, f));
  for (const { file, text } of FILES) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  result = await checkDependencies({ baseDir: dir });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the import rules', () => {
  it.each(FILES.filter((f) => f.breaks))('refuses $file ($breaks)', ({ file, breaks }) => {
    expect(result.violations.filter((v) => v.from === file).map((v) => v.rule)).toContain(breaks);
  });

  it('lets every other import pass', () => {
    const wrong = new Set(FILES.filter((f) => f.breaks).map((f) => f.file));
    expect(result.violations.filter((v) => !wrong.has(v.from))).toEqual([]);
  });

  it('finds the cycle between two features that no module cycle shows', () => {
    expect(result.cycles.map((c) => c.units)).toEqual([['server:features/e', 'server:features/f']]);
  });
});
