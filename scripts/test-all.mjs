// The single test command (`npm test`): runs every suite, side by side where the cores allow, prints each suite's
// output whole when it ends, then a summary. The very last line of stdout is exactly "N passed, N failed" (", N skipped" appended when
// tests were skipped), summed over all suites. Exit code 1 when any test failed or any suite crashed (a crashed
// suite counts as 1 failed).
//
//   node scripts/test-all.mjs                  all suites
//   node scripts/test-all.mjs domain server    only the named suites: domain, web, osim, simulator, server,
//                                              server-pg, e2e (one per further workspace: its folder name)
//   node scripts/test-all.mjs --changed [REF]  the quick loop (`npm run test:quick`): only what the files changed
//                                              since REF (default: the last commit, plus uncommitted and new
//                                              files) can affect: each workspace's tests that import them
//                                              (`vitest related`), on PGlite only, and the journeys of the touched
//                                              features after a fresh build (scripts/test-changed.mjs)
//
// How suites share the two cores (docs/development.md): a suite that keeps both busy (the PGlite server suite, the
// journeys and the component tests) runs alone; the small unit suites run two at a time, beside the PostgreSQL server
// suite, whose multi-process tests leave the cores idle for long stretches. Measured:
// the journeys' Chromium (which raises its own priority) beside a server suite starved the multi-process server
// tests into their time limits, and the two together took no less time than one after the other.
//
// Environment: CI (set → a missing PostgreSQL server counts as a failure), VOLTFLEET_TEST_CORES (the cores suites
// may take at once, default 2), VOLTFLEET_SUITE_TIMEOUT_S (default 1800, per suite), VOLTFLEET_PG_BIN (PostgreSQL
// bin folder; default the newest /usr/lib/postgresql/*/bin).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresUnavailableReason, startPostgres } from './pg-harness.mjs';
import { changedPlan } from './test-changed.mjs';
import { countPlaywright, countVitest, summary } from './test-reports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// 1800 s: the longest suite, the journeys, took 800 s on a 2-core machine (and 18 minutes with other work beside it);
// the limit only catches a hung suite, so it is wide.
const SUITE_TIMEOUT_MS = Number(process.env.VOLTFLEET_SUITE_TIMEOUT_S || 1800) * 1000;
const CORES = Math.max(1, Number(process.env.VOLTFLEET_TEST_CORES) || 2);
const IN_CI = Boolean(process.env.CI) && !['0', 'false'].includes(String(process.env.CI).toLowerCase());

const out = (line = '') => process.stdout.write(`${line}\n`);
const started = Date.now();
const clock = () => `+${Math.round((Date.now() - started) / 1000)}s`;

/** True when a folder holds at least one *.test.* / *.spec.* file (outside node_modules and dist). */
function hasTestFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((e) => {
    if (e.isDirectory())
      return !['node_modules', 'dist', '.git'].includes(e.name) && hasTestFiles(path.join(dir, e.name));
    return /\.(test|spec)\.[cm]?[jt]sx?$/.test(e.name);
  });
}

const withoutDatabaseUrl = () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
};

/**
 * The suites, in the order they start in. `cores`: how many it keeps busy (default all of them: it runs
 * alone). `runner` is vitest (default) or playwright. `skip()` returns a reason to skip (and whether skipping counts
 * as a failure); `setup()` may start services and return { env, teardown }.
 */
const SUITES = [
  {
    name: 'server',
    // Both projects of apps/server/vitest.config.ts: the engine-free files (run only here) and the database files
    // on PGlite.
    title: 'server (engine-free + PGlite)',
    cwd: 'apps/server',
    env: withoutDatabaseUrl,
  },
  {
    name: 'e2e',
    title: 'e2e (journeys in Chromium)',
    cwd: '.',
    runner: 'playwright',
    args: ['--config', 'e2e/playwright.config.ts'],
    skip: () =>
      existsSync(path.join(ROOT, 'apps/server/dist/main.js')) && existsSync(path.join(ROOT, 'apps/web/dist/index.html'))
        ? undefined
        : { reason: 'the journeys need the production build: run "npm run build" first', fail: true },
  },
  {
    name: 'server-pg',
    // Only the database project: the engine-free files prove nothing more on another engine
    // (apps/server/vitest.config.ts says which they are and how the list is kept honest).
    title: 'server (native PostgreSQL)',
    cwd: 'apps/server',
    args: ['--project', 'database'],
    // Counted as one core, so the small unit suites listed next run beside it: its multi-process tests wait much of
    // the time (an SMTP outage of a real minute, restarts, reconnects), and vmstat showed the cores up to 78 % idle
    // while they did. The component tests wait for both cores.
    cores: 1,
    skip: () => {
      const why = postgresUnavailableReason();
      if (!why) return undefined;
      return {
        reason: `the native-PostgreSQL suite was not run: ${why}${IN_CI ? ' (counted as failed: CI must run it)' : ''}`,
        fail: IN_CI,
      };
    },
    setup: async (log) => {
      const pg = await startPostgres({ log: (line) => log(`[pg-harness] ${line}`) });
      return { env: { ...process.env, DATABASE_URL: pg.url }, teardown: () => pg.stop() };
    },
  },
  { name: 'domain', title: 'domain', cwd: 'packages/domain', cores: 1 },
];

/** Started after the unit suites (they go beside the PostgreSQL run; this one needs both cores). */
const WEB = {
  name: 'web',
  title: 'web (unit and components)',
  cwd: 'apps/web',
  skip: () => (hasTestFiles(path.join(ROOT, 'apps/web')) ? undefined : { reason: 'apps/web has no tests yet' }),
};

/**
 * Workspaces of the root package.json that the list above does not cover (e.g. packages/simulator, packages/osim):
 * each becomes a suite at the end, run when it has test files, so new packages are never silently left out.
 */
function extraWorkspaceSuites() {
  let patterns = [];
  try {
    patterns = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces ?? [];
  } catch {
    return [];
  }
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    try {
      return readdirSync(path.join(ROOT, parent), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `${parent}/${e.name}`);
    } catch {
      return [];
    }
  });
  const covered = new Set([...SUITES, WEB].map((s) => s.cwd));
  return dirs
    .map((dir) => dir.replace(/\/+$/, ''))
    .filter((dir) => !covered.has(dir) && existsSync(path.join(ROOT, dir, 'package.json')))
    .map((dir) => ({
      name: path.basename(dir),
      title: dir,
      cwd: dir,
      cores: 1,
      skip: () => (hasTestFiles(path.join(ROOT, dir)) ? undefined : { reason: `${dir} has no tests yet` }),
    }));
}
SUITES.push(...extraWorkspaceSuites(), WEB);

/** The executable of a package's bin nearest to a folder (what `npx` would run), else npx itself. */
function binCommand(cwd, pkg, file) {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules', pkg, file);
    if (existsSync(bin)) return { cmd: process.execPath, pre: [bin], shown: pkg };
    if (dir === path.dirname(dir) || dir === path.dirname(ROOT)) break;
  }
  return { cmd: 'npx', pre: ['--no-install', pkg], shown: `npx ${pkg}` };
}

const running = new Set();
let interrupted = false;

function onSignal(signal) {
  if (interrupted) {
    for (const child of running) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    process.exit(130);
  }
  interrupted = true;
  out(`\n[test-all] ${signal}: stopping the running suites`);
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  }
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

/**
 * Runs one test process with its output going to `logFile`; resolves with its exit code (or a note when it had to
 * be killed).
 */
function runProcess({ cwd, cmd, pre, shown = cmd, args, env, log, logStream }) {
  log(`[test-all] ${path.relative(ROOT, cwd) || '.'}$ ${[shown, ...args].join(' ')}`);
  return new Promise((resolve) => {
    // Own process group, so a timeout can take down the runner's workers and anything the tests started.
    const child = spawn(cmd, [...pre, ...args], {
      cwd,
      env: { ...env, FORCE_COLOR: env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    child.stdout.pipe(logStream, { end: false });
    child.stderr.pipe(logStream, { end: false });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`[test-all] suite timed out after ${SUITE_TIMEOUT_MS / 1000} s, stopping it`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 10_000).unref();
    }, SUITE_TIMEOUT_MS);
    const done = (result) => {
      clearTimeout(timer);
      running.delete(child);
      resolve(result);
    };
    child.on('error', (error) => done({ code: -1, note: `could not start the test runner: ${error.message}` }));
    child.on('close', (code, signal) => {
      if (timedOut) done({ code: code ?? -1, note: `timed out after ${SUITE_TIMEOUT_MS / 1000} s` });
      else if (signal) done({ code: -1, note: `killed by ${signal}` });
      else done({ code: code ?? -1 });
    });
  });
}

async function runSuite(suite, tmp, quick) {
  const logFile = path.join(tmp, `${suite.name}.log`);
  const logStream = createWriteStream(logFile);
  const log = (line) => logStream.write(`${line}\n`);
  const t0 = Date.now();
  const finish = async (result) => {
    await new Promise((resolve) => logStream.end(resolve));
    return { ...result, ms: Date.now() - t0, logFile };
  };
  for (const line of quick?.why ?? []) log(`[test-all] quick: ${line}`);
  const skip = quick?.skip ? { reason: quick.skip } : suite.skip?.();
  if (skip) {
    log(`[test-all] ${skip.fail ? 'NOT RUN' : 'skipped'}: ${skip.reason}`);
    return finish(
      skip.fail
        ? { passed: 0, failed: 1, skipped: 0, note: skip.reason }
        : { skippedSuite: true, note: `skipped: ${skip.reason}` },
    );
  }
  let env = suite.env ? suite.env() : process.env;
  let teardown;
  if (suite.setup) {
    try {
      ({ env, teardown } = await suite.setup(log));
    } catch (error) {
      log(`[test-all] setup failed: ${error instanceof Error ? error.message : String(error)}`);
      return finish({ passed: 0, failed: 1, skipped: 0, note: 'crashed: setup failed (see above)' });
    }
  }
  const jsonFile = path.join(tmp, `${suite.name}.json`);
  const cwd = path.join(ROOT, suite.cwd);
  const suiteArgs = quick?.args ?? suite.args ?? [];
  try {
    if (quick?.build) {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const build = await runProcess({ cwd: ROOT, cmd: npm, pre: [], args: ['run', 'build'], env, log, logStream });
      if (build.code !== 0) return finish({ passed: 0, failed: 1, skipped: 0, note: 'crashed: the build failed' });
    }
    if (suite.runner === 'playwright') {
      const { cmd, pre } = binCommand(cwd, '@playwright/test', 'cli.js');
      const run = await runProcess({
        cwd,
        cmd,
        pre,
        shown: 'playwright',
        args: ['test', ...suiteArgs],
        env: { ...env, E2E_JSON_REPORT: jsonFile },
        log,
        logStream,
      });
      return finish(countPlaywright(jsonFile, run));
    }
    const { cmd, pre, shown } = binCommand(cwd, 'vitest', 'vitest.mjs');
    const how = quick?.related ? ['related', '--run', '--passWithNoTests', ...quick.related] : ['run', ...suiteArgs];
    const args = [...how, '--reporter=default', '--reporter=json', `--outputFile=${jsonFile}`];
    const run = await runProcess({ cwd, cmd, pre, shown, args, env, log, logStream });
    return finish(countVitest(ROOT, jsonFile, run));
  } finally {
    if (teardown) {
      try {
        await teardown();
      } catch (error) {
        out(`[test-all] ${suite.name}: teardown failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const changedAt = argv.indexOf('--changed');
  let quick;
  if (changedAt >= 0) {
    const ref =
      argv[changedAt + 1] && !SUITES.some((s) => s.name === argv[changedAt + 1]) ? argv[changedAt + 1] : undefined;
    argv.splice(changedAt, ref ? 2 : 1);
    quick = changedPlan(ROOT, SUITES, ref);
    out(`[test-all] quick loop: ${quick.changed.length} file(s) changed since ${ref ?? 'the last commit'}`);
    if (quick.changed.length === 0) out('[test-all] nothing changed: nothing to run');
  }
  const wanted = argv;
  const unknown = wanted.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const selected = wanted.length > 0 ? SUITES.filter((s) => wanted.includes(s.name)) : SUITES;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'voltfleet-test-'));
  const results = new Map();
  out(`[test-all] ${selected.length} suite(s) on ${CORES} core(s): ${selected.map((s) => s.name).join(', ')}`);
  try {
    const queue = [...selected];
    const jobs = new Set();
    let busy = 0;
    const coresOf = (suite) => Math.min(CORES, suite.cores ?? CORES);
    const run = async (suite) => {
      out(`[test-all ${clock()}] ${suite.name}: started`);
      const result = await runSuite(suite, tmp, quick?.plan.get(suite));
      // The suite's whole output at once, so two suites' lines never interleave.
      out('');
      out(`=== suite: ${suite.title} (${(result.ms / 1000).toFixed(1)} s) ===`);
      process.stdout.write(readFileSync(result.logFile, 'utf8'));
      out(`[test-all ${clock()}] ${suite.name}: ended`);
      results.set(suite, result);
    };
    while (queue.length > 0 || jobs.size > 0) {
      // Start suites in order while their cores are free; then wait for one to end.
      while (queue.length > 0 && (jobs.size === 0 || busy + coresOf(queue[0]) <= CORES)) {
        const suite = queue.shift();
        if (interrupted) {
          results.set(suite, { skippedSuite: true, note: 'not run: interrupted' });
          continue;
        }
        busy += coresOf(suite);
        const job = run(suite).finally(() => {
          busy -= coresOf(suite);
          jobs.delete(job);
        });
        jobs.add(job);
      }
      if (jobs.size > 0) await Promise.race(jobs);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const { lines, total } = summary(
    selected.map((suite) => ({ suite, result: results.get(suite) })),
    Math.round((Date.now() - started) / 1000),
  );
  for (const line of lines) out(line);
  if (interrupted) total.failed = Math.max(total.failed, 1);
  process.exitCode = interrupted ? 130 : total.failed > 0 ? 1 : 0;
  out(`${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`);
}

await main();
